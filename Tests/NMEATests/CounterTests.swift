import Testing

@testable import NMEA

/// NMEACounters on captures (checked against the counts of a line-by-line checksum pass over
/// the same files, and against ../shared/fixtures/gpsd/SOURCE.md's damage column) and at the edges.
@Suite struct CounterTests {
  static let byAddressCases: [(String, [String: Int])] = [
    ("bu353s4", ["GPGGA": 25, "GPGSA": 25, "GPGSV": 15, "GPRMC": 25]),
    (
      "ublox-neo-m9n-nmea",
      [
        "GAGSV": 183, "GBGSV": 122, "GLGSV": 183, "GNGBS": 61, "GNGGA": 61, "GNGLL": 61,
        "GNGSA": 244, "GNGST": 61, "GNRMC": 61, "GNVTG": 61, "GNZDA": 61, "GPGSV": 244,
      ]
    ),
    (
      "garmin15x",
      ["GPGGA": 7, "GPGSA": 7, "GPGSV": 21, "GPRMC": 7, "PGRME": 7, "PGRMT": 1, "PGRMV": 7]
    ),
  ]

  @Test(GpsdCaptures.needsAny, arguments: byAddressCases.filter { GpsdCaptures.has($0.0) })
  func sentencesByAddress(_ name: String, _ expected: [String: Int]) throws {
    let counters = decodeAll(try Fixtures.capture(name)).counters
    #expect(counters.byAddress == expected)
    #expect(counters.count(of: "GPGGA") == expected["GPGGA", default: 0])
    #expect(counters.count(of: "XXXXX") == 0)
  }

  /// (capture, sentences, bad, missing, malformed, truncated, junk bytes, invalid)
  static let damageCases: [(String, Int, Int, Int, Int, Int, Int, Int)] = [
    ("gpsdf", 1455, 46, 0, 0, 0, 0, 0),  // 46 $PGLOR with wrong checksums
    ("firefly-II", 46, 23, 0, 0, 0, 0, 0),  // every GGA's checksum wrong
    ("hp58534a", 0, 0, 13, 0, 0, 0, 0),  // no checksums at all
    ("garmin-geko201", 212, 0, 0, 1, 0, 0, 0),  // "$GPBOD,,T,,M,,*"
    ("tomtom-mkII", 66, 0, 0, 0, 0, 1, 0),  // a stray "r"
    ("triton400", 28, 0, 0, 0, 1, 0, 0),  // a GGA cut off by a GLL
    ("mtk-3301", 56, 0, 3, 0, 0, 0, 12),  // $POLYN without checksum; 89°60'
    ("gp-320fw-2019-04-07-coldboot", 93, 36, 5, 0, 3, 44, 0),
  ]

  @Test(GpsdCaptures.needsAny, arguments: damageCases.filter { GpsdCaptures.has($0.0) })
  func damage(
    _ name: String, _ sentences: Int, _ bad: Int, _ missing: Int, _ malformed: Int,
    _ truncated: Int, _ junk: Int, _ invalid: Int
  ) throws {
    let bytes = try Fixtures.capture(name)
    let counters = decodeAll(bytes).counters
    #expect(counters.framing.sentences == sentences)
    #expect(counters.framing.badChecksums == bad)
    #expect(counters.framing.missingChecksums == missing)
    #expect(counters.framing.malformedChecksums == malformed)
    #expect(counters.framing.truncatedLines == truncated)
    #expect(counters.framing.overLongLines == 0)
    #expect(counters.framing.junkBytes == junk)
    #expect(counters.framing.bytes == bytes.count)
    #expect(counters.invalidSentences == invalid)
  }

  @Test(GpsdCaptures.needsAny, arguments: Fixtures.captureNames)
  func everySentenceIsDecodedOrInvalid(_ name: String) throws {
    for policy in [ChecksumPolicy.strict, .lenient] {
      let counters = decodeAll(try Fixtures.capture(name), policy: policy).counters
      let decoded = counters.byAddress.values.reduce(0, +) + counters.uncountedAddresses
      #expect(decoded + counters.invalidSentences == counters.framing.sentences)
    }
  }

  @Test func distinctAddressesAreCappedAndTheRestCounted() {
    var input = ""
    for index in 0..<300 { input += withChecksum("X\(index)Y,1") + "\r\n" }
    input += withChecksum("X0Y,2") + "\r\n"
    let counters = decodeAll(Array(input.utf8)).counters
    #expect(counters.byAddress.count == NMEACounters.addressCapacity)
    #expect(counters.byAddress["X0Y"] == 2)
    #expect(counters.uncountedAddresses == 300 - NMEACounters.addressCapacity)
    #expect(counters.framing.sentences == 301)
  }

  @Test func longAddressesAreCountedByTheirFirstEightCharacters() {
    let input =
      withChecksum("PSTMANTENNASTATUS,1") + "\r\n" + withChecksum("PSTMANTEX,2") + "\r\n"
      + withChecksum("PSTMANTE,3") + "\r\n" + withChecksum(",4") + "\r\n"
    let counters = decodeAll(Array(input.utf8)).counters
    #expect(counters.byAddress == ["PSTMANTE…": 2, "PSTMANTE": 1, "": 1])
  }

  @Test func countersAreValuesThatCompareByContent() {
    let first = decodeAll(Array((BadInput.gga + "\r\n").utf8)).counters
    let second = decodeAll(Array(("junk\n" + BadInput.gga + "\r\n").utf8)).counters
    #expect(first != second)
    var third = second
    third.framing.junkBytes = 0
    third.framing.bytes = first.framing.bytes
    #expect(first == third)
    #expect(Set([first, third]).count == 1)
  }

  @Test(GpsdCaptures.needs("bu353s4")) func oneLineDescription() throws {
    let counters = decodeAll(try Fixtures.capture("bu353s4")).counters
    #expect(
      counters.description
        == "90 sentences (GPGGA 25, GPGSA 25, GPRMC 25, GPGSV 15), 0 invalid, 0 bad checksums, "
        + "0 missing, 0 malformed, 0 truncated, 0 over-long, 0 junk bytes")
  }
}
