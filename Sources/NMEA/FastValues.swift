// Times, dates and coordinates for the fast path (see FastFields): well-formed fields only.

extension FastFields {
  /// The next field as a time `hhmmss[.s…]` into `value` (`nil` when empty); `false` for
  /// anything else.
  @inline(__always)
  mutating func time(_ value: inout UTCTime?) -> Bool {
    let first = index
    if first >= count || base[first] == UInt8(ascii: ",") {
      index = first &+ 1
      value = nil
      return true
    }
    guard first &+ 6 <= count, let hour = twoDigits(first), let minute = twoDigits(first &+ 2),
      let second = twoDigits(first &+ 4), hour < 24, minute < 60, second <= 60
    else { return false }
    var position = first &+ 6
    var nanosecond: UInt32 = 0
    if position < count && base[position] == UInt8(ascii: ".") {
      position &+= 1
      var scale: UInt32 = 100_000_000
      while position < count {
        let digit = base[position] &- UInt8(ascii: "0")
        if digit >= 10 { break }
        nanosecond &+= UInt32(digit) &* scale
        scale /= 10
        position &+= 1
      }
    }
    if position < count && base[position] != UInt8(ascii: ",") { return false }
    index = position &+ 1
    value = UTCTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
    return true
  }

  /// The next field as an RMC date `ddmmyy` into `value` (`nil` when empty); `false` for
  /// anything else.
  @inline(__always)
  mutating func date(_ value: inout NMEADate?) -> Bool {
    let first = index
    if first >= count || base[first] == UInt8(ascii: ",") {
      index = first &+ 1
      value = nil
      return true
    }
    guard first &+ 6 <= count, first &+ 6 == count || base[first &+ 6] == UInt8(ascii: ","),
      let day = twoDigits(first), let month = twoDigits(first &+ 2),
      let year = twoDigits(first &+ 4), month >= 1, month <= 12
    else { return false }
    let fullYear = Int16(year) &+ (year >= 80 ? 1900 : 2000)
    guard day >= 1, day <= daysInMonth(month, fullYear) else { return false }
    index = first &+ 7
    value = NMEADate(year: fullYear, month: month, day: day)
    return true
  }

  /// The next two fields as a coordinate and its upper-case hemisphere letter (see
  /// FieldReader.coordinate) into `value`; `false` for anything unusual.
  @inline(__always)
  mutating func coordinate(
    _ value: inout Double?, limit: UInt64, positive: UInt8, negative: UInt8
  ) -> Bool {
    guard let (mantissa, digits, point) = digitsAndPoint(from: index) else { return false }
    guard let hemisphere = character() else { return false }
    if digits == 0 {
      value = nil
      return point < 0 && (hemisphere == 0 || hemisphere == positive || hemisphere == negative)
    }
    guard digits <= 15, hemisphere == positive || hemisphere == negative else { return false }
    let scale = integerPowersOfTen[point < 0 ? 0 : digits &- point]
    let whole = mantissa / (100 &* scale)
    let minutes = mantissa % (100 &* scale)
    guard minutes < 60 &* scale, whole < limit || (whole == limit && minutes == 0) else {
      return false
    }
    let numerator = whole &* 60 &* scale &+ minutes
    let denominator = 60 &* scale
    guard numerator < 1 << 53, denominator < 1 << 53 else { return false }
    let degrees = Double(numerator) / Double(denominator)
    value = degrees == 0 || hemisphere == positive ? degrees : -degrees
    return true
  }

  /// The two decimal digits at `position` as a number, or `nil`.
  @inline(__always)
  func twoDigits(_ position: Int) -> UInt8? {
    let high = base[position] &- UInt8(ascii: "0")
    let low = base[position &+ 1] &- UInt8(ascii: "0")
    return high < 10 && low < 10 ? high &* 10 &+ low : nil
  }
}
