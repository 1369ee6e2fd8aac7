import Foundation
import Testing

@testable import NMEA

/// No heap allocation per sentence: valgrind counts the allocations of `LocateBench decode`
/// (built next to this test binary by `swift build --build-tests`) on 3 and on 30 copies of
/// every typed sentence of three captures; the counts must be equal.
///
/// The bench script does the same on the release build (`make bench`). Skipped when valgrind
/// or the binary is missing, and in sanitizer builds (valgrind cannot run those).
@Suite struct AllocationTests {
  static let bench: URL = URL(fileURLWithPath: CommandLine.arguments[0])
    .resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("LocateBench")

  static let valgrind: String? = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// valgrind and the binary are there, and the binary is not built with a sanitizer.
  static var isAvailable: Bool {
    guard valgrind != nil, FileManager.default.isExecutableFile(atPath: bench.path),
      FileManager.default.isExecutableFile(atPath: "/usr/bin/strip"),
      let binary = try? Data(contentsOf: bench)
    else { return false }
    return binary.range(of: Data("__asan_init".utf8)) == nil
      && binary.range(of: Data("__tsan_init".utf8)) == nil
  }

  @Test(
    .enabled(if: isAvailable),
    GpsdCaptures.needs("ublox-neo-m9n-nmea", "quectel-l76k-nmea", "telit-pls83-w"),
    .timeLimit(.minutes(10)))
  func heapAllocationsDoNotGrowWithTheNumberOfSentences() throws {
    var typed: [UInt8] = []
    for name in ["ublox-neo-m9n-nmea", "quectel-l76k-nmea", "telit-pls83-w"] {
      for case .sentence(let sentence, _) in decodeAll(try Fixtures.capture(name)).events {
        switch sentence {
        case .txt, .proprietary, .unknown: continue  // these keep their text in strings
        default: NMEAEncoder().encode(sentence, appendingTo: &typed)
        }
      }
    }
    let small = try allocations(Array([[UInt8]](repeating: typed, count: 3).joined()))
    let large = try allocations(Array([[UInt8]](repeating: typed, count: 30).joined()))
    #expect(small.sentences > 10_000)
    #expect(large.sentences == 10 * small.sentences)
    #expect(large.allocations == small.allocations)
  }

  /// Runs the decode bench under valgrind on `bytes`.
  func allocations(_ bytes: [UInt8]) throws -> (allocations: Int, sentences: Int) {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("nmea-alloc-\(getpid())-\(bytes.count).nmea")
    try Data(bytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    // Valgrind 3.19 cannot read the DWARF 5 of a large debug build ("possibly corrupted
    // debuginfo file"): run a copy without debug information.
    let binary = FileManager.default.temporaryDirectory
      .appendingPathComponent("nmea-alloc-bench-\(getpid())-\(bytes.count)")
    try? FileManager.default.removeItem(at: binary)
    try FileManager.default.copyItem(at: Self.bench, to: binary)
    defer { try? FileManager.default.removeItem(at: binary) }
    let strip = Process()
    strip.executableURL = URL(fileURLWithPath: "/usr/bin/strip")
    strip.arguments = ["--strip-debug", binary.path]
    try strip.run()
    strip.waitUntilExit()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.valgrind ?? "valgrind")
    process.arguments = [
      "--tool=memcheck", "--leak-check=no", binary.path, "decode", file.path, "--quiet",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    return (number(after: "total heap usage: ", in: text), number(after: "sentences=", in: text))
  }

  /// The integer (commas allowed) after `marker` in `text`, or -1.
  func number(after marker: String, in text: String) -> Int {
    guard let range = text.range(of: marker) else { return -1 }
    let digits = text[range.upperBound...].prefix { $0.isNumber || $0 == "," }
    return Int(digits.filter(\.isNumber)) ?? -1
  }
}
