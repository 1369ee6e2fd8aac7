import Foundation
import JSON
import Platform
import Testing

/// The byte-level number and time writers print exactly what the C library prints.
@Suite struct TextBytesTests {
  /// `%.Nf` as the formats printed it before (the C library), without `-0.000`.
  static func reference(_ value: Double, _ places: Int) -> String {
    TextBytes.formatted(value, places: places)
  }

  static func fixed(_ value: Double, _ places: Int) -> String {
    var text = TextBytes()
    text.appendFixed(value, places: places)
    return text.string
  }

  @Test(arguments: [
    // Decimal ties: the exact binary value decides (2.675 is 2.67499999…, 0.125 is exact).
    (2.675, 2, "2.67"), (0.125, 2, "0.12"), (0.375, 2, "0.38"), (2.8975, 3, "2.897"),
    (2.8024999999999998, 3, "2.802"), (1.0005, 3, "1.000"), (0.5, 0, "0"), (1.5, 0, "2"),
    (-2.5, 0, "-2"), (-0.0004, 3, "0.000"), (-0.0, 1, "0.0"), (48.1173, 9, "48.117300000"),
    (-18.5, 9, "-18.500000000"), (359.99999, 4, "360.0000"), (1e20, 1, "100000000000000000000.0"),
    (123_456_789.123, 3, "123456789.123"), (7, 0, "7"),
  ])
  func fixedDecimals(value: Double, places: Int, text: String) {
    #expect(Self.fixed(value, places) == text)
    #expect(Self.reference(value, places) == text)
  }

  @Test func fixedMatchesTheCLibraryOnSeededValues() {
    // Coordinates, decimal ties of every length, small values: 200,000 seeded cases.
    var state: UInt64 = 0x6C6F_6361_7465
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    var mismatches: [String] = []
    for round in 0..<200_000 {
      let places = Int(next() % 10)
      let integer = Double(Int64(next() % 2_000_001) - 1_000_000)
      let value: Double
      switch round % 4 {
      case 0: value = Double(next() >> 11) / Double(1 << 53) * 360 - 180
      case 1: value = integer / pow(10, Double(next() % 7))
      case 2: value = integer / 8 / pow(10, Double(next() % 5))
      default: value = (Double(next() >> 11) / Double(1 << 53) - 0.5) / 500
      }
      let expected = Self.reference(value, places)
      if Self.fixed(value, places) != expected, mismatches.count < 5 {
        mismatches.append("\(value) \(places): \(Self.fixed(value, places)) vs \(expected)")
      }
    }
    #expect(mismatches == [])
  }

  @Test func integersAndStrings() {
    var text = TextBytes()
    text.append(0)
    text.append(UInt8(ascii: " "))
    text.append(-9_223_372_036_854_775_807)
    text.append(UInt8(ascii: " "))
    text.append(Int.max)
    text.append(UInt8(ascii: " "))
    text.appendJSONString("tab\there \u{1F}")
    #expect(text.string == #"0 -9223372036854775807 9223372036854775807 "tab\there \u001f""#)
  }

  @Test(
    arguments: [
      (0, 1, "0"), (0, 0, "0"), (7, 3, "007"), (42, 2, "42"), (123_456_789, 4, "123456789"),
      (1000, 4, "1000"), (UInt.max, 1, "18446744073709551615"), (42, 20, "00000000000000000042"),
      (9, 25, "00000000000000000009"),
    ] as [(UInt, Int, String)])
  func paddedDigits(value: UInt, minimumCount: Int, text: String) {
    var bytes = TextBytes()
    bytes.append(UInt8(ascii: "<"))
    bytes.appendDigits(value, minimumCount: minimumCount)
    bytes.append(UInt8(ascii: ">"))
    #expect(bytes.string == "<" + text + ">")
  }

  /// An ISO 8601 time as the formats wrote it before: broken down by the C library's
  /// `gmtime_r` (``CalendarTime``) and printed by its `%04d`.
  static func gmtimeReference(_ milliseconds: Int64) -> String {
    let (seconds, millis) = milliseconds.floorDivided(by: 1000)
    guard let time = CalendarTime(secondsSince1970: seconds) else { return "?" }
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int32(time.year), Int32(time.month),
      Int32(time.day), Int32(time.hour), Int32(time.minute), Int32(time.second), Int32(millis))
  }

  @Test(arguments: [
    -62_135_596_800.0, -1, 0, 951_782_400, 4_107_542_400, 253_402_300_799.999, 1e12,
    -1e12, 1_710_057_480.0005, -62_167_219_200, -62_167_219_200.001, 253_402_300_800,
    -62_293_536_000, -9.9e13, 9.9e13,
  ])
  func timesMatchGmtime(seconds: Double) {
    var text = TextBytes()
    text.appendISO8601(secondsSince1970: seconds)
    let milliseconds = Int64((seconds * 1000).rounded(.toNearestOrEven))
    #expect(text.string == Self.gmtimeReference(milliseconds))
  }

  @Test func timesMatchGmtimeOnSeededMilliseconds() {
    // 20,000 seeded times within ±3 million years, each day's start and end among them.
    var state: UInt64 = 0x6973_6F38_3630_31
    var mismatches: [String] = []
    for round in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var milliseconds = Int64(bitPattern: state >> 1) % 95_000_000_000_000_000
      if round % 3 == 1 { milliseconds -= milliseconds.floorDivided(by: 86_400_000).remainder }
      if round % 3 == 2 { milliseconds -= 1 + milliseconds.floorDivided(by: 86_400_000).remainder }
      let text = TextBytes.iso8601(millisecondsSince1970: milliseconds)
      let expected = Self.gmtimeReference(milliseconds)
      if text != expected, mismatches.count < 5 {
        mismatches.append("\(milliseconds): \(text) vs \(expected)")
      }
    }
    #expect(mismatches == [])
  }
}
