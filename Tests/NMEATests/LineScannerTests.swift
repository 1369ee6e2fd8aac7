import Testing

@testable import NMEA

/// The framer's word-at-a-time scan stops where a byte-at-a-time scan stops, with the same
/// checksum, on seeded random bytes rich in the bytes next to the special ones.
@Suite struct LineScannerTests {
  /// The scan one byte at a time: up to the first special byte, and the XOR before it.
  func reference(_ bytes: [UInt8], from start: Int) -> (end: Int, sum: UInt8) {
    var index = start
    var sum: UInt8 = 0
    while index < bytes.count, !isSpecial(bytes[index]) {
      sum ^= bytes[index]
      index += 1
    }
    return (index, sum)
  }

  /// Mostly ordinary sentence bytes; sometimes the bytes around the SWAR test's edges (space,
  /// `!`, `"`, `#`, `$`, `%`, `~`, DEL, 0x80, 0xFF, control bytes).
  func randomBytes(_ generator: inout RandomInputTests.Generator, count: Int) -> [UInt8] {
    let edges: [UInt8] = [
      0x00, 0x0A, 0x0D, 0x1A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x7E, 0x7F, 0x80, 0xA4,
      0xFF,
    ]
    let ordinary = Array("GPGSV,3,1,11,02,35,168,42*6C.ABCxyz".utf8)
    return (0..<count).map { _ in
      generator.below(12) == 0
        ? edges[generator.below(edges.count)] : ordinary[generator.below(ordinary.count)]
    }
  }

  @Test func wordScanEqualsByteScan() {
    var generator = RandomInputTests.Generator(state: 24)
    var stopsInside = 0
    for _ in 0..<3_000 {
      let bytes = randomBytes(&generator, count: 1 + generator.below(70))
      bytes.withUnsafeBufferPointer { buffer in
        for start in 0...bytes.count {
          let scanned = scanOrdinaryBytes(buffer.baseAddress!, bytes.count, from: start)
          let expected = reference(bytes, from: start)
          #expect(scanned == expected, "\(bytes) from \(start)")
          if scanned.end < bytes.count && scanned.end >= start + 8 { stopsInside += 1 }
        }
      }
    }
    // The word loop itself found many of the stops (not only the byte loop at the end).
    #expect(stopsInside > 1_000)
  }

  @Test func spacesQuotesAndHashesAreOrdinaryAnywhereInAWord() {
    for filler in [UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "#")] {
      for position in 0..<16 {
        var bytes = Array(repeating: UInt8(ascii: "A"), count: 16)
        bytes[position] = filler
        bytes.append(UInt8(ascii: "$"))
        bytes.withUnsafeBufferPointer { buffer in
          let scanned = scanOrdinaryBytes(buffer.baseAddress!, bytes.count, from: 0)
          #expect(scanned == reference(bytes, from: 0), "\(filler) at \(position)")
          #expect(scanned.end == 16)
        }
      }
    }
  }
}
