import Platform

// Numbers with a fixed number of decimals, as C's `%.Nf` prints them (gpsd's own spelling).
extension TextBytes {
  /// Writes `units` / `divisor` (10^`places`) with exactly `places` decimals (at least one
  /// digit before the point, no point with no places) into `span`, which has room for 30 more
  /// bytes (`units` < 10^16, `places` ≤ 12): the whole part and the zero-padded fraction, each
  /// two digits at a time; only the whole part's digits are counted.
  @inlinable @inline(__always)
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
  @inlinable
  package mutating func appendFixed(_ value: Double, places: Int) {
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

  @usableFromInline
  static let powersOfTen: [Double] = [
    1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
  ]

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
