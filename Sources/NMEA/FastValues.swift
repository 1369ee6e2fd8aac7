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
    if wordCoordinate(&value, limit: limit, positive: positive, negative: negative) {
      return true
    }
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

  /// The next two fields as ``coordinate(_:limit:positive:negative:)`` reads them, when
  /// written as receivers write them: 1 to 7 digits (`ddmm`, `dddmm`), a point, 1 to 7
  /// decimals, a comma, the letter `positive` or `negative` and a comma; `false` (nothing
  /// read) for any other shape or an impossible value, which that then reads digit by digit.
  /// What it gives is what that gives: the same numerator and denominator.
  ///
  /// The digits before the point come from one 8-byte load, the decimals from another at the
  /// point, where one SWAR test each finds the first byte that is not a digit (the point, the
  /// comma) and the digits are combined in place, in pairs, fours and eights.
  @inline(__always)
  mutating func wordCoordinate(
    _ value: inout Double?, limit: UInt64, positive: UInt8, negative: UInt8
  ) -> Bool {
    let start = index
    guard start &+ 8 <= count else { return false }
    let first = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
    let firstDigits = first ^ 0x3030_3030_3030_3030
    let firstOthers = Self.notDigits(firstDigits)
    // The lowest byte flagged is the first that is not a digit (no carry comes into a byte
    // from digits below it); none flagged is eight digits, left to the general reader.
    let point = firstOthers.trailingZeroBitCount &>> 3
    guard point >= 1, point <= 7,
      UInt8(truncatingIfNeeded: first &>> UInt64(point &<< 3)) == UInt8(ascii: ".")
    else { return false }
    let fractionStart = start &+ point &+ 1
    guard fractionStart &+ 8 <= count else { return false }
    let second = UInt64(
      littleEndian: UnsafeRawPointer(base + fractionStart).loadUnaligned(as: UInt64.self))
    let secondDigits = second ^ 0x3030_3030_3030_3030
    let decimals = Self.notDigits(secondDigits).trailingZeroBitCount &>> 3
    let hemisphereAt = fractionStart &+ decimals &+ 1
    guard decimals >= 1, decimals <= 7,
      UInt8(truncatingIfNeeded: second &>> UInt64(decimals &<< 3)) == UInt8(ascii: ","),
      hemisphereAt &+ 1 < count, base[hemisphereAt &+ 1] == UInt8(ascii: ",")
    else { return false }
    let hemisphere = base[hemisphereAt]
    guard hemisphere == positive || hemisphere == negative else { return false }
    let integer = Self.leadingDigits(firstDigits, point)
    let fraction = Self.leadingDigits(secondDigits, decimals)
    let whole = integer / 100
    let minutes = integer % 100
    guard minutes < 60, whole < limit || (whole == limit && minutes == 0 && fraction == 0) else {
      return false
    }
    // coordinate's numerator, whole * 60 * scale + (minutes * scale + fraction), and
    // denominator: below 2^53 here (at most 10^5 * 60 * 10^7), so exact as signed integers
    // too, whose conversion is one instruction.
    let scale = integerPowersOfTen[decimals]
    let numerator = Int64(truncatingIfNeeded: (whole &* 60 &+ minutes) &* scale &+ fraction)
    let degrees = Double(numerator) / Double(Int64(truncatingIfNeeded: 60 &* scale))
    value = degrees == 0 || hemisphere == positive ? degrees : -degrees
    index = hemisphereAt &+ 2
    return true
  }

  /// The high bit of each byte of `digits` (bytes minus "0", XOR-ed) that is not a digit,
  /// and maybe of bytes above one that is not (a carry): exact up to the first one flagged.
  @inline(__always)
  static func notDigits(_ digits: UInt64) -> UInt64 {
    ((digits &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
  }

  /// The number written by the first `length` (1 to 7) bytes of `digits` (digit values, the
  /// first byte the most significant digit).
  @inline(__always)
  static func leadingDigits(_ digits: UInt64, _ length: Int) -> UInt64 {
    // The digits moved to the top bytes; the bytes below are leading zeros.
    var value = digits &<< UInt64((8 &- length) &<< 3)
    value = (value &* 10 &+ value &>> 8) & 0x00FF_00FF_00FF_00FF
    value = (value &* 100 &+ value &>> 16) & 0x0000_FFFF_0000_FFFF
    return (value &* 10000 &+ value &>> 32) & 0xFFFF_FFFF
  }

  /// The two decimal digits at `position` as a number, or `nil`.
  @inline(__always)
  func twoDigits(_ position: Int) -> UInt8? {
    let high = base[position] &- UInt8(ascii: "0")
    let low = base[position &+ 1] &- UInt8(ascii: "0")
    return high < 10 && low < 10 ? high &* 10 &+ low : nil
  }
}
