import Testing

@testable import NMEA

/// Inputs for the bad-input tests.
enum BadInput {
  /// A valid GGA (with its checksum, no line end).
  static let gga = withChecksum("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
  /// A u-blox UBX frame (NAV-PVT header and a few payload bytes), with a `$` (0x24) inside.
  static let ubx: [UInt8] = [
    0xB5, 0x62, 0x01, 0x07, 0x5C, 0x00, 0x24, 0x10, 0x20, 0x30, 0xAA, 0xBB,
  ]

  /// The parts (strings, byte arrays, integer arrays as bytes) one after another.
  static func bytes(_ parts: Any...) -> [UInt8] {
    var output: [UInt8] = []
    for part in parts {
      switch part {
      case let text as String: output += Array(text.utf8)
      case let text as Substring: output += Array(text.utf8)
      case let raw as [UInt8]: output += raw
      case let numbers as [Int]: output += numbers.map { UInt8($0) }
      default: Issue.record("unexpected part \(part)")
      }
    }
    return output
  }

  /// Every kind of damage in one input (for the chunking test).
  static let torture: [UInt8] = bytes(
    "garbage\r\n", [0, 0, 0x1A], gga, "\r\n", ubx, gga, "\r\n", "$GPGGA,12", ubx, gga, "\n",
    "$$", String(gga.dropFirst()), "\r", "\u{1A}", gga, "\r\n", "$GPGGA,123519,48", gga,
    "\r\n", String(repeating: "x", count: 300), "$", String(repeating: "A", count: 250),
    "\r\n", gga.dropLast(2) + "00\r\n", "$GPGGA,1,2,3\r\n", "$GPGGA,1*4\r\n",
    "$GPGGA,1*4G\r\n", gga.lowercased(), "\r\n",
    "!AIVDM,1,1,,A,15MgK45P3@G?fl0E`JbR0OwT0@MS,0*4E\r\n",
    Array(gga.utf8.prefix(20)) + [0] + Array(gga.utf8.dropFirst(20)), "\r\n",
    Array(gga.utf8.prefix(20)) + [0xC3] + Array(gga.utf8.dropFirst(20)), "\r\n",
    withChecksum("GPRMC,999999,A"), "\r\n", "$GPRMC,1235")
}

/// Bad input, each with the exact events and counts it gives.
@Suite struct BadInputTests {
  let gga = BadInput.gga

  func run(_ input: [UInt8], policy: ChecksumPolicy = .strict) -> ([String], FramingCounters) {
    let (events, counters) = decodeAll(input, policy: policy, maxLineLength: 100)
    return (describe(events), counters.framing)
  }

  @Test func garbageBeforeASentenceIsJunk() {
    let (events, counters) = run(BadInput.bytes("hello world\r\n", gga, "\r\n"))
    #expect(events == ["ok \(gga)"])
    #expect(counters.junkBytes == 11)
  }

  @Test func nulBytesAreSkippedEverywhere() {
    let inside = Array(gga.utf8.prefix(20)) + [0, 0] + Array(gga.utf8.dropFirst(20))
    let (events, counters) = run(BadInput.bytes([0, 0, 0], inside, "\r\n", [0]))
    // A NUL does not change the XOR checksum: the sentence passes without it.
    #expect(events == ["ok \(gga)"])
    #expect(counters.junkBytes == 6)
  }

  @Test func dosEndOfFileBytesDoNotEndTheInput() {
    // gpsbabel stops reading at a line starting with 0x1A; the framer skips it anywhere.
    let inside = Array(gga.utf8.prefix(30)) + [0x1A] + Array(gga.utf8.dropFirst(30))
    let (events, counters) = run(
      BadInput.bytes([0x1A], gga, "\r\n", inside, "\r\n", [0x1A, 0x1A], "\r\n", gga, [0x1A]))
    #expect(events == ["ok \(gga)", "ok \(gga)", "ok \(gga)"])
    #expect(counters.junkBytes == 5)
    #expect(counters.sentences == 3)
  }

  @Test func binaryFramesBetweenSentencesAreJunk() {
    let (events, counters) = run(BadInput.bytes(BadInput.ubx, gga, "\r\n", BadInput.ubx))
    // The UBX frame's 0x24 starts a line that its next byte cuts off: junk, not a sentence.
    #expect(events == ["ok \(gga)"])
    #expect(counters.junkBytes == 24)
    #expect(counters.truncatedLines == 0)
  }

  @Test func aBinaryFrameCutsOffTheSentenceItInterrupts() {
    let (events, counters) = run(BadInput.bytes("$GPGGA,12", BadInput.ubx, gga, "\r\n"))
    #expect(events == ["rejected truncated $GPGGA,12", "ok \(gga)"])
    #expect(counters.junkBytes == 12)
    #expect(counters.truncatedLines == 1)
  }

  @Test func nonASCIIAndDELCutALineOff() {
    for byte: UInt8 in [0x7F, 0x80, 0xC3, 0xFF, 0x07] {
      let input = Array(gga.utf8.prefix(10)) + [byte] + Array(gga.utf8.dropFirst(10)) + [13, 10]
      let (events, counters) = run(input)
      #expect(events == ["rejected truncated \(gga.prefix(10))"], "byte \(byte)")
      #expect(counters.junkBytes == 1 + gga.utf8.count - 10, "byte \(byte)")
    }
  }

  @Test func aDollarInsideASentenceStartsANewOne() {
    let (events, _) = run(BadInput.bytes("$GPGGA,123519,48", gga, "\r\n"))
    #expect(events == ["rejected truncated $GPGGA,123519,48", "ok \(gga)"])
  }

  @Test func aGluedLineWhoseXORPassesIsStillTwoLines() throws {
    // A cut-off prefix whose XOR (after `$`) is 0x24 makes prefix + `$` + sentence pass the
    // line-based checksum of limit.c; restarting at `$` rejects the prefix and keeps the GGA.
    // "GPGSA,A,3,04,05,,09" XORs to 0x38; the letters "DX" make it 0x24.
    let prefix = "$GPGSA,A,3,04,05,,09DX"
    #expect(prefix.utf8.dropFirst().reduce(UInt8(0), ^) == 0x24)
    let glued = prefix + gga
    let gluedBytes = Array(glued.utf8)
    let body = gluedBytes[1..<(gluedBytes.count - 3)]
    #expect(body.reduce(UInt8(0), ^) == UInt8(gga.suffix(2), radix: 16))
    let (events, _) = run(BadInput.bytes(glued, "\r\n"))
    #expect(events == ["rejected truncated \(prefix)", "ok \(gga)"])
  }

  @Test func doubledDollar() {
    let (events, counters) = run(BadInput.bytes("$$", String(gga.dropFirst()), "\r\n$$$", gga))
    #expect(events == ["ok \(gga)", "ok \(gga)"])
    #expect(counters.truncatedLines == 0)
  }

  @Test func truncatedLastLineIsReportedAtTheEnd() {
    let (events, counters) = run(BadInput.bytes(gga, "\r\n$GPRMC,1235"))
    #expect(events == ["ok \(gga)", "rejected truncated $GPRMC,1235"])
    #expect(counters.truncatedLines == 1)
  }

  @Test func lastLineWithoutLineEndButWithChecksumIsAccepted() {
    #expect(run(BadInput.bytes(gga)).0 == ["ok \(gga)"])
  }

  @Test func overLongLinesAreDroppedOnce() {
    let long = "$GPTXT," + String(repeating: "A", count: 200)
    let (events, counters) = run(BadInput.bytes(long, "\r\n", gga, "\r\n"))
    #expect(events == ["rejected overLong \(long.prefix(100))", "ok \(gga)"])
    #expect(counters.overLongLines == 1)
  }

  @Test func megabytesWithoutALineEndKeepMemoryBounded() {
    var framer = NMEAFramer(maxLineLength: 1024)
    var events: [String] = []
    let chunk = [UInt8](repeating: UInt8(ascii: "A"), count: 65536)
    var first = Array("$GPTXT,".utf8) + chunk
    first.removeLast(7)
    first.withUnsafeBytes { framer.feed($0) { events.append(summary($0)) } }
    for _ in 0..<64 {  // 4 MiB
      chunk.withUnsafeBytes { framer.feed($0) { events.append(summary($0)) } }
      #expect(framer.carry.capacity <= 2048)
    }
    Array((gga + "\r\n").utf8).withUnsafeBytes { framer.feed($0) { events.append(summary($0)) } }
    framer.finish { events.append(summary($0)) }
    #expect(events == ["overLong 1024", "sentence \(gga)"])
    #expect(framer.counters.overLongLines == 1)
    #expect(framer.counters.bytes == 65 * 65536 + gga.utf8.count + 2)
  }

  @Test func overLongLineSplitAcrossChunks() {
    var framer = NMEAFramer(maxLineLength: 100)
    var events: [String] = []
    let parts = ["$GPTXT," + String(repeating: "B", count: 60), String(repeating: "C", count: 60)]
    for part in parts + ["\r\n" + gga + "\r\n"] {
      Array(part.utf8).withUnsafeBytes { framer.feed($0) { events.append(summary($0)) } }
    }
    #expect(events == ["overLong 100", "sentence \(gga)"])
  }

  @Test func wrongChecksum() {
    let wrong = String(gga.dropLast(2)) + "00"
    let (events, counters) = run(BadInput.bytes(wrong, "\r\n"))
    #expect(events == ["rejected badChecksum(expected: 0, found: 71) \(wrong)"])
    #expect(counters.badChecksums == 1)
  }

  @Test func lowerCaseChecksumDigits() {
    // magellan-ec10.log.
    let (events, _) = run(BadInput.bytes("$GPRMC,205150.00,V,,,,,,,,,,,V*4a\r\n"))
    #expect(events == ["ok $GPRMC,205150.00,V,,,,,,,,,,,V*4a"])
  }

  @Test func missingChecksumIsRejectedStrictAndAcceptedLenient() {
    let bare = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"
    let strict = run(BadInput.bytes(bare, "\r\n"))
    #expect(strict.0 == ["rejected missingChecksum \(bare)"])
    #expect(strict.1.missingChecksums == 1)
    let lenient = run(BadInput.bytes(bare, "\r\n"), policy: .lenient)
    #expect(lenient.0 == ["ok \(bare)"])
    #expect(lenient.1.missingChecksums == 0)
  }

  @Test(arguments: ["$GPGGA,1*4", "$GPGGA,1*4G", "$GPGGA,1*", "$GPGGA,1*123", "$GP*GGA,1"])
  func malformedChecksum(_ line: String) {
    for policy in [ChecksumPolicy.strict, .lenient] {
      let (events, counters) = run(BadInput.bytes(line, "\r\n"), policy: policy)
      #expect(events == ["rejected malformedChecksum \(line)"])
      #expect(counters.malformedChecksums == 1)
    }
  }

  @Test func emptyLinesAndLoneStartCharactersSayNothing() {
    let (events, counters) = run(BadInput.bytes("\r\n\r\n$\r\n!\n\r", gga, "\r\n"))
    #expect(events == ["ok \(gga)"])
    #expect(counters.junkBytes == 0)
    #expect(counters.truncatedLines == 0)
  }

  @Test func encapsulatedSentences() {
    let ais = "!AIVDM,1,1,,A,15MgK45P3@G?fl0E`JbR0OwT0@MS,0*4E"
    #expect(run(BadInput.bytes(ais, "\r\n")).0 == ["ok \(ais)"])
  }

  @Test func invalidSentenceIsReportedWithItsError() {
    let line = withChecksum("GPRMC,999999,A")
    let (events, _) = run(BadInput.bytes(line, "\r\n"))
    #expect(
      events == ["invalid GPRMC field 1 (time): \"999999\" is out of range: hour must be below 24"])
  }
}

/// A one-line summary of a framer event.
func summary(_ event: FramerEvent) -> String {
  switch event {
  case .sentence(let raw): "sentence \(raw.text)"
  case .rejected(let issue, let bytes): "\(issue) \(bytes.count)"
  }
}
