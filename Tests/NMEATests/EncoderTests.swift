import Testing

@testable import NMEA

/// NMEAEncoder: exact bytes in u-blox's formats, and decode(encode(x)) == x on every typed
/// sentence of the captures.
@Suite struct EncoderTests {
  /// u-blox M9 / F9P sentences whose number formats are the encoder's defaults: decoding and
  /// encoding them gives the same bytes.
  static let ubloxLines = [
    "$GNRMC,223745.00,A,3806.62964,N,12237.61382,W,0.040,,110720,,,D,V*0E",
    "$GNGGA,223745.00,3806.62964,N,12237.61382,W,2,12,0.54,83.1,M,-29.5,M,,0000*44",
    "$GNGLL,3806.62964,N,12237.61382,W,223745.00,A,D*6C",
    "$GNGSA,A,3,82,66,81,,,,,,,,,,1.05,0.64,0.83,2*0C",
    "$GPGSV,3,1,12,28,70,351,18,30,61,093,28,17,52,181,,13,50,290,,1*67",
    "$GNVTG,,T,,M,0.025,N,0.045,K,A*3B",
    "$GNZDA,003956.00,12,04,2019,00,00*7C",
    "$GNTXT,01,01,02,u-blox AG - www.u-blox.com*4E",
    "$PGRME,15.0,M,22.5,M,27.0,M*1A",
  ]

  @Test(arguments: ubloxLines)
  func sameBytes(_ line: String) throws {
    let sentence = try #require(decodedSentence(line))
    #expect(String(decoding: NMEAEncoder().encode(sentence), as: UTF8.self) == line + "\r\n")
  }

  @Test(GpsdCaptures.needsAny, arguments: Fixtures.captureNames)
  func roundTripsEveryCapturedSentence(_ name: String) throws {
    let encoder = NMEAEncoder(format: .lossless)
    var checked = 0
    for case .sentence(let sentence, let line) in decodeAll(
      try Fixtures.capture(name), policy: .lenient
    ).events {
      let events = decodeAll(encoder.encode(sentence)).events
      guard events.count == 1, case .sentence(let again, _) = events[0] else {
        Issue.record("\(line) re-encoded as \(events)")
        continue
      }
      switch (sentence, again) {
      case (.proprietary(let raw), .proprietary(let back)) where !raw.line.contains("*"):
        #expect(back.line == withChecksum(String(raw.line.dropFirst())))
      case (.unknown(let raw), .unknown(let back)) where !raw.line.contains("*"):
        #expect(back.line == withChecksum(String(raw.line.dropFirst())))
      default:
        #expect(again == sentence, "\(line)")
      }
      checked += 1
    }
    #expect(checked > 0)
  }

  @Test func emptyValuesAreEmptyFieldsAndOlderVersionsHaveFewerFields() {
    let encoder = NMEAEncoder()
    #expect(string(encoder.encode(.rmc(RMC(talker: .gps)))) == line("GPRMC,,,,,,,,,,,"))
    var rmc = RMC(talker: .gps)
    rmc.navigationStatus = .safe
    #expect(string(encoder.encode(.rmc(rmc))) == line("GPRMC,,,,,,,,,,,,,S"))
    #expect(string(encoder.encode(.gll(GLL(talker: .gnss)))) == line("GNGLL,,,,,,"))
    #expect(string(encoder.encode(.vtg(VTG(talker: .gnss)))) == line("GNVTG,,T,,M,,N,,K"))
    #expect(string(encoder.encode(.gsa(GSA(talker: .gps)))) == line("GPGSA,,,,,,,,,,,,,,,,,"))
  }

  @Test func numberFormats() {
    var encoder = NMEAEncoder()
    encoder.format.coordinateDecimals = 4
    var gga = GGA(talker: .gps)
    gga.time = UTCTime(hour: 1, minute: 2, second: 3, nanosecond: 999_999_999)
    gga.latitude = -(12 + 59.999_99 / 60)  // minutes round up into the degrees
    gga.longitude = 0.5 / 60
    gga.quality = .rtkFixed
    gga.satellitesUsed = 7
    gga.altitudeMSL = -0.04  // rounds to 0.0: no minus sign
    gga.geoidSeparation = -12.25  // halves away from zero
    gga.dgpsStation = 17
    let line = string(encoder.encode(.gga(gga)))
    #expect(line == self.line("GPGGA,010203.99,1300.0000,S,00000.5000,E,4,07,,0.0,M,-12.3,M,,0017"))
  }

  @Test func textIsKeptWellFormed() {
    var txt = TXT(talker: .gnss)
    txt.text = "a*b$c!d\re,f"
    let line = string(NMEAEncoder().encode(.txt(txt)))
    #expect(line == self.line("GNTXT,,,,a?b?c?d?e,f"))
    #expect(decodedSentence(line) == .txt(with(txt) { $0.text = "a?b?c?d?e,f" }))
  }

  @Test func appendsToABuffer() {
    var bytes = Array("junk\n".utf8)
    let encoder = NMEAEncoder()
    encoder.encode(.zda(ZDA(talker: .gps)), appendingTo: &bytes)
    encoder.encode(.gst(GST(talker: .gps)), appendingTo: &bytes)
    #expect(string(bytes) == "junk\n" + line("GPZDA,,,,,,") + line("GPGST,,,,,,,,"))
  }

  func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// `$BODY*hh\r\n`.
  func line(_ body: String) -> String { withChecksum(body) + "\r\n" }
}
