import Testing

@testable import NMEA

/// The framer gives the same events whatever the chunking: every capture, and a torture input
/// holding every kind of damage, split at every chunk size from 1 to 100 bytes.
@Suite struct FramingTests {
  @Test(GpsdCaptures.needsAny, arguments: Fixtures.captureNames)
  func everyChunkSizeGivesTheSameEvents(_ name: String) throws {
    let bytes = try Fixtures.capture(name)
    for policy in [ChecksumPolicy.strict, .lenient] {
      let whole = decodeAll(bytes, policy: policy)
      #expect(!whole.events.isEmpty)
      for size in 1...100 {
        let chunked = decodeAll(bytes, chunkSize: size, policy: policy)
        #expect(chunked.events == whole.events, "\(name), \(policy), chunks of \(size)")
        #expect(chunked.counters == whole.counters, "\(name), \(policy), chunks of \(size)")
      }
    }
  }

  @Test func tortureInputGivesTheSameEventsInAnyChunks() {
    let bytes = BadInput.torture
    let whole = decodeAll(bytes, maxLineLength: 100)
    let gga = "ok " + BadInput.gga
    #expect(
      describe(whole.events) == [
        gga, gga, "rejected truncated $GPGGA,12", gga, gga, gga,
        "rejected truncated $GPGGA,123519,48", gga,
        "rejected overLong $" + String(repeating: "A", count: 99),
        "rejected badChecksum(expected: 0, found: 71) " + BadInput.gga.dropLast(2) + "00",
        "rejected missingChecksum $GPGGA,1,2,3", "rejected malformedChecksum $GPGGA,1*4",
        "rejected malformedChecksum $GPGGA,1*4G",
        "rejected badChecksum(expected: 71, found: 103) " + BadInput.gga.lowercased(),
        "ok !AIVDM,1,1,,A,15MgK45P3@G?fl0E`JbR0OwT0@MS,0*4E", gga,
        "rejected truncated $GPGGA,123519,4807.0",
        "invalid GPRMC field 1 (time): \"999999\" is out of range: hour must be below 24",
        "rejected truncated $GPRMC,1235",
      ])
    #expect(
      whole.counters.framing.sentences == 9 && whole.counters.framing.badChecksums == 2
        && whole.counters.framing.missingChecksums == 1
        && whole.counters.framing.malformedChecksums == 2
        && whole.counters.framing.truncatedLines == 4 && whole.counters.framing.overLongLines == 1
        && whole.counters.framing.junkBytes == 382 && whole.counters.framing.bytes == 1405)
    for size in 1...100 {
      let chunked = decodeAll(bytes, chunkSize: size, maxLineLength: 100)
      #expect(chunked.events == whole.events, "chunks of \(size)")
      #expect(chunked.counters == whole.counters, "chunks of \(size)")
    }
  }

  @Test func lineEndsLFCRLFAndCR() {
    let gga = BadInput.gga
    let input = Array((gga + "\n" + gga + "\r\n" + gga + "\r" + gga + "\n\r").utf8)
    #expect(describe(decodeAll(input).events) == Array(repeating: "ok \(gga)", count: 4))
    #expect(decodeAll(input).counters.framing.junkBytes == 0)
  }

  @Test func aLineEndingInAChecksumBeforeTheNextDollarWasComplete() {
    // gp-320fw-2019-04-07-coldboot.log: only the line end was lost.
    let input = Array(("$GPGSA,A,1,,,,,,,,,,,,,,,*1E" + BadInput.gga + "\r\n").utf8)
    #expect(
      describe(decodeAll(input).events) == [
        "ok $GPGSA,A,1,,,,,,,,,,,,,,,*1E", "ok \(BadInput.gga)",
      ])
  }
}

/// One-line summaries of events, for exact comparisons.
func describe(_ events: [Event]) -> [String] {
  events.map { event in
    switch event {
    case .sentence(_, let line): "ok \(line)"
    case .invalid(let error, _): "invalid \(error)"
    case .salvaged(_, let error, _): "salvaged \(error)"
    case .rejected(let issue, let bytes):
      "rejected \(issue) \(String(decoding: bytes, as: UTF8.self))"
    }
  }
}
