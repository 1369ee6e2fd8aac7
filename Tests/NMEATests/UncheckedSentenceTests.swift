import Testing

@testable import NMEA

/// Sentences without a checksum: what counts as one (for the baud hunt, whatever the checksum
/// policy), and how a strict decoder tells its visitor it dropped one.
@Suite("Sentences without a checksum")
struct UncheckedSentenceTests {
  @Test(
    "the shape of a sentence",
    arguments: [
      ("$GPGGA,184353.07,1929.045,S,02410.506,E,1,04,2.6,100.00,M,-33.9,M,,0000", true),
      ("$PGRMV,0.0,0.0,0.0", true),
      ("!AIVDM,1,1,,A,13aG", true),
      ("$GPRMC,A", true),
      ("$GPRM,1", false),  // an address of four
      ("$PGRMEXTRA1,1", false),  // of ten
      ("$gpgga,1,2,3", false),  // lower case
      ("$GPGGA,1,2\u{7F},3", false),  // DEL
      ("$GPGGA,1,\u{1B}[2J", false),  // ESC
      ("$GPGGA", false),  // no comma
      ("GPGGA,1,2,3", false),  // no start character
    ])
  func shape(line: String, isSentence: Bool) {
    let bytes = Array(line.utf8)
    bytes.withUnsafeBytes { #expect(FramingIssue.looksLikeSentence($0) == isSentence) }
  }

  @Test("noise at a wrong rate is not a sentence")
  func noise() {
    var random = SeededRandom(seed: 7)
    var found = 0
    for _ in 0..<10_000 {
      var bytes: [UInt8] = [UInt8(ascii: "$")]
      for _ in 0..<40 { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
      bytes.withUnsafeBytes { if FramingIssue.looksLikeSentence($0) { found += 1 } }
    }
    #expect(found == 0)
  }

  struct Dropped: SentenceVisitor {
    var lines: [String] = []
    var ggas = 0
    mutating func visit(_ gga: borrowing GGA) { ggas += 1 }
    mutating func visit(uncheckedSentence line: UnsafeRawBufferPointer) {
      lines.append(String(decoding: line, as: UTF8.self))
    }
  }

  @Test("a strict decoder hands the dropped sentence to its visitor; a lenient one decodes it")
  func visitor() {
    let line = "$GPGGA,184353.07,1929.045,S,02410.506,E,1,04,2.6,100.00,M,-33.9,M,,0000"
    let text = line + "\r\n$GPGGA,184353.07,garbage*00\r\n\u{01}\u{02}junk\r\n"
    for policy in [ChecksumPolicy.strict, .lenient] {
      var decoder = NMEADecoder(policy: policy)
      var visitor = Dropped()
      Array(text.utf8).withUnsafeBytes { decoder.feed($0, visiting: &visitor) }
      #expect(visitor.ggas == (policy == .strict ? 0 : 1))
      #expect(visitor.lines == (policy == .strict ? [line] : []))
      let error = Array(line.utf8).withUnsafeBytes { NMEAError.noChecksum($0) }
      #expect(error.description == "GPGGA: no checksum")
    }
  }
}
