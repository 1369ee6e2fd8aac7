import FoundationEssentials
import JSON
import NMEA
import Platform

/// Output text built as UTF-8 bytes: numbers, times and JSON strings appended without a
/// `String` or a format string per value (`String(format:)` went through Foundation's
/// formatter and a dynamic cast per number: half the time of `locate watch --json`).
struct TextBytes {
  /// The bytes so far.
  var bytes: [UInt8] = []

  init() {}

  /// Text that starts with `capacity` bytes reserved.
  init(capacity: Int) { bytes.reserveCapacity(capacity) }

  /// The text as a `String`.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends one ASCII byte.
  @inline(__always)
  mutating func append(_ byte: UInt8) { bytes.append(byte) }

  /// Appends text as is.
  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends a JSON string literal: RFC 8259's escapes, and DEL, C1 and the bidirectional
  /// controls escaped too (terminal-safe: see `JSONStringWriter`).
  mutating func appendJSONString(_ value: String) {
    JSONStringWriter.append(value, to: &bytes)
  }

  /// Appends an integer in decimal.
  mutating func append(_ value: Int) {
    if value < 0 {
      append(UInt8(ascii: "-"))
      appendDigits(value.magnitude, minimumCount: 1)
    } else {
      appendDigits(UInt(value), minimumCount: 1)
    }
  }

  /// Appends `value`'s decimal digits, padded with zeros to `minimumCount` (at most 20).
  mutating func appendDigits(_ value: UInt, minimumCount: Int) {
    bytes.append(addingCapacity: 20) { span in
      Self.writeDigits(value, minimumCount: minimumCount, to: &span)
    }
  }

  /// Writes `value`'s decimal digits, padded with zeros to `minimumCount` (at most 20), into
  /// `span`, which has room for 20 more bytes. Numbers are written straight into the array's
  /// storage, last digit first, one capacity check for each: `append(_:)` per byte checked
  /// each time, and `append(contentsOf:)` of a slice went through a generic copy and `memcpy`
  /// (most of the instructions of `watch --json`'s numbers).
  @inline(__always)
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
    span.withUnsafeMutableBufferPointer { buffer, initialized in
      let start = initialized
      let end = start + count
      precondition(end <= buffer.count, "TextBytes: no room for the digits")
      initialized = end
      // `buffer` has at least `end` ≥ 1 bytes, so a base address.
      guard let base = buffer.baseAddress else { return }
      writeBackward(value, digits: count, endingAt: base + end)
    }
  }

  /// "00", "01", … "99": the two digits of each number below 100, in order.
  private static let digitPairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

  /// Writes the last `digits` decimal digits of `value` (zero-padded) into the `digits` bytes
  /// before `end`, two at a time from a table of pairs (half the divisions and stores of a
  /// digit at a time). The caller owns those bytes.
  @inline(__always)
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

  /// Writes `units` / `divisor` (10^`places`) with exactly `places` decimals (at least one
  /// digit before the point, no point with no places) into `span`, which has room for 30 more
  /// bytes (`units` < 10^16, `places` ≤ 12): the whole part and the zero-padded fraction, each
  /// two digits at a time; only the whole part's digits are counted.
  @inline(__always)
  static func writeFixed(
    _ units: UInt, places: Int, divisor: UInt, to span: inout OutputSpan<UInt8>
  ) {
    let whole = units / divisor
    let fraction = units &- whole &* divisor
    var wholeDigits = 1
    var rest = whole
    while rest >= 10 {
      rest /= 10
      wholeDigits &+= 1
    }
    let count = places > 0 ? wholeDigits + 1 + places : wholeDigits
    span.withUnsafeMutableBufferPointer { buffer, initialized in
      let start = initialized
      let end = start + count
      precondition(end <= buffer.count, "TextBytes: no room for the digits")
      initialized = end
      // `buffer` has at least `end` ≥ 1 bytes, so a base address.
      guard let base = buffer.baseAddress else { return }
      let point = base + start + wholeDigits
      if places > 0 {
        writeBackward(fraction, digits: places, endingAt: base + end)
        point.pointee = UInt8(ascii: ".")
      }
      writeBackward(whole, digits: wholeDigits, endingAt: point)
    }
  }

  /// Appends `value` with exactly `places` decimals, as C's `%.Nf` prints it (the exact
  /// binary value rounded half to even), but never `-0.000`. Non-finite values are not
  /// numbers in JSON: callers leave them out.
  mutating func appendFixed(_ value: Double, places: Int) {
    if places >= 0, places < Self.powersOfTen.count, value.isFinite {
      let scale = Self.powersOfTen[places]
      let magnitude = value.magnitude
      let scaled = magnitude * scale
      if scaled < 4.0e15 {
        // Round the exact product magnitude × scale = scaled + error (both exact: a fused
        // multiply-add gives the product's rounding error) half to even. `scaled - units` is
        // exact; only on a tie of `scaled` does the error decide.
        var units = scaled.rounded(.toNearestOrEven)
        let error = (-scaled).addingProduct(magnitude, scale)
        let fraction = scaled - units
        if fraction == 0.5 && error > 0 {
          units += 1
        } else if fraction == -0.5 && error < 0 {
          units -= 1
        }
        let whole = UInt(units)
        // At most a sign, 16 digits, a point and 12 decimals.
        bytes.append(addingCapacity: 32) { span in
          if value < 0 && whole != 0 { span.append(UInt8(ascii: "-")) }
          Self.writeFixed(whole, places: places, divisor: UInt(scale), to: &span)
        }
        return
      }
    }
    append(Self.formatted(value, places: places))
  }

  private static let powersOfTen: [Double] = [
    1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
  ]

  /// The C library's `%.Nf`, without a minus sign on a zero.
  static func formatted(_ value: Double, places: Int) -> String {
    let text = CFormat.string("%.\(places)f", value)
    if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
      return String(text.dropFirst())
    }
    return text
  }

  /// Appends an ISO 8601 UTC time with milliseconds, as gpsd writes it:
  /// `2024-05-01T12:00:00.000Z` (`invalid` for a time beyond ±3 million years).
  mutating func appendISO8601(_ date: Date) {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.toNearestOrEven)
    guard milliseconds.isFinite, milliseconds.magnitude < 1e17 else {
      append("invalid")
      return
    }
    let total = Int64(milliseconds)
    let (days, inDay) = total.floorDivided(by: 86_400_000)
    // 0000-01-01 ... 9999-12-31: four-digit years; anything else is rare enough for Foundation.
    guard days >= -719_528, days <= 2_932_896 else {
      append(TimeText.formattedISO8601(total))
      return
    }
    let civil = NMEADate(daysSince1970: Int(days))
    let seconds = inDay / 1000
    appendDigits(UInt(civil.year), minimumCount: 4)
    append(UInt8(ascii: "-"))
    appendDigits(UInt(civil.month), minimumCount: 2)
    append(UInt8(ascii: "-"))
    appendDigits(UInt(civil.day), minimumCount: 2)
    append(UInt8(ascii: "T"))
    appendDigits(UInt(seconds / 3600), minimumCount: 2)
    append(UInt8(ascii: ":"))
    appendDigits(UInt(seconds / 60 % 60), minimumCount: 2)
    append(UInt8(ascii: ":"))
    appendDigits(UInt(seconds % 60), minimumCount: 2)
    append(UInt8(ascii: "."))
    appendDigits(UInt(inDay % 1000), minimumCount: 3)
    append(UInt8(ascii: "Z"))
  }
}
