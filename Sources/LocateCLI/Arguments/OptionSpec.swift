/// One option a command accepts.
struct OptionSpec: Sendable, Hashable {
  /// Whether and how the option takes a value.
  enum Kind: Sendable, Hashable {
    /// `--verbose`: no value.
    case flag
    /// `--timeout SECONDS` or `--timeout=SECONDS`: always a value (which may start with `-`).
    case value(String)
    /// `--realtime[=SPEED]`: a value only in the `=` form.
    case optionalValue(String)
  }

  /// The long name without dashes (`timeout`).
  var long: String
  /// The short letter (`t` for `-t`), if any.
  var short: Character?
  /// Flag or value.
  var kind: Kind
  /// Whether every occurrence is kept (otherwise the last one wins).
  var repeatable = false
  /// The help text, one line.
  var help: String

  /// `-t, --timeout SECONDS` as shown in help.
  var synopsis: String {
    var text = short.map { "-\($0), " } ?? "    "
    text += "--" + long
    switch kind {
    case .flag: break
    case .value(let placeholder): text += " " + placeholder
    case .optionalValue(let placeholder): text += "[=" + placeholder + "]"
    }
    return text
  }

  /// Whether the next argument is consumed as the value.
  var takesValue: Bool {
    if case .value = kind { return true }
    return false
  }
}

extension OptionSpec {
  static func flag(_ long: String, _ short: Character? = nil, _ help: String) -> OptionSpec {
    OptionSpec(long: long, short: short, kind: .flag, help: help)
  }

  static func value(
    _ long: String, _ short: Character? = nil, _ placeholder: String, _ help: String,
    repeatable: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, kind: .value(placeholder), repeatable: repeatable, help: help)
  }
}
