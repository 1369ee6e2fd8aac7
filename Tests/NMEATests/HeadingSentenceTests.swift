import Testing

@testable import NMEA

/// HDT, THS, HDG and HDM: real lines where a capture has them (gpsd's hemi.log and rst39.log
/// for HDT, pypilot.log for HDM), lines written from the NMEA 0183 field layout otherwise.
@Suite struct HeadingSentenceTests {
  static let ap = Talker(UInt8(ascii: "A"), UInt8(ascii: "P"))
  static let hc = Talker(UInt8(ascii: "H"), UInt8(ascii: "C"))
  static let inertial = Talker(UInt8(ascii: "I"), UInt8(ascii: "N"))
  static let gyro = Talker(UInt8(ascii: "H"), UInt8(ascii: "E"))

  static let cases: [(String, Sentence)] = [
    // hemi.log (Hemisphere dual-antenna receiver).
    ("$GPHDT,274.07,T*03", .hdt(with(HDT(talker: .gps)) { $0.heading = 274.07 })),
    // hemi.log before the heading is solved.
    ("$GPHDT,,T*1B", .hdt(HDT(talker: .gps))),
    // rst39.log (OxTS GPS with IMU): 25.50° while RMC's course is 41.865°.
    ("$GPHDT,25.50,T*37", .hdt(with(HDT(talker: .gps)) { $0.heading = 25.5 })),
    // A gyrocompass, another talker.
    (withChecksum("HEHDT,0.0,T"), .hdt(with(HDT(talker: gyro)) { $0.heading = 0 })),
    // pypilot.log (the pypilot autopilot).
    ("$APHDM,218.634,M*39", .hdm(with(HDM(talker: ap)) { $0.heading = 218.634 })),
    (
      withChecksum("INTHS,123.456,A"),
      .ths(
        with(THS(talker: inertial)) {
          $0.heading = 123.456
          $0.status = .autonomous
        })
    ),
    (
      withChecksum("INTHS,77.0,V"),
      .ths(
        with(THS(talker: inertial)) {
          $0.heading = 77
          $0.status = .invalid
        })
    ),
    (withChecksum("GNTHS,,V"), .ths(with(THS(talker: .gnss)) { $0.status = .invalid })),
    (
      withChecksum("HCHDG,98.3,0.0,E,12.6,W"),
      .hdg(
        with(HDG(talker: hc)) {
          $0.heading = 98.3
          $0.deviation = 0
          $0.variation = -12.6
        })
    ),
    (
      withChecksum("HCHDG,30.9,,,1.9,E"),
      .hdg(
        with(HDG(talker: hc)) {
          $0.heading = 30.9
          $0.variation = 1.9
        })
    ),
    // A variation without its direction has an unknown sign.
    (withChecksum("HCHDG,30.9,,,1.9,"), .hdg(with(HDG(talker: hc)) { $0.heading = 30.9 })),
  ]

  @Test(arguments: cases)
  func decodes(_ line: String, _ expected: Sentence) {
    #expect(decodedSentence(line) == expected)
  }

  static let errors: [(String, Int, String)] = [
    (withChecksum("GPHDT,361.0,T"), 1, "heading"),
    (withChecksum("GPHDT,274.0,M"), 2, "heading unit"),
    (withChecksum("GPHDT,abc,T"), 1, "heading"),
    (withChecksum("HCHDM,12.5,T"), 2, "heading unit"),
    (withChecksum("HCHDG,98.3,0.0,E,12.6,Q"), 5, "variation direction"),
    (withChecksum("HCHDG,98.3,181,E,,"), 2, "deviation"),
    (withChecksum("INTHS,12.0,AB"), 2, "mode"),
  ]

  @Test(arguments: errors)
  func rejects(_ line: String, _ field: Int, _ name: String) throws {
    let error = try #require(decodeError(line))
    #expect(error.field == field)
    #expect(error.fieldName == name)
  }

  @Test("every heading type round-trips through the encoder (lossless decimals)")
  func roundTrip() {
    let encoder = NMEAEncoder(format: .lossless)
    for (_, sentence) in Self.cases {
      let line = String(decoding: encoder.encode(sentence), as: UTF8.self)
      // "\r\n" is one Character.
      #expect(decodedSentence(String(line.dropLast())) == sentence, "\(line)")
    }
  }

  @Test("the visitor gets each type by its own method")
  func visitor() {
    struct Headings: SentenceVisitor {
      var seen: [String] = []
      mutating func visit(_ hdt: borrowing HDT) { seen.append("HDT \(hdt.heading ?? -1)") }
      mutating func visit(_ ths: borrowing THS) { seen.append("THS \(ths.heading ?? -1)") }
      mutating func visit(_ hdg: borrowing HDG) { seen.append("HDG \(hdg.variation ?? 0)") }
      mutating func visit(_ hdm: borrowing HDM) { seen.append("HDM \(hdm.heading ?? -1)") }
    }
    var decoder = NMEADecoder()
    var headings = Headings()
    let text = Self.cases.map { $0.0 + "\r\n" }.joined()
    Array(text.utf8).withUnsafeBytes { decoder.feed($0, visiting: &headings) }
    #expect(
      headings.seen == [
        "HDT 274.07", "HDT -1.0", "HDT 25.5", "HDT 0.0", "HDM 218.634", "THS 123.456", "THS 77.0",
        "THS -1.0", "HDG -12.6", "HDG 1.9", "HDG 0.0",
      ])
  }
}
