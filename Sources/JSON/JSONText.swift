/// JSON and number spelling shared by every format.
package enum JSONText {
  /// A JSON string literal with the escapes RFC 8259 requires (and the terminal-safe ones:
  /// see ``JSONStringWriter``).
  package static func string(_ value: String) -> String {
    var text = TextBytes()
    text.appendJSONString(value)
    return text.string
  }

  /// `value` with exactly `places` decimals, never `-0.000`.
  package static func fixed(_ value: Double, _ places: Int) -> String {
    var text = TextBytes()
    text.appendFixed(value, places: places)
    return text.string
  }

  /// The shortest decimal text that reads back as `value` (`48.3538`, not `48.353800000`).
  package static func shortest(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }
}
