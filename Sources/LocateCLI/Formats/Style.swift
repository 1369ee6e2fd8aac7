/// Terminal colour for human output: on only when writing to a terminal, off with `--no-color`
/// or `NO_COLOR` (no-color.org).
struct Style: Sendable, Hashable {
  /// Whether escape sequences are written.
  var color: Bool

  /// No colour.
  static let plain = Style(color: false)

  /// Bold text.
  func bold(_ text: String) -> String { color ? "\u{1B}[1m" + text + "\u{1B}[0m" : text }
  /// Dim text.
  func dim(_ text: String) -> String { color ? "\u{1B}[2m" + text + "\u{1B}[0m" : text }
  /// Green text (a good state).
  func green(_ text: String) -> String { color ? "\u{1B}[32m" + text + "\u{1B}[0m" : text }
  /// Yellow text (a warning state).
  func yellow(_ text: String) -> String { color ? "\u{1B}[33m" + text + "\u{1B}[0m" : text }
  /// Red text (a refusal).
  func red(_ text: String) -> String { color ? "\u{1B}[31m" + text + "\u{1B}[0m" : text }

  /// Whether colour is wanted: a terminal, no `--no-color`, and `NO_COLOR` unset or empty.
  static func decide(isTerminal: Bool, noColorOption: Bool, environment: [String: String])
    -> Style
  {
    let disabled = noColorOption || !(environment["NO_COLOR"] ?? "").isEmpty
    return Style(color: isTerminal && !disabled && environment["TERM"] != "dumb")
  }
}
