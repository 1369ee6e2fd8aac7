import Platform

// Numbers with a fixed number of decimals, as C's `%.Nf` prints them (gpsd's own spelling).
extension TextBytes {
  /// Writes `units` / `divisor` (10^`places`) with exactly `places` decimals (at least one
  /// digit before the point, no point with no places) into `span`, which has room for 30 more
  /// bytes (`units` < 10^16, `places` ≤ 12).
  @inlinable @inline(__always)
  static func writeFixed(
    _ units: UInt, places: Int, divisor: UInt, to span: inout OutputSpan<UInt8>
  ) {
    span.withUnsafeMutableBufferPointer { buffer, initialized in
      precondition(initialized + 30 <= buffer.count, "TextBytes: no room for the digits")
      // `buffer` has room for 30 bytes, so a base address.
      guard let base = buffer.baseAddress else { return }
      initialized &+= writeFixed(units, places: places, divisor: divisor, at: base + initialized)
    }
  }

  /// Writes `units` / `divisor` as ``writeFixed(_:places:divisor:to:)`` does, at `start`,
  /// which has room for 30 bytes; returns how many it wrote: the whole part and the
  /// zero-padded fraction, each two digits at a time; only the whole part's digits are counted.
  @inlinable @inline(__always)
  static func writeFixed(
    _ units: UInt, places: Int, divisor: UInt, at start: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let whole = units / divisor
    let fraction = units &- whole &* divisor
    var wholeDigits = 1
    var rest = whole
    while rest >= 10 {
      rest /= 10
      wholeDigits &+= 1
    }
    let point = start + wholeDigits
    writeBackward(whole, digits: wholeDigits, endingAt: point)
    guard places > 0 else { return wholeDigits }
    point.pointee = UInt8(ascii: ".")
    writeBackward(fraction, digits: places, endingAt: point + 1 + places)
    return wholeDigits &+ 1 &+ places
  }

  /// Writes what ``fixedUnits(_:places:)`` made of a value: a minus sign when it was negative
  /// and does not round to zero, then ``writeFixed(_:places:divisor:to:)``. `span` has room for
  /// 32 more bytes.
  @inlinable @inline(__always)
  static func writeFixed(
    _ units: UInt, negative: Bool, places: Int, divisor: UInt, to span: inout OutputSpan<UInt8>
  ) {
    if negative && units != 0 { span.append(UInt8(ascii: "-")) }
    writeFixed(units, places: places, divisor: divisor, to: &span)
  }

  /// 10^`places` for 0…12 places, else nil (a switch: folded where `places` is a literal, where
  /// a table was a lazy global read per number).
  @inlinable @inline(__always)
  static func powerOfTen(_ places: Int) -> Double? {
    switch places {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    default: nil
    }
  }

  /// `value`'s magnitude × 10^`places` rounded as C's `%.Nf` rounds (the exact binary value,
  /// half to even), and 10^`places`; nil for what ``appendFixed(_:places:)`` leaves to the C
  /// library (10^15 and beyond, more than 12 places, infinities and NaN).
  @inlinable @inline(__always)
  static func fixedUnits(_ value: Double, places: Int) -> (units: UInt, divisor: UInt)? {
    guard let scale = powerOfTen(places), value.isFinite else { return nil }
    let magnitude = value.magnitude
    let scaled = magnitude * scale
    guard scaled < 4.0e15 else { return nil }
    // Round the exact product magnitude × scale = scaled + error (both exact: a fused
    // multiply-add gives the product's rounding error) half to even. `scaled` is rounded to
    // an integer, half to even, by adding and taking away 2^52 (0 ≤ `scaled` < 2^52: the sum's
    // unit in the last place is 1; what `rounded(.toNearestOrEven)` gives, without its libm
    // call). `scaled - units` is exact; only on a tie of `scaled` does the error decide, so
    // only then is it worked out (a second libm call per number otherwise).
    let shift = 4_503_599_627_370_496.0
    var units = (scaled + shift) - shift
    let fraction = scaled - units
    if fraction == 0.5 || fraction == -0.5 {
      let error = (-scaled).addingProduct(magnitude, scale)
      if fraction == 0.5 && error > 0 {
        units += 1
      } else if fraction == -0.5 && error < 0 {
        units -= 1
      }
    }
    return (UInt(units), UInt(scale))
  }

  /// Appends `value` with exactly `places` decimals, as C's `%.Nf` prints it (the exact
  /// binary value rounded half to even), but never `-0.000`. Non-finite values are not
  /// numbers in JSON: callers leave them out.
  @inlinable
  package mutating func appendFixed(_ value: Double, places: Int) {
    guard let (units, divisor) = Self.fixedUnits(value, places: places) else {
      return append(Self.formatted(value, places: places))
    }
    // At most a sign, 16 digits, a point and 12 decimals.
    bytes.append(addingCapacity: 32) { span in
      Self.writeFixed(units, negative: value < 0, places: places, divisor: divisor, to: &span)
    }
  }

  /// The C library's `%.Nf`, without a minus sign on a zero: for what ``appendFixed(_:places:)``
  /// does not write itself (10^15 and beyond, more than 12 places, infinities and NaN).
  package static func formatted(_ value: Double, places: Int) -> String {
    let text = CFormat.string("%.\(places)f", value)
    if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
      return String(text.dropFirst())
    }
    return text
  }
}
