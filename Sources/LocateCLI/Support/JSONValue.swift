import FoundationEssentials

/// A parsed JSON document (what the GeoJSON readers walk), decoded by `JSONDecoder`.
enum JSONValue: Decodable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Parses `bytes`; nil when they are not JSON.
  static func parse(_ bytes: [UInt8]) -> JSONValue? {
    try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// The member `key` of an object (nil for anything else).
  subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The members of an object.
  var object: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// The elements of an array.
  var array: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The text of a string.
  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// A number (not `true` or `false`), finite.
  var number: Double? {
    if case .number(let value) = self, value.isFinite { return value }
    return nil
  }
}
