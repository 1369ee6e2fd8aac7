/// An option declared once: the ``OptionSpec`` that help, parsing and the agreement test read
/// (``spec``). Commands ask ``ParsedArguments`` through these declarations only, never by name.
protocol DeclaredOption: Sendable {
  /// The option as help and the parser see it.
  var spec: OptionSpec { get }
}

/// A flag: given or not (``ParsedArguments/has(_:)``).
struct FlagOption: DeclaredOption {
  var spec: OptionSpec

  /// `--long` (and `-short`), with its help line.
  init(_ long: String, _ short: Character? = nil, _ help: String) {
    spec = .flag(long, short, help)
  }

  /// The same flag, with a command's own help line.
  func described(_ help: String) -> FlagOption {
    var flag = self
    flag.spec.help = help
    return flag
  }
}

/// An option with a value, and how its text becomes a `Value`, with ``ValueParsing``'s one-line
/// usage errors (``ParsedArguments/value(_:)``, ``ParsedArguments/all(_:)``).
struct TypedOption<Value>: DeclaredOption {
  private(set) var spec: OptionSpec
  /// Turns the option's text into its value; the option's long name comes first.
  let convert: @Sendable (String, String, ValueParsing) throws(LocateError) -> Value

  /// An option of `kind` whose text `convert` turns into its value.
  init(
    spec: OptionSpec,
    _ convert: @escaping @Sendable (String, String, ValueParsing) throws(LocateError) -> Value
  ) {
    self.spec = spec
    self.convert = convert
  }

  /// The same option, with a command's own help line.
  func described(_ help: String) -> TypedOption {
    var option = self
    option.spec.help = help
    return option
  }

  /// `--long VALUE` (and `-short VALUE`).
  init(
    _ long: String, _ short: Character? = nil, _ placeholder: String, _ help: String,
    repeatable: Bool = false,
    _ convert: @escaping @Sendable (String, String, ValueParsing) throws(LocateError) -> Value
  ) {
    self.init(
      spec: .value(long, short, placeholder, help, repeatable: repeatable), convert)
  }
}

extension TypedOption where Value == String {
  /// `--long TEXT`, taken as it is.
  static func text(
    _ long: String, _ short: Character? = nil, _ placeholder: String, _ help: String,
    repeatable: Bool = false
  ) -> TypedOption {
    TypedOption(long, short, placeholder, help, repeatable: repeatable) { _, text, _ in text }
  }
}

extension TypedOption where Value == Double {
  /// `--long SECONDS`: more than 0, at most ``ValueParsing/largest``.
  static func seconds(_ long: String, _ short: Character? = nil, _ help: String, example: String)
    -> TypedOption
  {
    TypedOption(long, short, "SECONDS", help) { name, text, values throws(LocateError) in
      try values.seconds(name, text, example: example)
    }
  }

  /// `--long NUMBER`: more than 0, at most ``ValueParsing/largest``, of `what`.
  static func positive(
    _ long: String, _ short: Character? = nil, _ placeholder: String, _ help: String,
    what: String, example: String
  ) -> TypedOption {
    TypedOption(long, short, placeholder, help) { name, text, values throws(LocateError) in
      try values.positive(name, text, what: what, example: example)
    }
  }

  /// `--long NUMBER` in `range`, of `what`.
  static func number(
    _ long: String, _ short: Character? = nil, _ placeholder: String, _ help: String,
    in range: ClosedRange<Double>, what: String, example: String
  ) -> TypedOption {
    TypedOption(long, short, placeholder, help) { name, text, values throws(LocateError) in
      try values.number(name, text, in: range, what: what, example: example)
    }
  }
}

extension TypedOption where Value == Int {
  /// `--long N`, a whole number in `range`.
  static func integer(
    _ long: String, _ short: Character? = nil, _ placeholder: String, _ help: String,
    in range: ClosedRange<Int>, example: String
  ) -> TypedOption {
    TypedOption(long, short, placeholder, help) { name, text, values throws(LocateError) in
      try values.integer(name, text, in: range, example: example)
    }
  }
}

extension TypedOption {
  /// `--long WORD`, one of `choices` (any case).
  static func choice(
    _ long: String, _ short: Character? = nil, _ placeholder: String, _ help: String,
    _ choices: [(String, Value)]
  ) -> TypedOption where Value: Sendable {
    TypedOption(long, short, placeholder, help) { name, text, values throws(LocateError) in
      try values.choice(name, text, choices)
    }
  }
}

/// The arguments of one command after parsing: what each option was given, and the
/// positionals. Options are read through their declarations (``FlagOption``, ``TypedOption``).
struct ParsedArguments: Sendable, Hashable {
  /// Every text given, by long name, in order (flags hold an empty string per occurrence).
  fileprivate(set) var texts: [String: [String]] = [:]
  /// Arguments that are not options, in order.
  var positionals: [String] = []
  /// The command, for ``ValueParsing``'s hints (`see 'locate watch --help'`).
  var command = ""

  /// Records a text for `spec` (the parser; the last one wins unless it repeats).
  mutating func record(_ spec: OptionSpec, _ text: String) {
    if spec.repeatable {
      texts[spec.long, default: []].append(text)
    } else {
      texts[spec.long] = [text]
    }
  }

  /// Whether the option was given.
  func has(_ option: some DeclaredOption) -> Bool { texts[option.spec.long] != nil }

  /// The option's value (its last text, converted), nil when it was not given.
  func value<Value>(_ option: TypedOption<Value>) throws(LocateError) -> Value? {
    guard let text = texts[option.spec.long]?.last else { return nil }
    return try option.convert(option.spec.long, text, ValueParsing(command: command))
  }

  /// Every value given for a repeatable option, in order.
  func all<Value>(_ option: TypedOption<Value>) throws(LocateError) -> [Value] {
    let values = ValueParsing(command: command)
    var all: [Value] = []
    for text in texts[option.spec.long] ?? [] {
      all.append(try option.convert(option.spec.long, text, values))
    }
    return all
  }

  /// The option's text as given (its last), for an option whose value is read in steps.
  func text<Value>(_ option: TypedOption<Value>) -> String? { texts[option.spec.long]?.last }
}

/// A spec stands for its own option where a check goes through several options by their specs.
extension OptionSpec: DeclaredOption {
  var spec: OptionSpec { self }
}
