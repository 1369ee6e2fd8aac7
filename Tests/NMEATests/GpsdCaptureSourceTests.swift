import Foundation
import Testing

/// Where gpsd's captures come from (GpsdCaptures): ../shared's 57, or the 45 of them that
/// Debian's gpsd 3.22 source package ships, unpacked by `make deps`. Both must give the tests
/// the same data.
@Suite struct GpsdCaptureSourceTests {
  static func read(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// The lines of a file, split at LF as bytes (a CR stays on its line).
  static func lines(_ path: String) -> [Data] {
    (read(path) ?? Data()).split(separator: 0x0A, omittingEmptySubsequences: false).map {
      Data($0)
    }
  }

  /// The lines of a log that are not `#` comments: what gpsd and locate read.
  static func sentences(_ path: String) -> [Data] {
    lines(path).filter { $0.first != UInt8(ascii: "#") }
  }

  static var debianIsHere: Bool {
    FileManager.default.fileExists(atPath: GpsdCaptures.debianDirectory + "/.complete")
  }

  @Test(
    "Debian's gpsd 3.22 logs: 45 of the 57, gpsd's own output byte for byte as ../shared's",
    .enabled(
      if: GpsdCaptures.source?.origin == .shared && debianIsHere,
      "needs both ../shared/fixtures/gpsd and .build/gpsd-3.22 (make deps)"))
  func debianAgreesWithShared() throws {
    let shared = try #require(GpsdCaptures.directory)
    let debian = GpsdCaptures.debianDirectory
    let both = GpsdCaptures.testBed.filter {
      FileManager.default.fileExists(atPath: debian + "/" + $0 + ".log")
    }
    #expect(both.count == 45)
    for name in both {
      let output = "/expected-full-322/\(name).out"
      #expect(Self.read(debian + output) == Self.read(shared + output), "\(name).out")
      let tpv = "/expected-tpv/\(name).jsonl"
      #expect(Self.read(debian + tpv) == Self.read(shared + tpv), "\(name).jsonl")
      #expect(
        Self.sentences(debian + "/\(name).log") == Self.sentences(shared + "/\(name).log"),
        "\(name).log")
    }
  }

  @Test("expected-tpv is exactly the transcript's TPV lines", GpsdCaptures.needsAny)
  func tpvLinesOfTheTranscript() throws {
    let prefix = Data(#"{"class":"TPV""#.utf8)
    for name in GpsdCaptures.names {
      let tpvs = Self.lines(GpsdCaptures.transcript(name)).filter { $0.starts(with: prefix) }
      let expected = Self.read(GpsdCaptures.expectedTPVs(name))
      #expect(tpvs.map { $0 + [0x0A] }.reduce(Data(), +) == expected, "\(name)")
    }
  }
}
