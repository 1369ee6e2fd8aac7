// Decimal numbers, coordinates, times and dates read by a FieldReader.

/// Exact powers of ten as integers, 10^0 … 10^19.
let integerPowersOfTen: [UInt64] = [
  1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
  10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
  100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
  100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]

/// The range of a signed decimal field without bounds (altitude, geoid separation).
@inline(__always)
var anyNumber: ClosedRange<Double> { -Double.infinity...Double.infinity }

extension FieldReader {
  /// The next field as a decimal number within `range`, or `nil` when empty.
  ///
  /// A sign is accepted only when the range has negative values.
  @inline(__always)
  mutating func decimal(
    _ name: StaticString, _ range: ClosedRange<Double> = 0...Double.infinity
  ) throws(NMEAError) -> Double? {
    advance()
    if isEmpty { return nil }
    guard let digits = scanDecimal(bytes, start, end, signed: range.lowerBound < 0) else {
      throw error(.malformed, name, "a number")
    }
    guard let value = decimalValue(digits, bytes, start, end) else {
      throw error(.outOfRange, name, "more than \(maximumDecimalDigits) digits")
    }
    guard range.contains(value) else { throw decimalRangeError(name, range) }
    return value
  }

  /// An out-of-range error for the decimal field last read.
  @inline(never)
  func decimalRangeError(_ name: StaticString, _ range: ClosedRange<Double>) -> NMEAError {
    if range.lowerBound == 0 { return error(.outOfRange, name, "over \(range.upperBound)") }
    return error(.outOfRange, name, "must be \(range.lowerBound) to \(range.upperBound)")
  }

  /// The next two fields as a latitude (`ddmm.mmmm`, `N`/`S`) in degrees, south negative.
  @inline(__always)
  mutating func latitude(
    _ name: StaticString, _ hemisphereName: StaticString
  ) throws(NMEAError) -> Double? {
    try coordinate(
      name, hemisphereName, limit: 90, positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S"))
  }

  /// The next two fields as a longitude (`dddmm.mmmm`, `E`/`W`) in degrees, west negative.
  @inline(__always)
  mutating func longitude(
    _ name: StaticString, _ hemisphereName: StaticString
  ) throws(NMEAError) -> Double? {
    try coordinate(
      name, hemisphereName, limit: 180, positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"))
  }

  /// A coordinate field and its hemisphere letter (either case).
  ///
  /// Both empty, or only the letter given, is absent. A value without a letter is an error:
  /// its sign is unknown. Degrees and minutes are combined in integers and divided once, so
  /// the result is the double nearest to the exact value.
  @inline(__always)
  mutating func coordinate(
    _ name: StaticString, _ hemisphereName: StaticString, limit: UInt64, positive: UInt8,
    negative: UInt8
  ) throws(NMEAError) -> Double? {
    advance()
    let value = (number: number, start: start, end: end)
    advance()
    var sign = 1.0
    if !isEmpty {
      switch singleByte.map({ $0 & 0xDF }) {
      case positive: break
      case negative: sign = -1
      default:
        throw error(
          .malformed, hemisphereName,
          positive == UInt8(ascii: "N") ? "N or S" : "E or W")
      }
    }
    if value.start == value.end { return nil }
    if isEmpty { throw error(.missing, hemisphereName, "empty while the value is given") }
    guard let digits = scanDecimal(bytes, value.start, value.end, signed: false) else {
      throw error(.malformed, name, "a number", field: value)
    }
    let degrees: Double
    if digits.fitsInMantissa, digits.fractionDigits <= 14 {
      let scale = integerPowersOfTen[digits.fractionDigits]
      let whole = digits.mantissa / (100 * scale)
      let minutes = digits.mantissa % (100 * scale)
      guard minutes < 60 * scale else {
        throw error(.outOfRange, name, "minutes must be below 60", field: value)
      }
      guard whole < limit || (whole == limit && minutes == 0) else {
        throw error(.outOfRange, name, "over \(limit) degrees", field: value)
      }
      let numerator = whole * 60 * scale + minutes
      let denominator = 60 * scale
      if numerator < 1 << 53 && denominator < 1 << 53 {
        degrees = Double(numerator) / Double(denominator)
      } else {
        degrees = roundedQuotient(UInt128(numerator), UInt128(denominator))
      }
    } else {
      degrees = try wideCoordinate(name, value, digits, limit)
    }
    return degrees == 0 ? 0 : sign * degrees
  }

  /// ``coordinate(_:_:limit:positive:negative:)`` for more digits than 64 bits hold.
  @inline(never)
  func wideCoordinate(
    _ name: StaticString, _ value: (number: Int, start: Int, end: Int), _ digits: DecimalDigits,
    _ limit: UInt64
  ) throws(NMEAError) -> Double {
    guard digits.fractionDigits <= 34,
      let mantissa = wideMantissa(digits, bytes, value.start, value.end)
    else { throw error(.outOfRange, name, "too many digits", field: value) }
    let scale = powerOfTen(digits.fractionDigits)
    let whole = mantissa / (100 * scale)
    let minutes = mantissa % (100 * scale)
    guard minutes < 60 * scale else {
      throw error(.outOfRange, name, "minutes must be below 60", field: value)
    }
    guard whole < limit || (whole == UInt128(limit) && minutes == 0) else {
      throw error(.outOfRange, name, "over \(limit) degrees", field: value)
    }
    return roundedQuotient(whole * 60 * scale + minutes, 60 * scale)
  }

  /// The next field as a UTC time `hhmmss[.s…]` (fraction digits beyond nanoseconds are
  /// dropped), or `nil` when empty.
  ///
  /// What follows the seconds and their fraction digits is ignored, as gpsd does: the time of
  /// `222515.x` is 22:25:15 and of `222517 ` (a trailing space) 22:25:17 — the six digits that
  /// matter are intact (the checksum passed), so the fix is not lost for a byte after them.
  /// Fewer than six digits, or a non-digit among them, is malformed.
  @inline(__always)
  mutating func time(_ name: StaticString) throws(NMEAError) -> UTCTime? {
    advance()
    if isEmpty { return nil }
    guard end - start >= 6, let hour = twoDigits(start), let minute = twoDigits(start + 2),
      let second = twoDigits(start + 4)
    else { throw error(.malformed, name, "a time hhmmss.ss") }
    var nanosecond: UInt32 = 0
    if end - start > 7, bytes[start + 6] == UInt8(ascii: ".") {
      var scale: UInt32 = 100_000_000
      for index in (start + 7)..<end {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        nanosecond += UInt32(digit) * scale
        scale /= 10
      }
    }
    guard hour < 24 else { throw error(.outOfRange, name, "hour must be below 24") }
    guard minute < 60 else { throw error(.outOfRange, name, "minute must be below 60") }
    guard second <= 60 else { throw error(.outOfRange, name, "second must be at most 60") }
    return UTCTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
  }

  /// The next field as an RMC date `ddmmyy` (years 80–99 are 1980–1999, 00–79 are 2000–2079),
  /// or `nil` when empty.
  @inline(__always)
  mutating func date(_ name: StaticString) throws(NMEAError) -> NMEADate? {
    advance()
    if isEmpty { return nil }
    guard end - start == 6, let day = twoDigits(start), let month = twoDigits(start + 2),
      let year = twoDigits(start + 4)
    else { throw error(.malformed, name, "a date ddmmyy") }
    let fullYear = Int16(year) + (year >= 80 ? 1900 : 2000)
    guard month >= 1 && month <= 12 else {
      throw error(.outOfRange, name, "month must be 1 to 12")
    }
    guard day >= 1 && day <= daysInMonth(month, fullYear) else {
      throw error(.outOfRange, name, "no such day in that month")
    }
    return NMEADate(year: fullYear, month: month, day: day)
  }

  /// The two decimal digits at `index` as a number, or `nil`.
  @inline(__always)
  func twoDigits(_ index: Int) -> UInt8? {
    let high = bytes[index] &- UInt8(ascii: "0")
    let low = bytes[index + 1] &- UInt8(ascii: "0")
    return high < 10 && low < 10 ? high * 10 + low : nil
  }
}

/// The number of days in `month` (1–12) of `year`, Gregorian.
@inline(__always)
func daysInMonth(_ month: UInt8, _ year: Int16) -> UInt8 {
  switch month {
  case 2:
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    return leap ? 29 : 28
  case 4, 6, 9, 11: return 30
  default: return 31
  }
}
