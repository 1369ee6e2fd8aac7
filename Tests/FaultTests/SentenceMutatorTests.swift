import Foundation
import Testing

@testable import LocateFuzz
@_spi(Fuzzing) @testable import LocationCore
@testable import LocationEngine
@_spi(Fuzzing) @testable import OpenCoreLocation

/// The fuzzer's sentence-aware mutations (LocateFuzz's custom mutator), and a short run of
/// them through the whole decode path in every `swift test`.
@Suite struct SentenceMutatorTests {
  /// The first 40 lines of our recorded drive: RMC, VTG, GGA, GSA, GSV and GLL.
  static func seed() throws -> [UInt8] {
    let text = try String(contentsOfFile: Paths.simulatedDrive, encoding: .utf8)
    let lines = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }.prefix(40)
    return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
  }

  @Test("edited sentences keep a checksum that matches: they reach the fix assembly")
  func checksumsStayValid() throws {
    var random = MutationRandom(seed: 7)
    let seed = try Self.seed()
    var input = seed
    for _ in 0..<200 {
      if input.count(where: { $0 == UInt8(ascii: "$") }) < 20 { input = seed }
      var mutator = SentenceMutator(input)
      let mutated = mutator.mutate(&random)
      #expect(mutated)
      input = mutator.bytes
    }
    let lines = String(decoding: input, as: UTF8.self).split(whereSeparator: \.isNewline)
    var checked = 0
    for line in lines where line.hasPrefix("$") {
      let body = line.dropFirst().prefix { $0 != "*" }
      let sum = body.utf8.reduce(UInt8(0), ^)
      let sent = line.drop { $0 != "*" }.dropFirst().prefix(2)
      #expect(UInt8(sent, radix: 16) == sum, "\(line)")
      checked += 1
    }
    #expect(checked > 20)
  }

  @Test("each kind of edit happens: fields swapped, dropped, blanked; sentences moved")
  func editsHappen() throws {
    let seed = try Self.seed()
    var lineCounts = Set<Int>()
    var changed = 0
    for value in 0..<64 {
      var random = MutationRandom(seed: UInt32(value))
      var mutator = SentenceMutator(seed)
      _ = mutator.mutate(&random)
      if mutator.bytes != seed { changed += 1 }
      lineCounts.insert(mutator.lines.count)
    }
    #expect(changed > 48)
    #expect(lineCounts.isSuperset(of: [39, 40, 41]))  // removed, kept, duplicated
  }

  @Test("1,000 chained sentence edits of a real capture pass every fuzz check")
  func shortFuzzRun() throws {
    var random = MutationRandom(seed: 12)
    var input = try Self.seed()
    for _ in 0..<1000 {
      var mutator = SentenceMutator(input)
      _ = mutator.mutate(&random)
      input = mutator.bytes.count > 4096 ? (try Self.seed()) : mutator.bytes
      input.withUnsafeBufferPointer { FuzzRun.check($0) }
    }
  }
}
