import FoundationEssentials

/// A JSON object written member by member in a fixed order (gpsd's order for TPV and SKY),
/// leaving out absent and non-finite values. Built as bytes (see ``TextBytes``).
struct JSONObject {
  private var buffer = TextBytes(capacity: 384)

  init() { buffer.append(UInt8(ascii: "{")) }

  /// Starts a member: the comma before it and its key. Keys are literals of plain ASCII (no
  /// quote, backslash or control to escape), so their bytes are copied as they are.
  private mutating func key(_ key: StaticString) {
    let comma = buffer.bytes.count > 1
    key.withUTF8Buffer { utf8 in
      // Straight into the array's storage (see ``TextBytes/writeDigits(_:minimumCount:to:)``).
      buffer.bytes.append(addingCapacity: utf8.count + 4) { span in
        span.withUnsafeMutableBufferPointer { storage, initialized in
          precondition(initialized + utf8.count + 4 <= storage.count, "JSONObject: no room")
          var index = initialized
          if comma {
            storage[index] = UInt8(ascii: ",")
            index &+= 1
          }
          storage[index] = UInt8(ascii: "\"")
          for byte in utf8 {
            index &+= 1
            storage[index] = byte
          }
          storage[index &+ 1] = UInt8(ascii: "\"")
          storage[index &+ 2] = UInt8(ascii: ":")
          initialized = index &+ 3
        }
      }
    }
  }

  /// A string member.
  mutating func add(_ key: StaticString, _ value: String?) {
    guard let value else { return }
    self.key(key)
    buffer.appendJSONString(value)
  }

  /// A number member with a fixed number of decimals (gpsd's `%.Nf`).
  mutating func add(_ key: StaticString, _ value: Double?, places: Int) {
    guard let value, value.isFinite else { return }
    self.key(key)
    buffer.appendFixed(value, places: places)
  }

  /// A number member written as the shortest text that reads back as the same `Double`.
  mutating func add(_ key: StaticString, shortest value: Double?) {
    guard let value, value.isFinite else { return }
    self.key(key)
    buffer.append(JSONText.shortest(value))
  }

  /// An integer member.
  mutating func add(_ key: StaticString, _ value: Int?) {
    guard let value else { return }
    self.key(key)
    buffer.append(value)
  }

  /// A Boolean member.
  mutating func add(_ key: StaticString, _ value: Bool) {
    self.key(key)
    buffer.append(value ? "true" : "false")
  }

  /// A time member, ISO 8601 UTC with milliseconds.
  mutating func add(_ key: StaticString, time value: Date?) {
    guard let value else { return }
    self.key(key)
    buffer.append(UInt8(ascii: "\""))
    buffer.appendISO8601(value)
    buffer.append(UInt8(ascii: "\""))
  }

  /// A member whose value is already JSON text (an array or object).
  mutating func add(_ key: StaticString, raw value: String) {
    self.key(key)
    buffer.append(value)
  }

  /// The object's text as bytes.
  var bytes: [UInt8] {
    var closed = buffer
    closed.append(UInt8(ascii: "}"))
    return closed.bytes
  }

  /// The object's text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends the object and a line end to `output` (taking the object's own bytes, without a
  /// copy, when `output` is empty).
  consuming func appendLine(to output: inout [UInt8]) {
    buffer.append(UInt8(ascii: "}"))
    buffer.append(UInt8(ascii: "\n"))
    if output.isEmpty {
      output = buffer.bytes
    } else {
      output.append(contentsOf: buffer.bytes)
    }
  }
}

/// JSON and number spelling shared by every format.
enum JSONText {
  /// A JSON string literal with the escapes RFC 8259 requires.
  static func string(_ value: String) -> String {
    var text = TextBytes()
    text.appendJSONString(value)
    return text.string
  }

  /// `value` with exactly `places` decimals, never `-0.000`.
  static func fixed(_ value: Double, _ places: Int) -> String {
    var text = TextBytes()
    text.appendFixed(value, places: places)
    return text.string
  }

  /// The shortest decimal text that reads back as `value` (`48.3538`, not `48.353800000`).
  static func shortest(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }
}
