// Where the tests find things: the repository (from this file's path), its fixtures, the shared
// folder beside it when there is one (other projects' captures and data, read in place), and the
// executables of the same build as the running tests. gpsd's captures: GpsdCaptures.
import Foundation

/// Paths of the repository and of the build the tests run from.
public enum Paths {
  /// The repository root.
  public static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// The drive we recorded from `locate simulate` (Fixtures/simulated/SOURCE.md): 72 one-second
  /// epochs through Munich on 2026-01-01 from 12:00:00Z, multi-GNSS, always a fix.
  public static let simulatedDrive = root + "/Fixtures/simulated/munich-drive.nmea"

  /// The project's shared folder beside the repository (`../shared`: other projects' captures
  /// and data, read in place, never copied in), or `$LOCATE_SHARED`; nil when absent (a clone
  /// elsewhere): a test that needs it says so and is skipped.
  public static let shared: String? = {
    let path =
      ProcessInfo.processInfo.environment["LOCATE_SHARED"]
      ?? URL(fileURLWithPath: root).deletingLastPathComponent().appendingPathComponent("shared")
      .path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return nil }
    return path
  }()

  /// `../shared/RELATIVE` when the shared folder and that file are there, else nil.
  public static func sharedFile(_ relative: String) -> String? {
    guard let shared, FileManager.default.fileExists(atPath: shared + "/" + relative) else {
      return nil
    }
    return shared + "/" + relative
  }

  /// Every capture under `../shared/fixtures/foreign` (other projects' test captures, read in
  /// place), sorted; empty when the shared folder is absent.
  public static var foreignCaptures: [String] {
    guard let shared else { return [] }
    let base = shared + "/fixtures/foreign"
    guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
    var found: [String] = []
    while let relative = walker.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      guard !name.hasSuffix(".md"), !name.hasSuffix(".tsv") else { continue }
      var isDirectory: ObjCBool = false
      let path = base + "/" + relative
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        found.append(path)
      }
    }
    return found.sorted()
  }

  /// The directory of the running tests' build (the test bundle's).
  public static let buildDirectory: URL = {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
    if directory.lastPathComponent == "MacOS" || directory.path.hasSuffix(".xctest/Contents") {
      directory = directory.deletingLastPathComponent().deletingLastPathComponent()
    }
    return directory
  }()

  /// The `locate` executable of the same build as the running tests (LOCATE_TEST_BINARY
  /// names another, e.g. an older build, to see a test fail without its fix).
  public static let locate: String = {
    if let other = ProcessInfo.processInfo.environment["LOCATE_TEST_BINARY"] { return other }
    let sibling = built("locate")
    if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
    return root + "/.build/debug/locate"
  }()

  /// An executable of the running tests' build, beside the test bundle (`ReleaseClient`…).
  public static func built(_ name: String) -> String {
    buildDirectory.appendingPathComponent(name).path
  }

  /// A fresh temporary directory named after `prefix`; remove it with ``removeTree(_:)``.
  public static func temporaryDirectory(prefix: String = "locate-tests") throws -> String {
    let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(prefix)
    var template = Array((base.path + "-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp failed: \(errno)") }
    return String(cString: made)
  }

  /// Removes a directory and everything in it.
  public static func removeTree(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }
}
