// The one place the tests find gpsd's receiver captures and gpsd 3.22's output for them. They
// are other projects' files, never copied into the repository: read in place from
// ../shared/fixtures/gpsd (57 logs), else from the logs gpsd 3.22 ships in Debian's source
// package, unpacked by `make deps` (.ci/gpsd-logs.sh) into .build/gpsd-3.22 (45 of the 57).
// A test whose capture is absent is skipped and says which (see `enabled(_:)`).
import Foundation

/// gpsd's captures of the test bed and gpsd 3.22's regression output for each.
public enum GpsdCaptures {
  /// Where the captures come from.
  public enum Origin: Sendable, Equatable {
    /// `../shared/fixtures/gpsd` (or `$LOCATE_SHARED/fixtures/gpsd`): all 57.
    case shared
    /// Debian's gpsd 3.22 source package, unpacked by `make deps`.
    case debian
  }

  /// The test bed: 57 NMEA captures of gpsd's `test/daemon` chosen in
  /// `../shared/fixtures/gpsd/SOURCE.md` (45 of them already shipped with gpsd 3.22).
  public static let testBed = [
    "ac12", "april6_2019", "beidou-bd", "bt451", "bu353-glonass", "bu353s4", "cat-ms352",
    "ch-4711", "eXplorist210", "ericsson-gru04-02-70sec", "firefly-II", "furuno_gl_ga",
    "garmin-10x", "garmin-geko201", "garmin15x", "garmin48", "gp-320fw-2019-04-07-coldboot",
    "gpsdf", "gr601-w", "haicom-305N", "hemi", "hp58534a", "humminbird-M37", "iTrek", "isync",
    "jl-micro-jlt", "magellan-ec10", "meinberg-gps164", "motorola-t805", "mt3339", "mtk-3301",
    "myguide-3100", "navika-100-fix", "neo-m8n", "nl2008u", "nmea-fuzzy-cases", "nmea-rtk",
    "polarx2", "quectel-eg25-g", "quectel-l76k-nmea", "quectelLC79D", "rst39", "sl869",
    "skytraq-dgps", "st-teseo-liv4f", "telit-he910", "telit-pls83-w", "tn200", "tomtom-mkII",
    "triton400", "ublox-f9p-hpnmea", "ublox-lea-4h", "ublox-lea-5h", "ublox-neo-m9n-nmea",
    "ublox-zed-f9p-nmea", "unicore-um621", "venus634lp",
  ]

  /// `.build/gpsd-3.22` in the repository: what `make deps` unpacks from Debian.
  public static let debianDirectory = Paths.root + "/.build/gpsd-3.22"

  /// The folder in use and where it is from; nil when neither is there.
  public static let source: (directory: String, origin: Origin)? = {
    if let shared = Paths.shared, isDirectory(shared + "/fixtures/gpsd") {
      return (shared + "/fixtures/gpsd", .shared)
    }
    if FileManager.default.fileExists(atPath: debianDirectory + "/.complete") {
      return (debianDirectory, .debian)
    }
    return nil
  }()

  /// The folder the captures are read from (`NAME.log`, `expected-full-322/NAME.out`,
  /// `expected-tpv/NAME.jsonl`), or nil.
  public static var directory: String? { source?.directory }

  /// The test bed's captures that are here, sorted.
  public static let names: [String] = testBed.filter(has)

  /// The test bed's captures that are not here.
  public static var missing: [String] { testBed.filter { !has($0) } }

  /// Whether `NAME.log` and gpsd 3.22's output for it are here.
  public static func has(_ name: String) -> Bool {
    guard let directory else { return false }
    let manager = FileManager.default
    return manager.fileExists(atPath: directory + "/" + name + ".log")
      && manager.fileExists(atPath: directory + "/expected-full-322/" + name + ".out")
  }

  /// The path of `NAME.log` (`name` without `.log`); where it would be when it is absent.
  public static func log(_ name: String) -> String {
    (directory ?? debianDirectory) + "/" + name + ".log"
  }

  /// gpsd 3.22's regression transcript for `NAME.log`.
  public static func transcript(_ name: String) -> String {
    (directory ?? debianDirectory) + "/expected-full-322/" + name + ".out"
  }

  /// gpsd 3.22's TPVs for `NAME.log`, one object per line.
  public static func expectedTPVs(_ name: String) -> String {
    (directory ?? debianDirectory) + "/expected-tpv/" + name + ".jsonl"
  }

  /// What is missing, for a skipped test's line.
  public static func absence(_ names: [String]) -> String {
    let what = names.isEmpty ? "gpsd's captures" : names.map { $0 + ".log" }.joined(separator: ", ")
    let shared = Paths.shared.map { $0 + "/fixtures/gpsd" } ?? "../shared/fixtures/gpsd"
    return "absent: \(what) (gpsd's test captures; neither \(shared) nor \(debianDirectory),"
      + " which make deps unpacks from Debian's gpsd 3.22 source, has it)"
  }

  private static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}
