import Testing

@testable import NMEA

/// PGRMV, Garmin's velocity (east, north, up in m/s): the one proprietary sentence decoded, as
/// GGA-only Garmin receivers send it as their only statement of speed.
@Suite struct GarminSentenceTests {
  @Test(
    "PGRMV decodes to its three velocities, and encodes back",
    arguments: [
      ("$PGRMV,0.0,0.0,0.0*5C", 0.0 as Double?, 0.0 as Double?, 0.0 as Double?),
      (withChecksum("PGRMV,-3.0,4.0,0.5"), -3.0, 4.0, 0.5),
      (withChecksum("PGRMV,12.3,,"), 12.3, nil, nil),
    ])
  func decodes(line: String, east: Double?, north: Double?, up: Double?) throws {
    var expected = PGRMV()
    expected.east = east
    expected.north = north
    expected.up = up
    #expect(decodedSentence(line) == .pgrmv(expected))
    let encoded = String(decoding: NMEAEncoder().encode(.pgrmv(expected)), as: UTF8.self)
    #expect(decodedSentence(encoded) == .pgrmv(expected))
    #expect(encoded.hasPrefix("$PGRMV,"))
  }

  @Test("other Garmin sentences stay proprietary, raw")
  func othersStayRaw() {
    guard case .proprietary(let raw)? = decodedSentence(withChecksum("PGRME,15.0,M,45.0,M,25.0,M"))
    else {
      Issue.record("PGRME was not kept raw")
      return
    }
    #expect(raw.manufacturer == "GRM")
  }

  @Test("a PGRMV with an impossible velocity is an error naming the field")
  func badField() throws {
    let error = try #require(decodeError(withChecksum("PGRMV,1.0,x,0.0")))
    #expect(error.address == "PGRMV")
    #expect(error.field == 2)
  }
}
