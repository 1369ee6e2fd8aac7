import Foundation

@_exported import TestSupport

/// The gpsd captures and gpsd 3.22's output, found next to this source file (never via
/// /work/shared, which CI does not have).
enum Fixtures {
  /// `Fixtures/gpsd` in the package.
  static let gpsd: URL = Paths.gpsdDirectory

  /// Every receiver capture in `Fixtures/` (the 57 of `gpsd/`, and those of `gpsd-other/` and
  /// `gpsbabel/`), sorted by path.
  static var allCaptures: [URL] {
    let root = gpsd.deletingLastPathComponent()
    var found: [URL] = []
    for folder in ["gpsd", "gpsd-other", "gpsbabel"] {
      let directory = root.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      for name in names where name.hasSuffix(".log") || name.hasSuffix(".nmea") {
        found.append(directory.appendingPathComponent(name))
      }
    }
    return found.sorted { $0.path < $1.path }
  }

  /// The 57 capture names, sorted.
  static var captures: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: gpsd.path)) ?? []
    return names.filter { $0.hasSuffix(".log") }.map { String($0.dropLast(4)) }.sorted()
  }

  /// A capture's bytes.
  static func log(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: gpsd.appendingPathComponent("\(name).log")))
  }

  /// gpsd 3.22's transcript for a capture.
  static func transcript(_ name: String) throws -> String {
    try String(
      contentsOf: gpsd.appendingPathComponent("expected-full-322/\(name).out"), encoding: .utf8)
  }

  /// gpsd 3.22's TPVs for a capture, one JSON object per line.
  static func expectedTPVs(_ name: String) throws -> [String] {
    try String(
      contentsOf: gpsd.appendingPathComponent("expected-tpv/\(name).jsonl"), encoding: .utf8
    )
    .split(separator: "\n").map(String.init)
  }
}
