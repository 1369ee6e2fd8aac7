// The optimistic fast path of field decoding: small, non-throwing readers for well-formed
// fields, kept in registers. Anything unusual makes them give up, and the sentence is decoded
// again by the general readers (FieldReader), which know every quirk and name every error.

/// Reads well-formed fields from a sentence body: digits, one decimal point, commas.
struct FastFields {
  /// The body.
  let base: UnsafePointer<UInt8>
  /// The body's length.
  let count: Int
  /// Where the next field starts; `count + 1` once the last field was read.
  var index: Int
  /// How many digits the last ``integer(maximum:)`` read.
  var digitCount = 0

  /// Starts after the address field, which ends at `addressEnd`.
  @inline(__always)
  init(_ body: UnsafeRawBufferPointer, addressEnd: Int) {
    base = body.baseAddress!.assumingMemoryBound(to: UInt8.self)
    count = body.count
    index = addressEnd + 1
  }

  /// Whether a field follows.
  @inline(__always)
  var hasMoreFields: Bool { index <= count }

  /// Marks for ``integer(maximum:)``.
  static var empty: Int { -1 }
  static var bad: Int { -2 }

  /// The next field as a decimal integer of at most 5 digits and at most `maximum`;
  /// ``empty`` when empty, ``bad`` for anything else (the general path decides).
  ///
  /// Most fields are read unrolled, digit by digit, without a bounds check per byte: when six
  /// bytes remain, a field of at most five digits ends within them (a sixth digit, like any
  /// byte but a comma there, is ``bad``). Only the last few bytes of a body take the loop.
  @inline(__always)
  mutating func integer(maximum: Int) -> Int {
    let start = index
    guard start &+ 6 <= count else { return integerNearEnd(maximum: maximum) }
    var position = start
    var value = 0
    var digit = base[position] &- UInt8(ascii: "0")
    if digit < 10 {
      value = Int(digit)
      position &+= 1
      digit = base[position] &- UInt8(ascii: "0")
      if digit < 10 {
        value = value &* 10 &+ Int(digit)
        position &+= 1
        digit = base[position] &- UInt8(ascii: "0")
        if digit < 10 {
          value = value &* 10 &+ Int(digit)
          position &+= 1
          digit = base[position] &- UInt8(ascii: "0")
          if digit < 10 {
            value = value &* 10 &+ Int(digit)
            position &+= 1
            digit = base[position] &- UInt8(ascii: "0")
            if digit < 10 {
              value = value &* 10 &+ Int(digit)
              position &+= 1
            }
          }
        }
      }
    }
    let digits = position &- start
    digitCount = digits
    if base[position] != UInt8(ascii: ",") { return Self.bad }
    index = position &+ 1
    if digits == 0 { return Self.empty }
    return value <= maximum ? value : Self.bad
  }

  /// ``integer(maximum:)`` for a field that starts within six bytes of the body's end.
  @inline(__always)
  mutating func integerNearEnd(maximum: Int) -> Int {
    var position = index
    var value = 0
    while position < count {
      let digit = base[position] &- UInt8(ascii: "0")
      if digit >= 10 { break }
      value = value &* 10 &+ Int(digit)
      position &+= 1
    }
    let digits = position &- index
    digitCount = digits
    if position < count && base[position] != UInt8(ascii: ",") { return Self.bad }
    index = position &+ 1
    if digits == 0 { return Self.empty }
    return digits <= 5 && value <= maximum ? value : Self.bad
  }

  /// The next field as an unsigned decimal number of at most 15 digits and at most
  /// `maximum`, into `value` (`nil` when empty); `false` for anything else.
  @inline(__always)
  mutating func decimal(_ value: inout Double?, maximum: Double = .infinity) -> Bool {
    decimal(&value, from: index, maximum: maximum, negative: false)
  }

  /// The next field as a decimal number with an optional `-`, into `value` (`nil` when
  /// empty); `false` for anything else.
  @inline(__always)
  mutating func signedDecimal(_ value: inout Double?) -> Bool {
    if index < count && base[index] == UInt8(ascii: "-") {
      guard decimal(&value, from: index &+ 1, maximum: .infinity, negative: true) else {
        return false
      }
      return value != nil
    }
    return decimal(&value, from: index, maximum: .infinity, negative: false)
  }

  /// The decimal number from `first` to the next comma, negated when `negative`.
  @inline(__always)
  mutating func decimal(
    _ value: inout Double?, from first: Int, maximum: Double, negative: Bool
  ) -> Bool {
    guard let (mantissa, digits, point) = digitsAndPoint(from: first) else { return false }
    if digits == 0 {
      value = nil
      return point < 0
    }
    guard digits <= 15 else { return false }
    let result = Double(mantissa) / exactPowersOfTen[point < 0 ? 0 : digits &- point]
    guard result <= maximum else { return false }
    value = negative && result != 0 ? -result : result
    return true
  }

  /// The digits from `first` to the next comma with at most one decimal point: their value
  /// as an integer, how many there are, and how many came before the point (`-1` without one);
  /// moves past the comma. `nil` when another byte comes before the comma.
  @inline(__always)
  mutating func digitsAndPoint(from first: Int) -> (mantissa: UInt64, digits: Int, point: Int)? {
    var position = first
    var mantissa: UInt64 = 0
    var digits = 0
    var point = -1
    while position < count {
      let byte = base[position]
      let digit = byte &- UInt8(ascii: "0")
      if digit < 10 {
        mantissa = mantissa &* 10 &+ UInt64(digit)
        digits &+= 1
      } else if byte == UInt8(ascii: ".") && point < 0 {
        point = digits
      } else {
        break
      }
      position &+= 1
    }
    if position < count && base[position] != UInt8(ascii: ",") { return nil }
    index = position &+ 1
    return (mantissa, digits, point)
  }

  /// The next field as one upper-case letter or digit, `0` when empty; `nil` for anything
  /// else.
  @inline(__always)
  mutating func character() -> UInt8? {
    var position = index
    var result: UInt8 = 0
    if position < count && base[position] != UInt8(ascii: ",") {
      result = base[position]
      position &+= 1
    }
    if position < count && base[position] != UInt8(ascii: ",") { return nil }
    index = position &+ 1
    return result
  }

  /// The next field as one letter (`A`–`Z`), `0` when empty; `nil` for anything else.
  @inline(__always)
  mutating func letter() -> UInt8? {
    guard let byte = character(), byte == 0 || byte &- UInt8(ascii: "A") < 26 else { return nil }
    return byte
  }

  /// Whether the next field is empty or the upper-case unit letter `unit`.
  @inline(__always)
  mutating func unit(_ unit: UInt8) -> Bool {
    guard let byte = character() else { return false }
    return byte == 0 || byte == unit
  }
}
