import Testing

@testable import NMEA

/// The fast paths of GSV and GSA, and the coordinates of RMC, GGA and GLL, against the
/// general readers on seeded random sentences of their shape: mostly well formed with
/// fixed-width fields (the fast paths' own cases), with values out of range, fields of other
/// widths, empty fields and stray bytes mixed in.
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

  /// A random coordinate field: mostly `ddmm.f…` or `dddmm.f…` with 1 to 7 decimals (the
  /// word reader's own cases), with other widths, no point, more decimals, values at and over
  /// the limits, empty fields and stray bytes mixed in.
  static func coordinate(_ generator: inout Generator, longitude: Bool) -> String {
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(generator.below(10))) })
    }
    switch generator.below(24) {
    case 0: return ""
    case 1: return digits(generator.below(10))
    case 2: return digits(generator.below(10)) + "." + digits(generator.below(11))
    case 3: return "." + digits(generator.below(9))
    case 4:
      return (longitude ? "18000." : "9000.")
        + ["0", "00000", "00001", "0000000"][generator.below(4)]
    case 5: return (longitude ? "17959." : "8959.") + digits(1 + generator.below(8))
    case 6: return (longitude ? "00060." : "0060.") + digits(1 + generator.below(3))
    case 7:
      var text = Array(digits(longitude ? 5 : 4) + "." + digits(1 + generator.below(7)))
      let stray: [Character] = ["-", " ", "A", "/", ":", ",", "*", "+"]
      text[generator.below(text.count)] = stray[generator.below(stray.count)]
      return String(text)
    case 8: return "-" + digits(longitude ? 5 : 4) + "." + digits(4)
    default:
      let whole = longitude ? generator.below(181) : generator.below(91)
      let minutes = generator.below(60)
      let wholeText = String(whole)
      let width = longitude ? 3 : 2
      return String(repeating: "0", count: max(0, width - wholeText.count)) + wholeText
        + (minutes < 10 ? "0" : "") + String(minutes) + "." + digits(1 + generator.below(7))
    }
  }

  /// A hemisphere letter: mostly the right ones, sometimes empty, wrong or more than one.
  static func hemisphere(_ generator: inout Generator, longitude: Bool) -> String {
    switch generator.below(12) {
    case 0: return ""
    case 1: return ["n", "s", "e", "w", "X", "NN", "1", " N", "-"][generator.below(9)]
    case 2: return longitude ? "N" : "E"
    default: return generator.below(2) == 0 ? (longitude ? "E" : "N") : (longitude ? "W" : "S")
    }
  }

  /// An RMC, GGA or GLL body with random coordinates, sometimes cut off after them.
  static func positionSentence(_ generator: inout Generator) -> String {
    let latitude = coordinate(&generator, longitude: false)
    let north = hemisphere(&generator, longitude: false)
    let longitude = coordinate(&generator, longitude: true)
    let east = hemisphere(&generator, longitude: true)
    let position = [latitude, north, longitude, east]
    var fields: [String]
    switch generator.below(3) {
    case 0:
      fields = ["GNRMC", "223745.00", "A"] + position + ["0.040", "", "110720", "", "", "D", "V"]
    case 1:
      fields =
        ["GNGGA", "223745.00"] + position + ["2", "12", "0.54", "83.1", "M", "-29.5", "M", "", ""]
    default:
      fields = ["GNGLL"] + position + ["223745.00", "A", "D"]
    }
    if generator.below(8) == 0 {
      // Cut off in or after the position (the body's end where a comma would be).
      let keep = 1 + generator.below(fields.count)
      var text = fields[0..<keep].joined(separator: ",")
      if generator.below(2) == 0 {
        text.removeLast(max(0, min(text.count - 6, generator.below(4))))
      }
      return text
    }
    return fields.joined(separator: ",")
  }

  /// The coordinates of a decoded position sentence, as bit patterns (`==` on `Double` does
  /// not tell 0 from -0).
  static func coordinateBits(_ result: Result<Sentence, NMEAError>) -> [UInt64?] {
    switch result {
    case .success(.rmc(let rmc)): return [rmc.latitude?.bitPattern, rmc.longitude?.bitPattern]
    case .success(.gga(let gga)): return [gga.latitude?.bitPattern, gga.longitude?.bitPattern]
    case .success(.gll(let gll)): return [gll.latitude?.bitPattern, gll.longitude?.bitPattern]
    default: return []
    }
  }

  @Test(arguments: 1...8)
  func coordinatesAgreeOnRandomSentences(_ seed: Int) {
    var generator = Generator(state: UInt64(seed) &+ 2_000)
    let paths = FastPathTests()
    for _ in 0..<3_000 {
      let body = Array(Self.positionSentence(&generator).utf8)
      let fast = paths.decode(body, fast: true)
      let general = paths.decode(body, fast: false)
      #expect(fast == general, "\(String(decoding: body, as: UTF8.self))")
      #expect(
        Self.coordinateBits(fast) == Self.coordinateBits(general),
        "\(String(decoding: body, as: UTF8.self))")
    }
  }

  @Test func wordCoordinatesAreReadWholeOrNotAtAll() {
    // More fields after the text, as in a sentence (the decimals are read in 8 bytes).
    func read(_ text: String, limit: UInt64 = 90, then rest: String = "1,2,3,4") -> (
      Double?, Bool, Int
    ) {
      let bytes = Array(("X," + text + rest).utf8)
      return bytes.withUnsafeBytes { body in
        var fields = FastFields(body, addressEnd: 1)
        var value: Double? = 7
        let (positive, negative) =
          limit == 90
          ? (UInt8(ascii: "N"), UInt8(ascii: "S"))
          : (UInt8(ascii: "E"), UInt8(ascii: "W"))
        let read = fields.wordCoordinate(
          &value, limit: limit, positive: positive, negative: negative)
        return (value, read, fields.index)
      }
    }
    // The text, its limit, the value as coordinate() makes it (numerator over denominator,
    // signed) and where reading ends.
    let good: [(String, UInt64, Double, Double, Int)] = [
      ("5128.66728,N,00000.09208,W", 90, 308_866_728, 6_000_000, 15),
      ("00000.09208,W,", 180, -9_208, 6_000_000, 16),
      ("4807.038,S,", 90, -2_887_038, 60_000, 13),
      ("9000.0000000,N,", 90, 54_000_000_000, 600_000_000, 17),
      ("18000.0,E,", 180, 108_000, 600, 12),
      ("0000.0,S,", 90, 0, 600, 11),
      ("1.1,N,", 90, 11, 600, 8),
      ("5128.1234567,N,", 90, 30_881_234_567, 600_000_000, 17),
    ]
    for (text, limit, numerator, denominator, index) in good {
      let (value, read, end) = read(text, limit: limit)
      #expect(read && value == numerator / denominator && end == index, "\(text)")
    }
    #expect(read("0000.0,S,").0?.sign == .plus)
    // Other widths (for the digit-by-digit reader), out of range, damaged: nothing read.
    let bad: [(String, UInt64)] = [
      ("12345678.1,N,", 90), ("5128,N,", 90), ("5128.,N,", 90), (".5,N,", 90),
      ("5128.12345678,N,", 90), ("5128.6,n,", 90), ("5128.6,,", 90), ("5128.6,NN,", 90),
      ("5128.6,N*", 90), ("9000.1,N,", 90), ("9001.0,N,", 90),
      ("5160.0,N,", 90), ("18000.01,E,", 180), ("512A.6,N,", 90), ("5128.6A,N,", 90),
      ("5128.6", 90), ("-5128.6,N,", 90), ("5128.6,E,", 90), ("5128:6,N,", 90),
    ]
    for (text, limit) in bad {
      let (value, read, index) = read(text, limit: limit)
      #expect(!read && value == 7 && index == 2, "\(text)")
    }
    // Too near the body's end for the decimals' load: left to the other reader too.
    for text in ["5128.6,N", "5128.6,N,", "4807.038,S,1"] {
      let (value, read, index) = read(text, then: "")
      #expect(!read && value == 7 && index == 2, "\(text)")
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
