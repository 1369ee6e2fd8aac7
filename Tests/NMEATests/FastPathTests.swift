import Testing

@testable import NMEA

/// The fast decoding paths give exactly what the general readers give: the same sentence, or
/// (after falling back) the same error.
@Suite struct FastPathTests {
  /// Decodes a body with or without the fast paths.
  func decode(_ body: [UInt8], fast: Bool) -> Result<Sentence, NMEAError> {
    let line = [UInt8(ascii: "$")] + body
    return line.withUnsafeBytes { bytes in
      let raw = RawSentence(
        line: bytes, body: UnsafeRawBufferPointer(rebasing: bytes[1...]), hasChecksum: false)
      var decoded: Sentence?
      do throws(NMEAError) {
        try Sentence.decode(raw, addressLength: addressLength(raw.body), fastPaths: fast) {
          decoded = $0
        }
      } catch {
        return .failure(error)
      }
      guard let decoded else {
        return .failure(
          NMEAError(code: .missing, address: "", field: 0, fieldName: "", reason: "nothing"))
      }
      return .success(decoded)
    }
  }

  @Test(GpsdCaptures.needsAny, arguments: Fixtures.captureNames)
  func sameResultsOnEveryCapturedSentence(_ name: String) throws {
    for case .sentence(_, let line) in decodeAll(try Fixtures.capture(name), policy: .lenient)
      .events
    {
      let body = Array(bodyText(line).utf8)
      #expect(decode(body, fast: true) == decode(body, fast: false), "\(line)")
    }
  }

  /// Sentences of each fast-path type, from the captures and u-blox output.
  static let bases = [
    "GPGSV,3,1,12,28,70,351,18,30,61,093,28,17,52,181,,13,50,290,,1",
    "GPGSV,2,2,07,22,,,40,11,57,277,40,14,51,083,38",
    "GNGSA,A,3,82,66,81,,,,,,,,,,1.05,0.64,0.83,2",
    "GPGSA,A,3,10,28,09,13,,,,,,,,,03.4,01.7,03.0",
    "GNRMC,223745.00,A,3806.62964,N,12237.61382,W,0.040,,110720,,,D,V",
    "GPRMC,193221.00,A,2037.7279,N,08704.0848,W,00.1,201.8,231207,01,W,A",
    "GNGGA,223745.00,3806.62964,N,12237.61382,W,2,12,0.54,83.1,M,-29.5,M,,0000",
    "GNGLL,3806.62964,N,12237.61382,W,223745.00,A,D",
    "GNVTG,221.54,T,,M,32.273,N,59.802,K,A",
    "GNGST,223745.00,14.7,2.5,2.4,126,0.98,1.0,3.1",
    "GPHDT,274.07,T",
    "INTHS,123.456,A",
  ]

  /// Every base with each byte replaced, or removed, or a byte inserted: hundreds of near
  /// misses, each decoded both ways.
  @Test(arguments: bases)
  func sameResultsOnDamagedSentences(_ base: String) {
    let bytes = Array(base.utf8)
    let replacements = Array("09,.-+AaNSEWZ \u{7F}".utf8)
    var checked = 0
    for index in 6..<bytes.count {
      var variants: [[UInt8]] = [Array(bytes[..<index] + bytes[(index + 1)...])]
      for replacement in replacements {
        var changed = bytes
        changed[index] = replacement
        variants.append(changed)
        variants.append(Array(bytes[..<index] + [replacement] + bytes[index...]))
      }
      for variant in variants {
        #expect(
          decode(variant, fast: true) == decode(variant, fast: false),
          "\(String(decoding: variant, as: UTF8.self))")
        checked += 1
      }
    }
    #expect(checked == (bytes.count - 6) * (1 + 2 * replacements.count))
  }

  @Test func longCoordinatesAndTimesAgree() {
    for body in [
      "GPGGA,123519.123456789123,4807.0381234567890123,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
      "GPGLL,9000.0000,N,18000.0000,W,235960.999,A,A", "GPGLL,9000.0001,N,00000.0000,W,,V,N",
      "GPRMC,000000,A,0000.0000,S,00000.0000,W,0,0,290200,0,W,A",
      "GPRMC,000000,A,0000.0000,S,00000.0000,W,0,0,290100,0,W,A",
    ] {
      let bytes = Array(body.utf8)
      #expect(decode(bytes, fast: true) == decode(bytes, fast: false), "\(body)")
    }
  }

  func bodyText(_ line: String) -> String {
    let withoutStart = line.dropFirst()
    if let star = withoutStart.lastIndex(of: "*"),
      withoutStart.distance(from: star, to: withoutStart.endIndex) == 3
    {
      return String(withoutStart[..<star])
    }
    return String(withoutStart)
  }
}
