// Walks the fields of one sentence body in order, parses them from bytes, and makes errors
// that name the sentence, the field number and the field.

/// Reads the comma-separated fields of one sentence body, one after another.
///
/// Each reading method moves to the next field first, so a decoder reads a sentence top to
/// bottom. A sentence that ends early reads as empty fields (absent values). Errors name the
/// field last read (``number``, the address being field 0).
@usableFromInline
struct FieldReader {
  /// The body: the address and the data fields, without `$`, `*hh` and the line end.
  @usableFromInline let bytes: UnsafeRawBufferPointer
  /// Where the next field starts; beyond `bytes.count` once the last field was read.
  @usableFromInline var nextStart = 0
  /// The number of the field last read (the address is 0).
  @usableFromInline var number = -1
  /// Bounds of the field last read.
  @usableFromInline var start = 0
  @usableFromInline var end = 0
  /// Whether a bad field is recorded and left absent instead of thrown (see ``salvage(_:_:)``).
  @usableFromInline var salvaging = false
  /// How many fields (or groups of fields) were lost while salvaging. The first one's error is
  /// the one the strict decoding threw (fields are read in order); only a count is kept here,
  /// so that the reader stays a plain value the optimiser keeps in registers.
  @usableFromInline var spoiledCount = 0

  /// Starts a reader on `body` whose address field, already found, ends at `addressEnd`.
  @inlinable @inline(__always)
  init(_ body: UnsafeRawBufferPointer, addressEnd: Int) {
    bytes = body
    number = 0
    start = 0
    end = addressEnd
    nextStart = addressEnd + 1
  }

  /// Moves to the next field (an empty one when the sentence has no more).
  ///
  /// Finds the comma eight bytes at a time (a SWAR zero-byte test) while eight bytes remain.
  @inline(__always)
  mutating func advance() {
    number &+= 1
    let count = bytes.count
    var index = nextStart
    if index > count {
      start = count
      end = count
      return
    }
    start = index
    if let base = bytes.baseAddress {
      let ones: UInt64 = 0x0101_0101_0101_0101
      while index &+ 8 <= count {
        let word = (base + index).loadUnaligned(as: UInt64.self) ^ (ones &* 0x2C)
        let commas = (word &- ones) & ~word & (ones &* 0x80)
        if commas != 0 {
          index &+= commas.trailingZeroBitCount &>> 3
          end = index
          nextStart = index &+ 1
          return
        }
        index &+= 8
      }
      while index < count && base.load(fromByteOffset: index, as: UInt8.self) != 0x2C {
        index &+= 1
      }
    }
    end = index
    nextStart = index &+ 1
  }

  /// Whether the field last read is empty.
  @inline(__always)
  var isEmpty: Bool { start == end }

  /// Whether fields follow the one last read.
  @inline(__always)
  var hasMoreFields: Bool { nextStart <= bytes.count }

  /// How many fields follow the one last read.
  func remainingFieldCount() -> Int {
    guard hasMoreFields else { return 0 }
    var commas = 0
    for index in nextStart..<bytes.count where bytes[index] == UInt8(ascii: ",") { commas += 1 }
    return commas + 1
  }

  /// The first byte of the field last read, when it is exactly one byte long.
  @inline(__always)
  var singleByte: UInt8? { end - start == 1 ? bytes[start] : nil }

  // MARK: Errors (kept out of line: they build strings)

  /// The address field as text.
  var addressText: String {
    var index = 0
    while index < bytes.count && bytes[index] != UInt8(ascii: ",") { index += 1 }
    return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<index]), as: UTF8.self)
  }

  /// An error about the field last read, or about `field` when given.
  @inline(never)
  func error(
    _ code: NMEAError.Code, _ name: StaticString, _ detail: String,
    field: (number: Int, start: Int, end: Int)? = nil
  ) -> NMEAError {
    let (fieldNumber, low, high) = field ?? (number, start, end)
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[low..<high]), as: UTF8.self)
    let reason: String
    switch code {
    case .malformed: reason = "\"\(text)\" is not \(detail)"
    case .outOfRange: reason = "\"\(text)\" is out of range: \(detail)"
    case .missing, .noChecksum: reason = "\(detail)"
    }
    return NMEAError(
      code: code, address: addressText, field: fieldNumber, fieldName: name.description,
      reason: reason)
  }

  /// An out-of-range error for the field last read: `must be 1 to 12`.
  @inline(never)
  func rangeError(_ name: StaticString, _ range: ClosedRange<Int>) -> NMEAError {
    error(.outOfRange, name, "must be \(range.lowerBound) to \(range.upperBound)")
  }

  // MARK: Letters and integers

  /// The next field as one letter, or `nil` when empty.
  @inline(__always)
  mutating func letter(_ name: StaticString) throws(NMEAError) -> UInt8? {
    advance()
    if isEmpty { return nil }
    guard let byte = singleByte, isLetter(byte) else {
      throw error(.malformed, name, "a single letter")
    }
    return byte
  }

  /// The next field as `A` (valid) or `V` (void), either case.
  @inline(__always)
  mutating func status(_ name: StaticString) throws(NMEAError) -> DataStatus? {
    advance()
    if isEmpty { return nil }
    switch singleByte.map({ $0 & 0xDF }) {
    case UInt8(ascii: "A"): return .valid
    case UInt8(ascii: "V"): return .void
    default: throw error(.malformed, name, "A or V")
    }
  }

  /// The next field as an FAA mode letter.
  @inline(__always)
  mutating func mode(_ name: StaticString) throws(NMEAError) -> FAAMode? {
    try letter(name).map { FAAMode($0) }
  }

  /// The next field as a navigational status letter.
  @inline(__always)
  mutating func navigationStatus(_ name: StaticString) throws(NMEAError) -> NavigationStatus? {
    try letter(name).map { NavigationStatus($0) }
  }

  /// The next field as a decimal integer within `range` (a sign only when the range allows
  /// negative values), or `nil` when empty.
  @inline(__always)
  mutating func integer(
    _ name: StaticString, _ range: ClosedRange<Int>
  ) throws(NMEAError) -> Int? {
    advance()
    return try currentInteger(name, range)
  }

  /// The field last read as an integer (see ``integer(_:_:)``).
  @inline(__always)
  func currentInteger(_ name: StaticString, _ range: ClosedRange<Int>) throws(NMEAError) -> Int? {
    if start == end { return nil }
    var index = start
    var negative = false
    let first = bytes[index]
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      guard range.lowerBound < 0 else { throw error(.malformed, name, "an integer") }
      negative = first == UInt8(ascii: "-")
      index &+= 1
      guard index < end else { throw error(.malformed, name, "an integer") }
    }
    guard end &- index <= 18 else { throw error(.outOfRange, name, "too many digits") }
    var value = 0
    while index < end {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { throw error(.malformed, name, "an integer") }
      value = value &* 10 &+ Int(digit)
      index &+= 1
    }
    if negative { value = -value }
    guard range.contains(value) else { throw rangeError(name, range) }
    return value
  }

  /// The next field as a required integer: like ``integer(_:_:)`` but empty is an error.
  @inline(__always)
  mutating func requiredInteger(
    _ name: StaticString, _ range: ClosedRange<Int>
  ) throws(NMEAError) -> Int {
    guard let value = try integer(name, range) else { throw error(.missing, name, "empty") }
    return value
  }

  /// The next field as a one-digit hexadecimal ID (NMEA 4.11 system and signal IDs), `nil`
  /// when empty. A value with a decimal point is ignored (`nil`): the SiRF TriG sends a DOP
  /// there (`beidou-bd.log`).
  @inline(__always)
  mutating func hexDigitID(_ name: StaticString) throws(NMEAError) -> UInt8? {
    advance()
    return try currentHexDigitID(name)
  }

  /// The field last read as a hexadecimal ID (see ``hexDigitID(_:)``).
  @inline(__always)
  func currentHexDigitID(_ name: StaticString) throws(NMEAError) -> UInt8? {
    if isEmpty { return nil }
    if let byte = singleByte, let value = hexValue(byte) { return value }
    for index in start..<end where bytes[index] == UInt8(ascii: ".") { return nil }
    throw error(.malformed, name, "a hexadecimal digit")
  }

  /// Checks that the next field is empty or the unit letter `unit` (either case): `M` for
  /// metres, `N` for knots, `K` for km/h, `T` for true.
  @inline(__always)
  mutating func unit(_ name: StaticString, _ unit: UInt8) throws(NMEAError) {
    advance()
    guard isEmpty || singleByte.map({ $0 & 0xDF }) == unit else {
      throw unitError(name, unit)
    }
  }

  /// The error for a wrong unit letter.
  @inline(never)
  func unitError(_ name: StaticString, _ unit: UInt8) -> NMEAError {
    error(.malformed, name, "\(Character(Unicode.Scalar(unit)))")
  }
}

/// `A`–`Z` or `a`–`z`.
@inline(__always)
func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
