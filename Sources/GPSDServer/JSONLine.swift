import JSON

/// One JSON object of gpsd's protocol, written member by member as bytes and ended with gpsd's
/// line end, CR LF (Python's `gps` client reads only objects that end in `}\r\n`).
struct JSONLine {
  private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]

  /// An object whose first member is `"class":NAME`.
  init(class name: String) {
    bytes.reserveCapacity(256)
    add("class", name)
  }

  private mutating func key(_ key: String) {
    if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
    Self.appendString(key, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
  }

  /// A string member.
  mutating func add(_ key: String, _ value: String) {
    self.key(key)
    Self.appendString(value, to: &bytes)
  }

  /// An integer member.
  mutating func add(_ key: String, _ value: Int) {
    self.key(key)
    bytes.append(contentsOf: String(value).utf8)
  }

  /// A Boolean member.
  mutating func add(_ key: String, _ value: Bool) {
    self.key(key)
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// A member whose value is already JSON (an object or an array).
  mutating func add(_ key: String, json value: some Sequence<UInt8>) {
    self.key(key)
    bytes.append(contentsOf: value)
  }

  /// The object, closed, with CR LF.
  var line: [UInt8] { bytes + [UInt8(ascii: "}"), 0x0D, 0x0A] }

  /// The object, closed, without a line end (to nest it in another).
  var object: [UInt8] { bytes + [UInt8(ascii: "}")] }

  /// `value` as a JSON string literal: quotes, backslashes, control characters (C0, DEL, C1)
  /// and bidirectional controls escaped (`JSONStringWriter`, shared with `--json`).
  static func appendString(_ value: String, to bytes: inout [UInt8]) {
    JSONStringWriter.append(value, to: &bytes)
  }
}
