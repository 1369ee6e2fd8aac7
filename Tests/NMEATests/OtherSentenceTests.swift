import Testing

@testable import NMEA

/// VTG, ZDA, GST, TXT, proprietary and unknown sentences, from the gpsd captures.
@Suite struct OtherSentenceTests {
  static let vtgCases: [(String, VTG)] = [
    (
      // bt451.log: NMEA 2.3 with mode.
      "$GPVTG,221.54,T,,M,32.273,N,59.802,K,A*3C",
      with(VTG(talker: .gps)) {
        $0.courseTrue = 221.54
        $0.speedKnots = 32.273
        $0.speedKmh = 59.802
        $0.mode = .autonomous
      }
    ),
    (
      // humminbird-M37.log: IN talker, NMEA 2.2 without mode.
      "$INVTG,77.5,T,93.3,M,5.2,N,9.7,K*5B",
      with(VTG(talker: Talker(UInt8(ascii: "I"), UInt8(ascii: "N")))) {
        $0.courseTrue = 77.5
        $0.courseMagnetic = 93.3
        $0.speedKnots = 5.2
        $0.speedKmh = 9.7
      }
    ),
    (
      // bt451.log: everything empty, mode N.
      "$GPVTG,,,,,,,,,N*30",
      with(VTG(talker: .gps)) { $0.mode = .notValid }
    ),
    (
      // NMEA 1.x: no unit letters.
      withChecksum("GPVTG,054.7,034.4,005.5,010.2"),
      with(VTG(talker: .gps)) {
        $0.courseTrue = 54.7
        $0.courseMagnetic = 34.4
        $0.speedKnots = 5.5
        $0.speedKmh = 10.2
      }
    ),
  ]

  @Test(arguments: vtgCases)
  func vtg(_ line: String, _ expected: VTG) {
    #expect(decodedSentence(line) == .vtg(expected))
  }

  static let zdaCases: [(String, ZDA)] = [
    (
      // ublox-zed-f9p-nmea.log.
      "$GNZDA,003956.00,12,04,2019,00,00*7C",
      with(ZDA(talker: .gnss)) {
        $0.time = UTCTime(hour: 0, minute: 39, second: 56)
        $0.date = NMEADate(year: 2019, month: 4, day: 12)
        $0.localZoneHours = 0
        $0.localZoneMinutes = 0
      }
    ),
    (
      // mt3339.log: empty local zone.
      "$GPZDA,202640.000,13,04,2015,,*54",
      with(ZDA(talker: .gps)) {
        $0.time = UTCTime(hour: 20, minute: 26, second: 40)
        $0.date = NMEADate(year: 2015, month: 4, day: 13)
      }
    ),
    (
      // A negative zone and a leap second.
      withChecksum("GPZDA,235960.50,31,12,2016,-05,30"),
      with(ZDA(talker: .gps)) {
        $0.time = UTCTime(hour: 23, minute: 59, second: 60, nanosecond: 500_000_000)
        $0.date = NMEADate(year: 2016, month: 12, day: 31)
        $0.localZoneHours = -5
        $0.localZoneMinutes = 30
      }
    ),
  ]

  @Test(arguments: zdaCases)
  func zda(_ line: String, _ expected: ZDA) {
    #expect(decodedSentence(line) == .zda(expected))
  }

  static let gstCases: [(String, GST)] = [
    (
      // isync.log: error ellipse empty.
      "$GPGST,131519.00,11,,,,0.70,0.49,1.1*53",
      with(GST(talker: .gps)) {
        $0.time = UTCTime(hour: 13, minute: 15, second: 19)
        $0.rangeRMS = 11
        $0.latitudeError = 0.7
        $0.longitudeError = 0.49
        $0.altitudeError = 1.1
      }
    ),
    (
      // skytraq-dgps.log: every field, a negative orientation.
      "$GPGST,213122.000,15.7,22.8,11.6,-1.1,0.4,0.6,1.3*76",
      with(GST(talker: .gps)) {
        $0.time = UTCTime(hour: 21, minute: 31, second: 22)
        $0.rangeRMS = 15.7
        $0.semiMajor = 22.8
        $0.semiMinor = 11.6
        $0.orientation = -1.1
        $0.latitudeError = 0.4
        $0.longitudeError = 0.6
        $0.altitudeError = 1.3
      }
    ),
  ]

  @Test(arguments: gstCases)
  func gst(_ line: String, _ expected: GST) {
    #expect(decodedSentence(line) == .gst(expected))
  }

  static let txtCases: [(String, TXT, ChecksumPolicy)] = [
    (
      // bt451.log.
      "$GPTXT,01,01,02,u-blox ag - www.u-blox.com*50",
      with(TXT(talker: .gps)) {
        $0.totalMessages = 1
        $0.messageNumber = 1
        $0.identifier = 2
        $0.text = "u-blox ag - www.u-blox.com"
      }, .strict
    ),
    (
      // unicore-um621.log: commas inside the text.
      "$GNTXT,01,01,01,0,500482,0000,80A0,80A0,-37.847,0*67",
      with(TXT(talker: .gnss)) {
        $0.totalMessages = 1
        $0.messageNumber = 1
        $0.identifier = 1
        $0.text = "0,500482,0000,80A0,80A0,-37.847,0"
      }, .strict
    ),
    (
      // sl869.log: one field of text and no checksum (lenient policy).
      "$GPTXT,TELIT SW Version: SL869 v3.1.2.1 -STD -N96",
      with(TXT(talker: .gps)) { $0.text = "TELIT SW Version: SL869 v3.1.2.1 -STD -N96" }, .lenient
    ),
  ]

  @Test(arguments: txtCases)
  func txt(_ line: String, _ expected: TXT, _ policy: ChecksumPolicy) {
    #expect(decodedSentence(line, policy: policy) == .txt(expected))
  }

  static let rawCases: [(String, Sentence)] = [
    (
      "$PGRME,15.0,M,22.5,M,27.0,M*1A",
      .proprietary(
        ProprietarySentence(manufacturer: "GRM", line: "$PGRME,15.0,M,22.5,M,27.0,M*1A"))
    ),
    (
      // pypilot.log: rate of turn (heading sentences are decoded: HeadingSentenceTests).
      "$APROT,0.013,A*35",
      .unknown(
        UnknownSentence(
          address: "APROT", talker: Talker(UInt8(ascii: "A"), UInt8(ascii: "P")),
          line: "$APROT,0.013,A*35"))
    ),
    (
      withChecksum("SNRSTAT,1,1,0,0"),
      .unknown(UnknownSentence(address: "SNRSTAT", talker: nil, line: "$SNRSTAT,1,1,0,0*5D"))
    ),
    (
      // AIS is encapsulated (`!`): kept raw even with a known-looking type.
      "!AIVDM,1,1,,A,15MgK45P3@G?fl0E`JbR0OwT0@MS,0*4E",
      .unknown(
        UnknownSentence(
          address: "AIVDM", talker: Talker(UInt8(ascii: "A"), UInt8(ascii: "I")),
          line: "!AIVDM,1,1,,A,15MgK45P3@G?fl0E`JbR0OwT0@MS,0*4E"))
    ),
    (
      withChecksum("P"),
      .proprietary(ProprietarySentence(manufacturer: "", line: "$P*50"))
    ),
  ]

  @Test(arguments: rawCases)
  func rawSentences(_ line: String, _ expected: Sentence) {
    #expect(decodedSentence(line) == expected)
  }
}
