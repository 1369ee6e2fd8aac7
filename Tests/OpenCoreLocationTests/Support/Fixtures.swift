import Foundation
@_exported import TestSupport

/// The captures of these tests: gpsd's and gpsd 3.22's output for them, read in place
/// (``GpsdCaptures``), GPSBabel's in ../shared, and the ones in the repository's `Fixtures/`.
enum Fixtures {
  /// The path of gpsd's `NAME.log` (``GpsdCaptures/log(_:)``; a test that reads it has the
  /// trait `GpsdCaptures.needs(NAME)`).
  static func gpsd(_ name: String) -> String { GpsdCaptures.log(name) }

  /// GPSBabel's captures in ../shared/fixtures/foreign/gpsbabel that the tests use, where the
  /// shared folder is.
  static let gpsbabel = ["addmultipledaysbkw.nmea", "backfilldate.nmea"].compactMap {
    Paths.sharedFile("fixtures/foreign/gpsbabel/" + $0)
  }

  /// Every receiver capture here: the gpsd test bed's (57, or Debian's 45), our own in
  /// `Fixtures/` (gpsd-other's excerpt, the recorded drive), GPSBabel's two in ../shared;
  /// sorted by path.
  static var allCaptures: [URL] {
    var found = GpsdCaptures.names.map(GpsdCaptures.log) + gpsbabel
    for folder in ["gpsd-other", "simulated"] {
      let directory = Paths.root + "/Fixtures/" + folder
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      for name in names where name.hasSuffix(".log") || name.hasSuffix(".nmea") {
        found.append(directory + "/" + name)
      }
    }
    return found.sorted().map { URL(fileURLWithPath: $0) }
  }

  /// The test bed's capture names that are here, sorted.
  static var captures: [String] { GpsdCaptures.names }

  /// A capture's bytes.
  static func log(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: GpsdCaptures.log(name))))
  }

  /// gpsd 3.22's transcript for a capture.
  static func transcript(_ name: String) throws -> String {
    try String(contentsOfFile: GpsdCaptures.transcript(name), encoding: .utf8)
  }

  /// gpsd 3.22's TPVs for a capture, one JSON object per line.
  static func expectedTPVs(_ name: String) throws -> [String] {
    try String(contentsOfFile: GpsdCaptures.expectedTPVs(name), encoding: .utf8)
      .split(separator: "\n").map(String.init)
  }
}
