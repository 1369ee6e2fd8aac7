import Foundation
import Testing

/// Memory and descriptors stay flat over a long run: `locate watch --input -` fed millions of
/// sentences through a pipe, its resident memory sampled from /proc after the first 10 000
/// sentences and at the end. CI runs a million (fewer under sanitizers, where resident memory
/// is the sanitizer's and is not compared); `make soak` runs 10 million sentences against the
/// release build (LOCATE_SOAK_SENTENCES, LOCATE_SOAK_BINARY).
@Suite struct MemoryFlatTests {
  static let environment = ProcessInfo.processInfo.environment
  static let sentences =
    Int(environment["LOCATE_SOAK_SENTENCES"] ?? "") ?? (runsUnderSanitizer ? 200_000 : 1_000_000)
  static let binary = environment["LOCATE_SOAK_BINARY"] ?? Paths.locate

  @Test("RSS after many sentences within 2 MB of RSS after 10 000; descriptors unchanged")
  func residentMemoryIsFlat() throws {
    let watch = try LocateChild(
      ["watch", "--input", "-", "--format", "csv", "--no-pause"], program: Self.binary,
      stdin: .pipe)
    watch.countsOnly = true
    var stream = SentenceStream()
    let epochs = Self.sentences / SentenceStream.sentencesPerEpoch
    let early = 10_000 / SentenceStream.sentencesPerEpoch
    var chunk: [UInt8] = []
    chunk.reserveCapacity(512 * 1024)
    var samples: [(epochs: Int, kib: Int, descriptors: Int)] = []

    func sample() throws {
      // The header line, then one row per fix: wait until every epoch sent was printed.
      let target = stream.epochs + 1
      guard
        waitUntil(
          timeout: 300,
          {
            watch.drain()
            return watch.linesRead >= target
          })
      else {
        throw TestFailure("printed \(watch.linesRead - 1) of \(stream.epochs) fixes")
      }
      guard let kib = watch.residentKiB else { throw TestFailure("no VmRSS for \(watch.pid)") }
      samples.append((stream.epochs, kib, watch.descriptorCount))
    }

    chunk.removeAll(keepingCapacity: true)
    stream.append(early, to: &chunk)
    #expect(chunk.withUnsafeBytes { watch.write($0) })
    try sample()
    while stream.epochs < epochs {
      chunk.removeAll(keepingCapacity: true)
      stream.append(min(1000, epochs - stream.epochs), to: &chunk)
      guard chunk.withUnsafeBytes({ watch.write($0) }) else {
        throw TestFailure("locate stopped reading: \(watch.stderr)")
      }
    }
    try sample()
    watch.closeInput()
    #expect(try watch.wait(timeout: 300) == 0)
    #expect(watch.stderr == "")
    #expect(watch.linesRead == epochs + 1)
    let (first, last) = (samples[0], samples[1])
    #expect(
      runsUnderSanitizer || last.kib - first.kib <= 2048,
      "RSS \(first.kib) KiB after \(first.epochs * 6) sentences, \(last.kib) KiB after \(last.epochs * 6)"
    )
    #expect(last.descriptors == first.descriptors)
    print(
      "MemoryFlatTests: RSS \(first.kib) KiB after \(first.epochs * 6) sentences, \(last.kib) KiB after \(last.epochs * 6) (\(Self.binary))"
    )
  }
}
