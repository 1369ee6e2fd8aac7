/// A parsed JSON document (RFC 8259), read by ``parse(_:maximumDepth:)``: what the GeoJSON
/// readers walk and what gpsd's requests carry. A small strict reader on bytes, without
/// Foundation (whose `JSONDecoder` alone made a third of the static `locate`).
public enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number (`1e999` reads as infinity: see ``number``).
  case number(Double)
  /// A string, its escapes resolved (invalid UTF-8 is repaired with U+FFFD).
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object's members by name (a repeated name: the last wins).
  case object([String: JSONValue])

  /// Parses `bytes`: one value, spaces around it allowed, nothing else after it.
  /// - Parameter maximumDepth: how deeply arrays and objects may nest (a hostile file of
  ///   nested brackets is an error, not a stack overflow).
  /// - Throws: a ``JSONError`` naming what is malformed.
  public static func parse(
    _ bytes: ArraySlice<UInt8>, maximumDepth: Int = 64
  ) throws(JSONError) -> JSONValue {
    var scanner = JSONScanner(bytes, maximumDepth: maximumDepth)
    let value = try scanner.value(depth: 0)
    scanner.skipSpaces()
    guard scanner.atEnd else { throw JSONError("text after the value") }
    return value
  }

  /// Parses `bytes`; `nil` when they are not JSON.
  public static func parse(_ bytes: [UInt8]) -> JSONValue? {
    try? parse(bytes[...])
  }

  /// The member `key` of an object (`nil` for anything else).
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The members of an object.
  public var object: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// The elements of an array.
  public var array: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The text of a string.
  public var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// A number (not `true` or `false`), finite.
  public var number: Double? {
    if case .number(let value) = self, value.isFinite { return value }
    return nil
  }
}

/// What is wrong with a JSON text.
public struct JSONError: Error, Equatable, Sendable {
  /// What was found wrong, e.g. "unterminated string".
  public let message: String

  /// An error saying `message`.
  public init(_ message: String) { self.message = message }
}
