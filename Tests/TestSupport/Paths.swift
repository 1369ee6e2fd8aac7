// Where the tests find things: the repository (from this file's path, never /work/shared, which
// CI does not have), its fixtures, and the executables of the same build as the running tests.
import Foundation

/// Paths of the repository and of the build the tests run from.
public enum Paths {
  /// The repository root.
  public static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// `Fixtures/gpsd/NAME` (NAME with its extension).
  public static func gpsd(_ name: String) -> String { root + "/Fixtures/gpsd/" + name }

  /// `Fixtures/gpsd` as a URL.
  public static var gpsdDirectory: URL { URL(fileURLWithPath: root + "/Fixtures/gpsd") }

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
