/// A JSON object written member by member in a fixed order (gpsd's order for TPV and SKY),
/// leaving out absent and non-finite values. Built as bytes (see ``TextBytes``): gpsd's
/// objects from `locate watch --json` and `locate serve` (VERSION, DEVICE, WATCH, POLL…),
/// GeoJSON's and the other formats' objects.
package struct JSONObject {
  @usableFromInline
  var buffer: TextBytes

  /// An empty object (`{}` until members are added).
  @inlinable
  package init() {
    buffer = TextBytes(capacity: 384)
    buffer.append(UInt8(ascii: "{"))
  }

  /// An empty object written into `storage`'s memory, which it takes (leaving `storage`
  /// empty): a writer that reuses one array for each of its objects allocates once, not per
  /// object (``appendLine(to:)`` hands the memory back when its output is empty).
  @inlinable
  package init(reusing storage: inout [UInt8]) {
    // Swapped straight into place: a local copy in between held a second reference until the
    // end of the scope, and the first append copied the memory instead of reusing it.
    buffer = TextBytes()
    swap(&buffer.bytes, &storage)
    buffer.bytes.removeAll(keepingCapacity: true)
    buffer.append(UInt8(ascii: "{"))
  }

  /// An object whose first member is `"class":NAME`, as gpsd's objects start.
  package init(class name: String) {
    self.init()
    add("class", name)
  }

  /// Starts a member: the comma before it and its key. Keys are literals of plain ASCII (no
  /// quote, backslash or control to escape), so their bytes are copied as they are.
  @inlinable @inline(__always)
  mutating func key(_ key: StaticString) {
    let comma = buffer.bytes.count > 1
    key.withUTF8Buffer { utf8 in
      // Straight into the array's storage (see ``TextBytes/writeDigits(_:minimumCount:to:)``).
      buffer.bytes.append(addingCapacity: utf8.count + 4) { span in
        Self.writeKey(utf8, comma: comma, to: &span)
      }
    }
  }

  /// Writes a member's start (`,"key":`, without the comma for the first member) into `span`,
  /// which has room for `key.count + 4` more bytes.
  @inlinable @inline(__always)
  static func writeKey(
    _ key: UnsafeBufferPointer<UInt8>, comma: Bool, to span: inout OutputSpan<UInt8>
  ) {
    span.withUnsafeMutableBufferPointer { storage, initialized in
      precondition(initialized + key.count + 4 <= storage.count, "JSONObject: no room")
      // `storage` has room for the member's start, so a base address; so has a key of ≥ 1 byte.
      guard let base = storage.baseAddress else { return }
      initialized &+= writeKey(key, comma: comma, at: base + initialized)
    }
  }

  /// Writes a member's start (`,"key":`, without the comma for the first member) at `target`,
  /// which has room for `key.count + 4` bytes; returns how many it wrote.
  @inlinable @inline(__always)
  static func writeKey(
    _ key: UnsafeBufferPointer<UInt8>, comma: Bool, at target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var index = 0
    if comma {
      target[0] = UInt8(ascii: ",")
      index = 1
    }
    target[index] = UInt8(ascii: "\"")
    copyKey(key, to: target + (index &+ 1))
    index &+= key.count
    target[index &+ 1] = UInt8(ascii: "\"")
    target[index &+ 2] = UInt8(ascii: ":")
    return index &+ 3
  }

  /// Copies `key`'s bytes to `target`: two overlapping loads and stores of 2 or 4 bytes for
  /// keys of 2 to 8 bytes (every key of gpsd's objects), never reading beyond the key, where a
  /// byte at a time took a loop of a dozen instructions per key.
  @inlinable @inline(__always)
  static func copyKey(_ key: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
    let count = key.count
    guard count > 1, let source = key.baseAddress else {
      if count == 1 { target.pointee = key[0] }
      return
    }
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(target)
    if count <= 3 {
      let head = from.loadUnaligned(as: UInt16.self)
      let tail = from.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
      to.storeBytes(of: head, as: UInt16.self)
      to.storeBytes(of: tail, toByteOffset: count &- 2, as: UInt16.self)
    } else if count <= 8 {
      let head = from.loadUnaligned(as: UInt32.self)
      let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
      to.storeBytes(of: head, as: UInt32.self)
      to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
    } else {
      to.copyMemory(from: from, byteCount: count)
    }
  }

  /// A string member.
  @inlinable @inline(__always)
  package mutating func add(_ key: StaticString, _ value: String?) {
    guard let value else { return }
    self.key(key)
    buffer.appendJSONString(value)
  }

  /// A number member with a fixed number of decimals (gpsd's `%.Nf`).
  @inlinable @inline(__always)
  package mutating func add(_ key: StaticString, _ value: Double?, places: Int) {
    guard let value, value.isFinite else { return }
    guard let (units, divisor) = TextBytes.fixedUnits(value, places: places) else {
      self.key(key)
      return buffer.appendFixed(value, places: places)
    }
    // Key and number in one reservation of the array's storage (one uniqueness and capacity
    // check where the key and the number took one each).
    let comma = buffer.bytes.count > 1
    key.withUTF8Buffer { utf8 in
      buffer.bytes.append(addingCapacity: utf8.count + 4 + 32) { span in
        Self.writeKey(utf8, comma: comma, to: &span)
        TextBytes.writeFixed(
          units, negative: value < 0, places: places, divisor: divisor, to: &span)
      }
    }
  }

  /// A number member written as the shortest text that reads back as the same `Double`.
  @inlinable
  package mutating func add(_ key: StaticString, shortest value: Double?) {
    guard let value, value.isFinite else { return }
    self.key(key)
    buffer.append(JSONText.shortest(value))
  }

  /// An integer member.
  @inlinable @inline(__always)
  package mutating func add(_ key: StaticString, _ value: Int?) {
    guard let value else { return }
    let comma = buffer.bytes.count > 1
    key.withUTF8Buffer { utf8 in
      // Key, sign and at most 20 digits in one reservation, as numbers with decimals.
      buffer.bytes.append(addingCapacity: utf8.count + 4 + 21) { span in
        Self.writeKey(utf8, comma: comma, to: &span)
        if value < 0 { span.append(UInt8(ascii: "-")) }
        TextBytes.writeDigits(value.magnitude, minimumCount: 1, to: &span)
      }
    }
  }

  /// A Boolean member.
  @inlinable
  package mutating func add(_ key: StaticString, _ value: Bool) {
    self.key(key)
    buffer.append(value ? "true" : "false")
  }

  /// A time member: `seconds` since 1970 as ISO 8601 UTC with milliseconds
  /// (``TextBytes/appendISO8601(secondsSince1970:)``).
  package mutating func add(_ key: StaticString, secondsSince1970 value: Double?) {
    guard let value else { return }
    self.key(key)
    buffer.append(UInt8(ascii: "\""))
    buffer.appendISO8601(secondsSince1970: value)
    buffer.append(UInt8(ascii: "\""))
  }

  /// A member whose value is already JSON text (an array or object).
  package mutating func add(_ key: StaticString, raw value: String) {
    self.key(key)
    buffer.append(value)
  }

  /// A member whose value is already JSON text, as bytes (an array or object).
  package mutating func add(_ key: StaticString, raw value: some Sequence<UInt8>) {
    self.key(key)
    buffer.bytes.append(contentsOf: value)
  }

  /// The object's text as bytes.
  @inlinable
  package var bytes: [UInt8] {
    var closed = buffer
    closed.append(UInt8(ascii: "}"))
    return closed.bytes
  }

  /// The object's text.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The object and gpsd's line end for objects from a server, CR LF: Python's `gps` client
  /// reads only objects that end in `}\r\n`.
  package consuming func crlfLine() -> [UInt8] {
    buffer.append(UInt8(ascii: "}"))
    buffer.append(UInt8(ascii: "\r"))
    buffer.append(UInt8(ascii: "\n"))
    return buffer.bytes
  }

  /// Appends the object and a line end (LF) to `output` (taking the object's own bytes,
  /// without a copy, when `output` is empty).
  @inlinable
  package consuming func appendLine(to output: inout [UInt8]) {
    buffer.append(UInt8(ascii: "}"))
    buffer.append(UInt8(ascii: "\n"))
    if output.isEmpty {
      output = buffer.bytes
    } else {
      output.append(contentsOf: buffer.bytes)
    }
  }
}
