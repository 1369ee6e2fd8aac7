import Testing

@testable import NMEA

/// The fast paths of GSV and GSA against the general readers on seeded random sentences of
/// their shape: mostly well formed with fixed-width fields (the fast paths' own cases), with
/// values out of range, fields of other widths, empty fields and stray bytes mixed in.
@Suite struct FastPathRandomTests {
  typealias Generator = RandomInputTests.Generator

  /// A random field of up to `width` digits (sometimes wider, empty or damaged).
  static func field(_ generator: inout Generator, width: Int) -> String {
    switch generator.below(20) {
    case 0: return ""
    case 1: return String(generator.below(100_000))
    case 2: return ["-1", "1.5", "A", " 7", "07 ", "+3", "9a"][generator.below(7)]
    case 3: return String(generator.below(10))
    default:
      let digits = (0..<width).map { _ in String(generator.below(10)) }
      return digits.joined()
    }
  }

  /// A GSV body: header, up to five satellites, maybe a signal ID.
  static func gsv(_ generator: inout Generator) -> String {
    var fields = ["GPGSV", String(1 + generator.below(4)), String(1 + generator.below(4))]
    fields.append(generator.below(8) == 0 ? "" : String(generator.below(40)))
    for _ in 0..<generator.below(6) {
      fields += [
        field(&generator, width: 2), field(&generator, width: 2), field(&generator, width: 3),
        field(&generator, width: 2),
      ]
    }
    switch generator.below(4) {
    case 0: break
    case 1: fields.append(field(&generator, width: 1))
    default: fields.append(String(1 + generator.below(9)))
    }
    return fields.joined(separator: ",")
  }

  /// A GSA body: mode, fix, twelve IDs, three DOPs, maybe a system ID.
  static func gsa(_ generator: inout Generator) -> String {
    var fields = ["GNGSA", ["A", "M", ""][generator.below(3)], String(generator.below(4))]
    for _ in 0..<12 {
      fields.append(generator.below(3) == 0 ? "" : field(&generator, width: 2))
    }
    for _ in 0..<3 {
      fields.append(
        generator.below(10) == 0
          ? field(&generator, width: 3) : "\(generator.below(30)).\(generator.below(100))")
    }
    if generator.below(3) > 0 { fields.append(field(&generator, width: 1)) }
    return fields.joined(separator: ",")
  }

  @Test(arguments: 1...8)
  func gsvFastPathAgreesOnRandomSentences(_ seed: Int) {
    var generator = Generator(state: UInt64(seed))
    let paths = FastPathTests()
    for _ in 0..<2_000 {
      let body = Array(Self.gsv(&generator).utf8)
      #expect(
        paths.decode(body, fast: true) == paths.decode(body, fast: false),
        "\(String(decoding: body, as: UTF8.self))")
    }
  }

  @Test(arguments: 1...8)
  func gsaFastPathAgreesOnRandomSentences(_ seed: Int) {
    var generator = Generator(state: UInt64(seed) &+ 1_000)
    let paths = FastPathTests()
    for _ in 0..<2_000 {
      let body = Array(Self.gsa(&generator).utf8)
      #expect(
        paths.decode(body, fast: true) == paths.decode(body, fast: false),
        "\(String(decoding: body, as: UTF8.self))")
    }
  }

  /// What `FastFields.fixedWidthSatellite()` reads of `text` (after a leading comma), and
  /// where it stops.
  func fixedWidth(_ text: String) -> (SatelliteInView?, Int) {
    let bytes = Array(("X," + text).utf8)
    return bytes.withUnsafeBytes { body in
      var fields = FastFields(body, addressEnd: 1)
      return (fields.fixedWidthSatellite(), fields.index)
    }
  }

  @Test func fixedWidthSatellitesAreReadWholeOrNotAtAll() {
    let (satellite, index) = fixedWidth("02,35,168,42,1")
    #expect(satellite == SatelliteInView(id: 2, elevation: 35, azimuth: 168, snr: 42))
    #expect(index == 15)
    #expect(
      fixedWidth("99,90,360,99,").0
        == SatelliteInView(
          id: 99, elevation: 90, azimuth: 360, snr: 99))
    #expect(
      fixedWidth("00,00,000,00,").0
        == SatelliteInView(
          id: 0, elevation: 0, azimuth: 0, snr: 0))
    // Out of range, another width, an empty field, no comma after the SNR, a stray byte:
    // nothing read (the fields are then read one by one).
    for text in [
      "02,91,168,42,", "02,35,361,42,", "02,35,999,42,", "2,35,168,42,1", "202,35,168,42,",
      "02,35,168,,1", "02,35,168,42", "02,35,168,42*", "02,3A,168,42,", "02,35,16 ,42,",
      "02,35,168,4/,", "02,35,168:42,", "0:,35,168,42,",
    ] {
      let (satellite, index) = fixedWidth(text)
      #expect(satellite == nil, "\(text)")
      #expect(index == 2, "\(text)")
    }
  }

  @Test func twoDigitPairsAreReadWholeOrNotAtAll() {
    func pair(_ text: String) -> ((UInt16, UInt16)?, Int) {
      let bytes = Array(("X," + text).utf8)
      return bytes.withUnsafeBytes { body in
        var fields = FastFields(body, addressEnd: 1)
        return (fields.twoDigitPair(), fields.index)
      }
    }
    let (ids, index) = pair("07,32,,,1.0")
    #expect(ids?.0 == 7 && ids?.1 == 32)
    #expect(index == 8)
    for text in ["7,32,,,1.0", "07,3,,,1.0", "07,,32,,1.0", "07,32A,,1.0", "0:,32,,,1.0", "07,32,"]
    {
      let (ids, index) = pair(text)
      #expect(ids == nil, "\(text)")
      #expect(index == 2, "\(text)")
    }
  }

  @Test func gsvHeadersAndLastDigitsAreReadWholeOrNotAtAll() {
    func read(_ text: String) -> ((Int, Int, Int)?, UInt8?, Int) {
      let bytes = Array(("X," + text).utf8)
      return bytes.withUnsafeBytes { body in
        var fields = FastFields(body, addressEnd: 1)
        let header = fields.gsvHeader()
        let afterHeader = fields.index
        // The last field's start.
        fields.index = (bytes.lastIndex(of: UInt8(ascii: ",")) ?? 0) + 1
        return (header, fields.lastDigit(), afterHeader)
      }
    }
    let (header, digit, index) = read("3,1,11,02,35,168,42,7")
    #expect(header?.0 == 3 && header?.1 == 1 && header?.2 == 11)
    #expect(digit == 7)
    #expect(index == 9)
    #expect(read("3,1,11,2A").1 == nil)
    #expect(read("3,1,11,02,35,168,42,12").1 == nil)
    for text in [
      "3,1,1,02,35", "13,1,11,02", "3,1,110,02", "3,,11,02,35", "3,1,1A,02,3A", "3,1,11",
      "3,1,11,",
    ] {
      let (header, digit, index) = read(text)
      #expect(header == nil, "\(text)")
      #expect(digit == nil, "\(text)")
      #expect(index == 2, "\(text)")
    }
  }

  @Test func twoPlaceDecimalsAreReadWholeOrNotAtAll() {
    func read(_ text: String) -> (Double?, Bool, Int) {
      let bytes = Array(("X," + text).utf8)
      return bytes.withUnsafeBytes { body in
        var fields = FastFields(body, addressEnd: 1)
        var value: Double?
        let read = fields.twoPlaceDecimal(&value)
        return (value, read, fields.index)
      }
    }
    for (text, expected) in [("1.07,0.61", 1.07), ("0.00,", 0.0), ("9.99,1", 9.99)] {
      let (value, read, index) = read(text)
      #expect(read && value == expected && index == 7, "\(text)")
    }
    for text in ["1.07", "1.071,", "10.7,", "1,07,", "1.0A,", ":.07,", "1.07*", "-1.0,"] {
      let (value, read, index) = read(text)
      #expect(!read && value == nil && index == 2, "\(text)")
    }
  }

  @Test func onlyAnEmptyFieldBeforeAnotherIsSkipped() {
    func skip(_ text: String) -> (Bool, Int) {
      let bytes = Array(("X," + text).utf8)
      return bytes.withUnsafeBytes { body in
        var fields = FastFields(body, addressEnd: 1)
        return (fields.skipEmptyField(), fields.index)
      }
    }
    #expect(skip(",,1.0") == (true, 3))
    #expect(skip(",") == (true, 3))
    #expect(skip("") == (false, 2))
    #expect(skip("1,") == (false, 2))
    #expect(skip(" ,") == (false, 2))
  }
}
