/// Output text built as UTF-8 bytes: numbers, times and JSON strings appended without a
/// `String` or a format string per value (`String(format:)` went through Foundation's
/// formatter and a dynamic cast per number: half the time of `locate watch --json`). The one
/// byte writer of every text `locate` writes: gpsd's objects (`locate watch --json` and
/// `locate serve`), GeoJSON, CSV, GPX and the human formats.
package struct TextBytes {
  /// The bytes so far.
  package var bytes: [UInt8] = []

  /// Empty text.
  @inlinable
  package init() {}

  /// Text that starts with `capacity` bytes reserved.
  package init(capacity: Int) { bytes.reserveCapacity(capacity) }

  /// The text as a `String`.
  package var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends one ASCII byte.
  @inlinable @inline(__always)
  package mutating func append(_ byte: UInt8) { bytes.append(byte) }

  /// Appends text as is.
  package mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends a JSON string literal: RFC 8259's escapes, and DEL, C1 and the bidirectional
  /// controls escaped too (terminal-safe: see `JSONStringWriter`).
  package mutating func appendJSONString(_ value: String) {
    JSONStringWriter.append(value, to: &bytes)
  }

  /// Appends an integer in decimal.
  @inlinable
  package mutating func append(_ value: Int) {
    if value < 0 {
      append(UInt8(ascii: "-"))
      appendDigits(value.magnitude, minimumCount: 1)
    } else {
      appendDigits(UInt(value), minimumCount: 1)
    }
  }

  /// Appends `value`'s decimal digits, padded with zeros to `minimumCount` (at most 20).
  @inlinable
  package mutating func appendDigits(_ value: UInt, minimumCount: Int) {
    bytes.append(addingCapacity: 20) { span in
      Self.writeDigits(value, minimumCount: minimumCount, to: &span)
    }
  }

  /// Writes `value`'s decimal digits, padded with zeros to `minimumCount` (at most 20), into
  /// `span`, which has room for 20 more bytes. Numbers are written straight into the array's
  /// storage, last digit first, one capacity check for each: `append(_:)` per byte checked
  /// each time, and `append(contentsOf:)` of a slice went through a generic copy and `memcpy`
  /// (most of the instructions of `watch --json`'s numbers).
  @inlinable @inline(__always)
  static func writeDigits(
    _ value: UInt, minimumCount: Int, to span: inout OutputSpan<UInt8>
  ) {
    var count = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      count &+= 1
    }
    if count < minimumCount { count = min(minimumCount, 20) }
    write(count, to: &span) { start in
      writeBackward(value, digits: count, endingAt: start + count)
    }
  }

  /// Writes `value`'s decimal digits at `start`, which has room for 20 bytes; returns how
  /// many it wrote.
  @inlinable @inline(__always)
  static func writeDigits(_ value: UInt, at start: UnsafeMutablePointer<UInt8>) -> Int {
    var count = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      count &+= 1
    }
    writeBackward(value, digits: count, endingAt: start + count)
    return count
  }

  /// Initializes the next `count` (≥ 1) bytes of `span` through `body`, which gets their start
  /// and must write every one of them: the reserve-and-write prologue of every number written
  /// straight into the array's storage.
  @inlinable @inline(__always)
  static func write(
    _ count: Int, to span: inout OutputSpan<UInt8>,
    _ body: (UnsafeMutablePointer<UInt8>) -> Void
  ) {
    span.withUnsafeMutableBufferPointer { buffer, initialized in
      let start = initialized
      let end = start + count
      precondition(end <= buffer.count, "TextBytes: no room for the digits")
      initialized = end
      // `buffer` has at least `end` ≥ 1 bytes, so a base address.
      guard let base = buffer.baseAddress else { return }
      body(base + start)
    }
  }

  /// "00", "01", … "99": the two digits of each number below 100, in order.
  @usableFromInline
  static let digitPairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

  /// Writes the last `digits` decimal digits of `value` (zero-padded) into the `digits` bytes
  /// before `end`, two at a time from a table of pairs (half the divisions and stores of a
  /// digit at a time). The caller owns those bytes.
  @inlinable @inline(__always)
  static func writeBackward(_ value: UInt, digits: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
    let pairs = digitPairs.utf8Start
    var value = value
    var position = end
    var left = digits
    while left >= 2 {
      // 0…198: the pair's first digit in the 200-byte table.
      let pair = Int(truncatingIfNeeded: value % 100) &* 2
      value /= 100
      position -= 2
      position[0] = pairs[pair]
      position[1] = pairs[pair &+ 1]
      left &-= 2
    }
    if left == 1 {
      (position - 1).pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
    }
  }
}
