import Foundation
import Platform
import Testing

/// Every run on a finite input ends after its end, and prints the valid fix the input holds:
/// a capture of one epoch, every prefix of every capture there is (its first k lines,
/// k = 1 … 50) and random truncations mid-line. No oracle is needed: `watch --input` and
/// `current --input` must both end (within ``bound`` seconds, a hang guard: they take
/// milliseconds), `watch` with status 0, and `current` must have a fix exactly when `watch`
/// prints one — the same fix, its first.
@Suite("Finite inputs end, with their fix")
struct FiniteInputTests {
  /// Seconds a run may take before it counts as hung (README: "every run on a finite input
  /// ends"; a run takes milliseconds, the rest is room for a loaded or sanitized machine).
  static let bound = 30.0

  /// The issue's capture of one epoch: one GGA, no date.
  static let oneEpoch =
    "$GPGGA,184353.07,1929.045,S,02410.506,E,1,04,2.6,100.00,M,-33.9,M,,0000*6D\r\n"

  @Test("a capture of one GGA: watch prints its fix, current answers with it")
  func oneEpochCapture() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let path = directory + "/one.log"
    try #require(FileManager.default.createFile(atPath: path, contents: Data(Self.oneEpoch.utf8)))
    let watch = try CLI.run(["watch", "--input", path, "--json"], timeout: Self.bound)
    #expect(watch.status == 0, "\(watch)")
    let tpvs = watch.lines.filter { $0.hasPrefix("{\"class\":\"TPV\"") }
    #expect(tpvs.count == 1, "\(watch)")
    #expect(tpvs.first?.contains("\"lat\":-19.484083333,\"lon\":24.175100000") == true)
    // The end of the input comes after the fix it closed.
    #expect(watch.lines.last == "{\"class\":\"EVENT\",\"event\":\"device\",\"state\":\"ended\"}")
    let current = try CLI.run(["current", "--input", path], timeout: Self.bound)
    #expect(current.status == 0, "\(current)")
    #expect(current.stdout.hasPrefix("Position  -19.484083, 24.175100\n"), "\(current)")
  }

  /// One input the sweep runs: a name for failures, and its bytes.
  struct Case: Sendable {
    var name: String
    var bytes: Data
  }

  /// Every capture this checkout can read (the repository's; gpsd's, from `../shared` or
  /// Debian's gpsd source; the foreign ones of `../shared` when present), each once.
  static var captures: [(String, Data)] {
    var paths: [String] = []
    let fixtures = Paths.root + "/Fixtures"
    if let walker = FileManager.default.enumerator(atPath: fixtures) {
      while let relative = walker.nextObject() as? String {
        guard !relative.contains("expected-"),
          relative.hasSuffix(".log") || relative.hasSuffix(".nmea")
        else { continue }
        paths.append(fixtures + "/" + relative)
      }
    }
    paths += GpsdCaptures.names.map(GpsdCaptures.log)
    paths += Paths.foreignCaptures
    var seen = Set<Data>()
    var found: [(String, Data)] = []
    for path in paths.sorted() {
      guard let bytes = FileManager.default.contents(atPath: path), seen.insert(bytes).inserted
      else { continue }
      found.append((path.replacingOccurrences(of: Paths.root + "/", with: ""), bytes))
    }
    return found
  }

  /// Prefixes of k = 1 … 50 lines (every `stride`-th under a sanitizer, which is many times
  /// slower), and three random truncations mid-line within the first 200 lines.
  static func cases(stride: Int) -> [Case] {
    var random = SeededRandom(seed: 21)
    var cases: [Case] = []
    // A prefix that differs from another only by `#` comment lines (gpsd's logs start with a
    // few) reads the same: run once.
    var seen = Set<Data>()
    func add(_ name: String, _ bytes: Data) {
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      let content = Data(lines.filter { $0.first != UInt8(ascii: "#") }.joined(separator: [0x0A]))
      if seen.insert(content).inserted { cases.append(Case(name: name, bytes: bytes)) }
    }
    for (name, bytes) in captures {
      var ends: [Int] = []  // the offset after each line's LF
      for (offset, byte) in bytes.enumerated() where byte == 0x0A { ends.append(offset + 1) }
      if ends.last != bytes.count { ends.append(bytes.count) }
      for k in Swift.stride(from: 1, through: min(50, ends.count), by: stride) {
        add("\(name) first \(k) lines", bytes.prefix(ends[k - 1]))
      }
      for _ in 0..<3 {
        let line = Int.random(in: 0..<min(200, ends.count), using: &random)
        let start = line == 0 ? 0 : ends[line - 1]
        guard ends[line] - start > 2 else { continue }
        let cut = start + Int.random(in: 1..<(ends[line] - start - 1), using: &random)
        add("\(name) cut at byte \(cut)", bytes.prefix(cut))
      }
    }
    return cases
  }

  /// What one case broke, if anything.
  static func check(_ input: Case, in directory: String, index: Int) -> String? {
    let path = directory + "/case-\(index).nmea"
    guard FileManager.default.createFile(atPath: path, contents: input.bytes) else {
      return "\(input.name): could not write \(path)"
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let watch: RunResult
    let current: RunResult
    do {
      watch = try CLI.run(["watch", "--input", path, "--json", "--no-pause"], timeout: bound)
      current = try CLI.run(["current", "--input", path, "--json"], timeout: bound)
    } catch {
      return "\(input.name): \(error)"
    }
    guard watch.status == 0 else { return "\(input.name): watch ended with \(watch)" }
    let firstFix = watch.lines.first {
      $0.hasPrefix("{\"class\":\"TPV\"") && $0.contains("\"lat\":")
    }
    switch (firstFix, current.status) {
    case (nil, 5): return nil
    case (nil, _): return "\(input.name): watch printed no fix, current: \(current)"
    case (let fix?, 0):
      guard Self.position(fix) == Self.position(current.stdout) else {
        return "\(input.name): watch's first fix \(fix)\ncurrent's \(current.stdout)"
      }
      return nil
    case (let fix?, _): return "\(input.name): watch printed \(fix), but current: \(current)"
    }
  }

  /// The `"lat":…,"lon":…` members of a TPV line.
  static func position(_ line: String) -> Substring? {
    guard let start = line.range(of: "\"lat\":")?.lowerBound,
      let lon = line.range(of: "\"lon\":", range: start..<line.endIndex)
    else { return nil }
    let end =
      line[lon.upperBound...].firstIndex { $0 == "," || $0 == "}" } ?? line.endIndex
    return line[start..<end]
  }

  @Test("every prefix and truncation of every capture: both commands end, and agree on the fix")
  func everyPrefixEnds() throws {
    let cases = Self.cases(stride: runsUnderSanitizer ? 7 : 1)
    try #require(cases.count > 100, "too few captures found: \(cases.count) cases")
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let failures = Locked<[String]>([])
    // Runs spend much of their time starting up and waiting: more of them than cores at once.
    concurrentlyForEach(cases.indices, width: 6) { index in
      if let failure = Self.check(cases[index], in: directory, index: index) {
        failures.withLock { $0.append(failure) }
      }
    }
    let found = failures.withLock { $0 }
    #expect(
      found.isEmpty,
      "\(found.count) of \(cases.count) cases failed:\n\(found.prefix(20).joined(separator: "\n"))")
  }
}

/// Runs `body` for each of `indices` on `width` threads at once; returns when all are done.
func concurrentlyForEach(
  _ indices: Range<Int>, width: Int, _ body: @escaping @Sendable (Int) -> Void
) {
  let next = Locked(indices.lowerBound)
  let group = DispatchGroup()
  for _ in 0..<width {
    group.enter()
    Thread.detachNewThread {
      defer { group.leave() }
      while true {
        let index = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard index < indices.upperBound else { return }
        body(index)
      }
    }
  }
  group.wait()
}
