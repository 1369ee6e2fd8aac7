import Foundation

/// A JSON object written member by member in a fixed order (gpsd's order for TPV and SKY),
/// leaving out absent and non-finite values.
struct JSONObject {
  private var members: [String] = []

  init() {}

  /// A string member.
  mutating func add(_ key: String, _ value: String?) {
    guard let value else { return }
    members.append(JSONText.string(key) + ":" + JSONText.string(value))
  }

  /// A number member with a fixed number of decimals (gpsd's `%.Nf`).
  mutating func add(_ key: String, _ value: Double?, places: Int) {
    guard let value, value.isFinite else { return }
    members.append(JSONText.string(key) + ":" + JSONText.fixed(value, places))
  }

  /// A number member written as the shortest text that reads back as the same `Double`.
  mutating func add(_ key: String, shortest value: Double?) {
    guard let value, value.isFinite else { return }
    members.append(JSONText.string(key) + ":" + JSONText.shortest(value))
  }

  /// An integer member.
  mutating func add(_ key: String, _ value: Int?) {
    guard let value else { return }
    members.append(JSONText.string(key) + ":" + String(value))
  }

  /// A Boolean member.
  mutating func add(_ key: String, _ value: Bool) {
    members.append(JSONText.string(key) + ":" + (value ? "true" : "false"))
  }

  /// A member whose value is already JSON text (an array or object).
  mutating func add(_ key: String, raw value: String) {
    members.append(JSONText.string(key) + ":" + value)
  }

  /// The object's text.
  var text: String { "{" + members.joined(separator: ",") + "}" }
}

/// JSON and number spelling shared by every format.
enum JSONText {
  /// A JSON string literal with the escapes RFC 8259 requires.
  static func string(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// `value` with exactly `places` decimals, never `-0.000`.
  static func fixed(_ value: Double, _ places: Int) -> String {
    let text = String(format: "%.\(places)f", value)
    if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
      return String(text.dropFirst())
    }
    return text
  }

  /// The shortest decimal text that reads back as `value` (`48.3538`, not `48.353800000`).
  static func shortest(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }
}
