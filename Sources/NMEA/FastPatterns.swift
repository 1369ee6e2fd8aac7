// The satellite fast paths' readers for fields as most receivers write them (fixed widths):
// several fields at once, from one or two 8-byte loads and a SWAR test of where the commas
// and digits are. Each reads its fields whole or not at all, and gives what the field-by-field
// readers of FastFields give; any other shape is left to them.

extension FastFields {
  /// The next four fields as one satellite when they are written as most receivers write
  /// them, `ii,ee,aaa,ss,`: two-digit ID, elevation and SNR, a three-digit azimuth, each field
  /// followed by a comma (so another field follows), elevation at most 90 and azimuth at most
  /// 360; `nil` (nothing read) for any other shape, which ``integer(maximum:)`` then reads
  /// field by field. What it returns is what those four reads give.
  ///
  /// The 13 bytes are read as two overlapping 8-byte words (bytes 0–7 and 5–12) and tested
  /// at once: commas where they belong, digits everywhere else. Pairs of digits are then
  /// combined in place (each byte times ten plus the next).
  @inline(__always)
  mutating func fixedWidthSatellite() -> SatelliteInView? {
    let start = index
    guard start &+ 13 <= count else { return nil }
    let first = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
    let second = UInt64(
      littleEndian: UnsafeRawPointer(base + (start &+ 5)).loadUnaligned(as: UInt64.self))
    let zeros: UInt64 = 0x3030_3030_3030_3030
    let highs: UInt64 = 0x8080_8080_8080_8080
    // Bytes 0–7 `ii,ee,aa`: commas at 2 and 5. Bytes 5–12 `,aaa,ss,`: commas at 0, 4 and 7.
    let firstDigits = (first ^ zeros) & 0xFFFF_00FF_FF00_FFFF
    let secondDigits = (second ^ zeros) & 0x00FF_FF00_FFFF_FF00
    // A byte is a digit when its value minus "0" is below 10 (no carry comes into a byte from
    // one below that is itself below 10).
    let notDigits =
      ((firstDigits &+ 0x7676_7676_7676_7676) | firstDigits
        | (secondDigits &+ 0x7676_7676_7676_7676) | secondDigits) & highs
    let misplacedCommas =
      ((first & 0x0000_FF00_00FF_0000) ^ 0x0000_2C00_002C_0000)
      | ((second & 0xFF00_00FF_0000_00FF) ^ 0x2C00_002C_0000_002C)
    guard notDigits | misplacedCommas == 0 else { return nil }
    // Byte k becomes ten times digit k plus digit k + 1 (at most 99: no carries).
    let firstPairs = firstDigits &* 10 &+ firstDigits &>> 8
    let secondPairs = secondDigits &* 10 &+ secondDigits &>> 8
    let elevation = firstPairs &>> 24 & 0xFF
    let azimuth = (secondPairs &>> 8 & 0xFF) &* 10 &+ (secondDigits &>> 24 & 0xFF)
    guard elevation <= 90, azimuth <= 360 else { return nil }
    index = start &+ 13
    return SatelliteInView(
      id: UInt16(truncatingIfNeeded: firstPairs & 0xFF),
      elevation: Int16(truncatingIfNeeded: elevation),
      azimuth: Int16(truncatingIfNeeded: azimuth),
      snr: Int16(truncatingIfNeeded: secondPairs &>> 40 & 0xFF))
  }

  /// The next two fields when both are two digits, `dd,dd,` (GSA's satellite IDs as most
  /// receivers write them), read in one 8-byte load; `nil` (nothing read) for any other shape.
  /// What it returns is what two ``integer(maximum:)`` reads give.
  @inline(__always)
  mutating func twoDigitPair() -> (UInt16, UInt16)? {
    let start = index
    guard start &+ 8 <= count else { return nil }
    let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
    // Digits at 0, 1, 3 and 4, commas at 2 and 5; bytes 6 and 7 are not looked at.
    let digits = (word ^ 0x3030_3030_3030_3030) & 0x0000_00FF_FF00_FFFF
    let notDigits = ((digits &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
    let misplacedCommas = (word & 0x0000_FF00_00FF_0000) ^ 0x0000_2C00_002C_0000
    guard notDigits | misplacedCommas == 0 else { return nil }
    let pairs = digits &* 10 &+ digits &>> 8
    index = start &+ 6
    return (
      UInt16(truncatingIfNeeded: pairs & 0xFF), UInt16(truncatingIfNeeded: pairs &>> 24 & 0xFF)
    )
  }

  /// GSV's first three fields when written `t,n,vv,` (one-digit count and number of the
  /// sentence, two-digit satellites in view), read in one 8-byte load; `nil` (nothing read)
  /// for any other shape. What it returns is what three ``integer(maximum:)`` reads give.
  @inline(__always)
  mutating func gsvHeader() -> (Int, Int, Int)? {
    let start = index
    guard start &+ 8 <= count else { return nil }
    let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
    // Digits at 0, 2, 4 and 5, commas at 1, 3 and 6; byte 7 is not looked at.
    let digits = (word ^ 0x3030_3030_3030_3030) & 0x0000_FFFF_00FF_00FF
    let notDigits = ((digits &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
    let misplacedCommas = (word & 0x00FF_0000_FF00_FF00) ^ 0x002C_0000_2C00_2C00
    guard notDigits | misplacedCommas == 0 else { return nil }
    index = start &+ 7
    return (
      Int(truncatingIfNeeded: digits & 0xFF), Int(truncatingIfNeeded: digits &>> 16 & 0xFF),
      Int(truncatingIfNeeded: (digits &>> 32 & 0xFF) &* 10 &+ (digits &>> 40 & 0xFF))
    )
  }

  /// The last field of the body when it is one digit, its value; `nil` (nothing read)
  /// otherwise. What ``integer(maximum:)`` gives for it, the body then read to its end.
  @inline(__always)
  mutating func lastDigit() -> UInt8? {
    guard index &+ 1 == count else { return nil }
    let digit = base[index] &- UInt8(ascii: "0")
    guard digit < 10 else { return nil }
    index = count &+ 1
    digitCount = 1
    return digit
  }

  /// The next field into `value` when it is written `d.dd` and followed by a comma (GSA's
  /// DOPs), read in one 4-byte load; `false` (nothing read) for any other shape. What
  /// ``decimal(_:maximum:)`` gives for it: the three digits as an integer over 100.
  @inline(__always)
  mutating func twoPlaceDecimal(_ value: inout Double?) -> Bool {
    let start = index
    guard start &+ 5 <= count, base[start &+ 4] == UInt8(ascii: ",") else { return false }
    let word = UInt32(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt32.self))
    // Digits at 0, 2 and 3, the point at 1.
    let digits = (word ^ 0x3030_3030) & 0xFFFF_00FF
    let notDigits = ((digits &+ 0x7676_7676) | digits) & 0x8080_8080
    let misplacedPoint = (word & 0x0000_FF00) ^ 0x0000_2E00
    guard notDigits | misplacedPoint == 0 else { return false }
    let mantissa = (digits & 0xFF) &* 100 &+ (digits &>> 16 & 0xFF) &* 10 &+ digits &>> 24
    value = Double(mantissa) / 100  // exactPowersOfTen[2], as decimal(_:maximum:) divides
    index = start &+ 5
    return true
  }

  /// Moves past the next field when it is empty and another follows (a comma at once);
  /// `false` (nothing read) otherwise. What ``integer(maximum:)`` reads as ``empty``.
  @inline(__always)
  mutating func skipEmptyField() -> Bool {
    guard index < count, base[index] == UInt8(ascii: ",") else { return false }
    index &+= 1
    return true
  }
}
