import Testing

@testable import NMEA

/// Numbers read from bytes are the doubles nearest to the decimal values (the standard
/// library's `Double(String)`, correctly rounded, is the oracle here, in tests only).
@Suite struct NumberParsingTests {
  /// A small deterministic generator for the tests.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    mutating func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(Unicode.Scalar(UInt8(48 + next() % 10))) })
    }
  }

  func parse(_ text: String, signed: Bool = true) -> Double? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { buffer in
      guard let digits = scanDecimal(buffer, 0, buffer.count, signed: signed) else { return nil }
      return decimalValue(digits, buffer, 0, buffer.count)
    }
  }

  @Test(arguments: [1, 2, 3, 5, 8, 12, 15, 16, 17, 19, 20, 25, 30, 38])
  func randomDecimalsAreCorrectlyRounded(_ length: Int) throws {
    var generator = Generator(state: UInt64(length))
    for _ in 0..<2000 {
      let integerDigits = Int(generator.next() % UInt64(length + 1))
      let text =
        (generator.next() % 2 == 0 ? "-" : "") + generator.digits(integerDigits) + "."
        + generator.digits(length - integerDigits)
      guard integerDigits < length || integerDigits > 0 else { continue }
      let expected = try #require(Double(text))
      #expect(parse(text) == expected, "\(text)")
    }
  }

  @Test(arguments: [
    ("0", 0.0), ("00460.0", 460.0), ("-30.40", -30.4), ("+5", 5.0), ("0.1", 0.1),
    ("9007199254740993", 9_007_199_254_740_992.0), ("0.30000000000000001665", 0.3),
    ("123456789012345678901234567890.12345678", 1.2345678901234568e29),
    // Just below and just above the midpoint 1 + 2^-53 = 1.000000000000000111022302462515654042…
    ("1.00000000000000011102230246251565404", 1.0),
    ("1.000000000000000111022302462515654043", 1.0000000000000002), ("-0.0", 0.0),
  ])
  func knownValues(_ text: String, _ expected: Double) {
    #expect(parse(text) == expected)
    #expect(parse(text)?.sign == expected.sign || expected == 0)
  }

  @Test(arguments: ["", ".", "-", "1.2.3", "1e5", "0x10", " 1", "1 ", "--1", "1-"])
  func notNumbers(_ text: String) {
    #expect(parse(text) == nil)
  }

  @Test func tooManyDigitsIsOutOfRange() {
    #expect(parse(String(repeating: "1", count: 39)) == nil)
    #expect(parse("0." + String(repeating: "0", count: 38) + "1") == nil)
    #expect(parse(String(repeating: "0", count: 50) + "1.5") == 1.5)
  }

  @Test func roundedQuotientTiesToEven() {
    // 2^53 + 1 is halfway between two doubles: ties to the even one, 2^53.
    #expect(roundedQuotient(UInt128(1 << 53) + 1, 1) == 9_007_199_254_740_992)
    #expect(roundedQuotient(UInt128(1 << 53) + 3, 1) == 9_007_199_254_740_996)
    #expect(roundedQuotient(1, 3) == 1.0 / 3.0)
    #expect(roundedQuotient(2, 3) == 2.0 / 3.0)
    #expect(roundedQuotient(1, UInt128(10).power(38)) == 1e-38)
  }

  /// Latitude `ddmm.mmmm`: degrees + minutes / 60, computed as one exact division, equals the
  /// double nearest to the true value; checked against a rational computed with integers.
  @Test func coordinatesAreTheNearestDoubles() throws {
    var generator = Generator(state: 42)
    for _ in 0..<5000 {
      let degrees = Int(generator.next() % 90)
      let minutes = Int(generator.next() % 60)
      let decimals = 1 + Int(generator.next() % 10)
      let fraction = generator.digits(decimals)
      let field =
        (degrees < 10 ? "0" : "") + "\(degrees)" + (minutes < 10 ? "0" : "")
        + "\(minutes).\(fraction)"
      let line = withChecksum("GPGLL,\(field),S,,,,V")
      guard case .gll(let gll) = decodedSentence(line) else {
        Issue.record("\(line) did not decode")
        continue
      }
      let scale = UInt128(10).power(decimals)
      let numerator = (UInt128(degrees) * 60 + UInt128(minutes)) * scale + UInt128(fraction)!
      let expected = -roundedQuotient(numerator, 60 * scale)
      #expect(gll.latitude == expected, "\(field)")
      // And within one ulp of the naive formula.
      let naive = -(Double(degrees) + (Double("\(minutes).\(fraction)") ?? 0) / 60)
      #expect(abs((gll.latitude ?? 0) - naive) <= naive.ulp)
    }
  }
}

extension UInt128 {
  /// self^exponent.
  func power(_ exponent: Int) -> UInt128 {
    var result: UInt128 = 1
    for _ in 0..<exponent { result *= self }
    return result
  }
}
