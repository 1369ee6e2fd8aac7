import Testing

@testable import NMEA

/// Seeded random inputs: fragments of real sentences, noise, binary bytes, NULs, ^Z, line
/// ends and start characters, spliced at random. The decoder must not crash, every line must
/// end up in exactly one counter, and any chunking must give the same events.
@Suite struct RandomInputTests {
  /// A small deterministic generator.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  }

  static let sentences: [[UInt8]] = {
    // Our own recorded drive always; gpsd's captures (with their damage: a cold boot's junk,
    // a modem's proprietary sentences) where they are here.
    var lines = Fixtures.simulatedDrive.split(separator: 0x0A).map(Array.init)
    for name in ["ublox-neo-m9n-nmea", "gp-320fw-2019-04-07-coldboot", "quectel-eg25-g"]
    where GpsdCaptures.has(name) {
      let bytes = (try? Fixtures.capture(name)) ?? []
      lines += bytes.split(separator: 0x0A).map(Array.init)
    }
    return lines
  }()

  func randomInput(seed: UInt64) -> [UInt8] {
    var generator = Generator(state: seed)
    var input: [UInt8] = []
    for _ in 0..<400 {
      switch generator.below(10) {
      case 0...4:
        input += Self.sentences[generator.below(Self.sentences.count)] + [0x0A]
      case 5:
        let line = Self.sentences[generator.below(Self.sentences.count)]
        input += line.prefix(generator.below(line.count + 1))
      case 6:
        input += (0..<generator.below(40)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      case 7:
        input +=
          [[0x24], [0x21], [0x0D], [0x0A], [0x00], [0x1A], [0x2A], [0x2C]][
            generator.below(8)]
      case 8:
        var line = Self.sentences[generator.below(Self.sentences.count)]
        if !line.isEmpty {
          line[generator.below(line.count)] = UInt8(truncatingIfNeeded: generator.next())
        }
        input += line + [0x0D, 0x0A]
      default:
        input += Array(String(repeating: "9", count: generator.below(200)).utf8)
      }
    }
    return input
  }

  @Test(arguments: 1...40)
  func anyChunkingGivesTheSameEvents(_ seed: Int) {
    let input = randomInput(seed: UInt64(seed))
    for policy in [ChecksumPolicy.strict, .lenient] {
      let whole = decodeAll(input, policy: policy, maxLineLength: 120)
      let framing = whole.counters.framing
      let decoded = whole.counters.byAddress.values.reduce(0, +)
      #expect(decoded + whole.counters.invalidSentences == framing.sentences)
      #expect(framing.bytes == input.count)
      var generator = Generator(state: UInt64(seed) &* 31)
      for _ in 0..<5 {
        let size = 1 + generator.below(97)
        let chunked = decodeAll(input, chunkSize: size, policy: policy, maxLineLength: 120)
        #expect(chunked.events == whole.events, "seed \(seed), chunks of \(size)")
        #expect(chunked.counters == whole.counters, "seed \(seed), chunks of \(size)")
      }
    }
  }
}
