// Decimal numbers read from bytes: no `String`, no `Double(String)`, correctly rounded.
//
// A field such as `4807.038` is read as an integer mantissa (4807038) and a count of digits
// after the point (3). When the mantissa is below 2^53 and the count at most 22, both the
// mantissa and 10^count are exact doubles, and IEEE division rounds their quotient correctly:
// that covers every field real receivers send. Longer digit strings take a slow path that
// divides 128-bit integers bit by bit and rounds half to even, exact up to 38 digits.

/// The digits of a decimal field: `mantissa / 10^fractionDigits`, negated when `negative`.
struct DecimalDigits {
  /// The digits as an integer (wrapped when there are more than 19 significant digits).
  var mantissa: UInt64 = 0
  /// Digits after the point.
  var fractionDigits = 0
  /// Digits from the first non-zero one (leading zeros do not count).
  var significantDigits = 0
  /// A leading `-`.
  var negative = false

  /// Whether ``mantissa`` holds the digits exactly.
  @inline(__always)
  var fitsInMantissa: Bool { significantDigits <= 19 }
}

/// The most significant digits or fraction digits the slow path accepts.
let maximumDecimalDigits = 38

/// Exact powers of ten as doubles, 10^0 … 10^22 (10^23 is not exact).
let exactPowersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
  1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// Scans `bytes[start..<end]` as `[sign]digits[.digits]`; `nil` when it is not that shape.
///
/// A sign is accepted only when `signed` is true. At least one digit is required.
@inline(__always)
func scanDecimal(
  _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, signed: Bool
) -> DecimalDigits? {
  var digits = DecimalDigits()
  var index = start
  if signed, index < end {
    let first = bytes[index]
    if first == UInt8(ascii: "-") {
      digits.negative = true
      index += 1
    } else if first == UInt8(ascii: "+") {
      index += 1
    }
  }
  var count = 0
  var sawPoint = false
  while index < end {
    let byte = bytes[index]
    let digit = byte &- UInt8(ascii: "0")
    if digit < 10 {
      count += 1
      if digits.significantDigits != 0 || digit != 0 { digits.significantDigits += 1 }
      digits.mantissa = digits.mantissa &* 10 &+ UInt64(digit)
      if sawPoint { digits.fractionDigits += 1 }
    } else if byte == UInt8(ascii: "."), !sawPoint {
      sawPoint = true
    } else {
      return nil
    }
    index += 1
  }
  return count == 0 ? nil : digits
}

/// The double nearest to the decimal in `bytes[start..<end]` (already scanned as `digits`), or
/// `nil` when it has more than ``maximumDecimalDigits`` significant or fraction digits.
@inline(__always)
func decimalValue(
  _ digits: DecimalDigits, _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int
) -> Double? {
  if digits.fitsInMantissa, digits.mantissa < 1 << 53, digits.fractionDigits <= 22 {
    let magnitude = Double(digits.mantissa) / exactPowersOfTen[digits.fractionDigits]
    return digits.negative && magnitude != 0 ? -magnitude : magnitude
  }
  return slowDecimalValue(digits, bytes, start, end)
}

/// The slow path of ``decimalValue(_:_:_:_:)``: the digits as a 128-bit integer, divided.
@inline(never)
func slowDecimalValue(
  _ digits: DecimalDigits, _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int
) -> Double? {
  guard let wide = wideMantissa(digits, bytes, start, end) else { return nil }
  let magnitude = roundedQuotient(wide, powerOfTen(digits.fractionDigits))
  return digits.negative && magnitude != 0 ? -magnitude : magnitude
}

/// The digits of `bytes[start..<end]` as a 128-bit integer (sign and point skipped), or `nil`
/// beyond ``maximumDecimalDigits``.
func wideMantissa(
  _ digits: DecimalDigits, _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int
) -> UInt128? {
  guard digits.significantDigits <= maximumDecimalDigits,
    digits.fractionDigits <= maximumDecimalDigits
  else { return nil }
  var value: UInt128 = 0
  for index in start..<end {
    let digit = bytes[index] &- UInt8(ascii: "0")
    if digit < 10 { value = value * 10 + UInt128(digit) }
  }
  return value
}

/// 10^exponent for 0 ≤ exponent ≤ 38.
func powerOfTen(_ exponent: Int) -> UInt128 {
  var value: UInt128 = 1
  for _ in 0..<exponent { value *= 10 }
  return value
}

/// The double nearest to `numerator / denominator`, ties to even.
///
/// Long division in binary: the quotient's leading 54 bits and a sticky bit for the rest.
/// Requires `0 < denominator < 2^127`.
func roundedQuotient(_ numerator: UInt128, _ denominator: UInt128) -> Double {
  if numerator == 0 { return 0 }
  let quotient = numerator / denominator
  var remainder = numerator % denominator
  var bits: UInt64
  var exponent = 0
  var sticky: Bool
  let width = 128 - quotient.leadingZeroBitCount
  if width > 54 {
    let shift = width - 54
    bits = UInt64(truncatingIfNeeded: quotient >> shift)
    sticky = quotient & ((1 << shift) - 1) != 0 || remainder != 0
    exponent = shift
  } else {
    bits = UInt64(truncatingIfNeeded: quotient)
    while bits < 1 << 53 {
      remainder <<= 1
      bits <<= 1
      exponent -= 1
      if remainder >= denominator {
        remainder -= denominator
        bits |= 1
      }
    }
    sticky = remainder != 0
  }
  let roundBit = bits & 1 != 0
  bits >>= 1
  exponent += 1
  if roundBit && (sticky || bits & 1 != 0) { bits += 1 }
  return Double(sign: .plus, exponent: exponent, significand: Double(bits))
}
