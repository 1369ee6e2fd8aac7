import Testing

@testable import NMEA

/// A bad field costs that field (and the ones that go with it), not the sentence, when the
/// decoder salvages (``FieldErrorPolicy/salvageFields``, what the location service uses).
@Suite struct FieldSalvageTests {
  /// The one event of a line decoded with salvaging.
  static func salvaged(_ line: String) -> (Sentence, NMEAError)? {
    var decoder = NMEADecoder(fieldErrors: .salvageFields)
    var out: (Sentence, NMEAError)?
    Array((line + "\r\n").utf8).withUnsafeBytes { buffer in
      decoder.feed(buffer) { event in
        if case .salvaged(let sentence, let error, _) = event { out = (sentence, error) }
      }
    }
    return out
  }

  @Test("a two-digit ZDA year is malformed; salvaged, the ZDA keeps its time, not its date")
  func zdaTwoDigitYear() throws {
    // A marine multiplexer: `$GPZDA,195719,16,04,14,-02,00`.
    let line = withChecksum("GPZDA,195719,16,04,14,-02,00")
    #expect(
      decodeError(line)?.description == "GPZDA field 4 (year): \"14\" is not a four-digit year")
    let (sentence, error) = try #require(Self.salvaged(line))
    guard case .zda(let zda) = sentence else {
      Issue.record("not a ZDA: \(sentence)")
      return
    }
    #expect(zda.time == UTCTime(hour: 19, minute: 57, second: 19))
    #expect(zda.date == nil)
    #expect(zda.localZoneHours == -2)
    #expect(error.field == 4)
  }

  @Test("an RMC with a malformed date keeps its position, status, speed and course")
  func rmcMalformedDate() throws {
    // april6_2019.log, after the 2019 week rollover.
    let line = "$GPRMC,000231.099,A,4829.0005,N,00022.0015,E,0.15,212.28,2208-1,,,A*73"
    let (sentence, error) = try #require(Self.salvaged(line))
    guard case .rmc(let rmc) = sentence else {
      Issue.record("not an RMC: \(sentence)")
      return
    }
    #expect(rmc.status == .valid)
    #expect(rmc.latitude == 48 + 29.0005 / 60)
    #expect(rmc.speedKnots == 0.15)
    #expect(rmc.course == 212.28)
    #expect(rmc.date == nil)
    #expect(rmc.mode == .autonomous)
    #expect(error.description == "GPRMC field 9 (date): \"2208-1\" is not a date ddmmyy")
  }

  @Test("a value and its unit go together: an altitude in feet is lost, not read as metres")
  func valueWithItsUnit() throws {
    let line = withChecksum("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,1789.4,F,46.9,M,,")
    let (sentence, _) = try #require(Self.salvaged(line))
    guard case .gga(let gga) = sentence else {
      Issue.record("not a GGA: \(sentence)")
      return
    }
    #expect(gga.altitudeMSL == nil)
    #expect(gga.geoidSeparation == 46.9)
    #expect(gga.quality == .gps)
    #expect(gga.hdop == 0.9)
  }

  @Test("a coordinate with a bad hemisphere is lost whole; the other coordinate stays")
  func coordinateWithItsHemisphere() throws {
    let line = withChecksum("GPGLL,4807.038,X,01131.000,E,123519,A,A")
    let (sentence, _) = try #require(Self.salvaged(line))
    guard case .gll(let gll) = sentence else {
      Issue.record("not a GLL: \(sentence)")
      return
    }
    #expect(gll.latitude == nil)
    #expect(gll.longitude == 11 + 31.0 / 60)
    #expect(gll.time == UTCTime(hour: 12, minute: 35, second: 19))
    #expect(gll.status == .valid)
  }

  @Test("a GSV with an impossible count is still invalid: its counts order the next ones")
  func gsvIsNotSalvaged() {
    let line = withChecksum("GPGSV,0,1,08,01,40,083,46")
    var decoder = NMEADecoder(fieldErrors: .salvageFields)
    var invalid = 0
    Array((line + "\r\n").utf8).withUnsafeBytes { buffer in
      decoder.feed(buffer) { if case .invalid = $0 { invalid += 1 } }
    }
    #expect(invalid == 1)
    #expect(decoder.counters.invalidSentences == 1)
    #expect(decoder.counters.salvagedSentences == 0)
  }

  @Test("counters: salvaged sentences count as decoded, and the fields they lost are counted")
  func counters() {
    let text =
      [
        withChecksum("GPZDA,195719,16,04,14,-02,00"),
        withChecksum("GPGGA,123519,4807.038,N,01131.000,E,x,08,0.9,1789.4,F,46.9,M,,"),
        withChecksum("GPGSV,0,1,08,01,40,083,46"),
        withChecksum("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
      ].joined(separator: "\r\n") + "\r\n"
    var decoder = NMEADecoder(fieldErrors: .salvageFields)
    var visitor = Recorder()
    Array(text.utf8).withUnsafeBytes { decoder.feed($0, visiting: &visitor) }
    let counters = decoder.counters
    #expect(counters.salvagedSentences == 2)
    #expect(counters.ignoredFields == 3)  // the ZDA's date; the GGA's quality and altitude
    #expect(counters.invalidSentences == 1)
    #expect(counters.count(of: "GPGGA") == 2)
    let decoded = counters.byAddress.values.reduce(0, +)
    #expect(decoded + counters.invalidSentences == counters.framing.sentences)
    // The visitor hears each error first, then the salvaged sentence.
    #expect(
      visitor.log == [
        "error GPZDA 4 kept", "ZDA", "error GPGGA 6 kept", "GGA", "error GPGSV 1 lost", "GGA",
      ])
  }

  @Test("the default policy still rejects the whole sentence")
  func rejectByDefault() {
    #expect(decodeError(withChecksum("GPZDA,195719,16,04,14,-02,00")) != nil)
  }

  @Test(
    "a time's bytes after hhmmss[.fraction] are ignored, as gpsd does; fewer digits are not",
    arguments: [
      ("222515.x", UTCTime(hour: 22, minute: 25, second: 15)),
      ("222517 ", UTCTime(hour: 22, minute: 25, second: 17)),
      ("222517.25Z", UTCTime(hour: 22, minute: 25, second: 17, nanosecond: 250_000_000)),
      ("222517.", UTCTime(hour: 22, minute: 25, second: 17)),
    ])
  func timeWithTrailingBytes(field: String, time: UTCTime) throws {
    let line = withChecksum("GPGGA,\(field),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
    guard case .gga(let gga) = try #require(decodedSentence(line)) else {
      Issue.record("not a GGA")
      return
    }
    #expect(gga.time == time)
  }

  @Test("a time of fewer than six digits, or a non-digit among them, is malformed")
  func shortTime() {
    for field in ["22251", "2225a7", "22:25:17"] {
      let line = withChecksum("GPGGA,\(field),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
      #expect(decodeError(line)?.fieldName == "time", "\(field)")
    }
  }
}

/// Records what a visitor is handed, in order.
private struct Recorder: SentenceVisitor {
  var log: [String] = []
  mutating func visit(_ gga: borrowing GGA) { log.append("GGA") }
  mutating func visit(_ zda: borrowing ZDA) { log.append("ZDA") }
  mutating func visit(fieldError error: NMEAError, sentenceKept: Bool) {
    log.append("error \(error.address) \(error.field) \(sentenceKept ? "kept" : "lost")")
  }
}
