import Foundation

/// Where the tests find things: the repository (from this file's path, never /work/shared),
/// its fixtures, and the built `locate` next to the test bundle.
enum Paths {
  /// The repository root.
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// `Fixtures/gpsd/NAME`.
  static func gpsd(_ name: String) -> String { root + "/Fixtures/gpsd/" + name }

  /// `Tests/LocateCLITests/Fixtures/NAME`.
  static func fixture(_ name: String) -> String {
    root + "/Tests/LocateCLITests/Fixtures/" + name
  }

  /// The `locate` executable of the same build as the running tests (LOCATE_TEST_BINARY
  /// names another, e.g. an older build, to see a test fail without its fix).
  static let locate: String = {
    if let other = ProcessInfo.processInfo.environment["LOCATE_TEST_BINARY"] { return other }
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
    if directory.lastPathComponent == "MacOS" || directory.path.hasSuffix(".xctest/Contents") {
      directory = directory.deletingLastPathComponent().deletingLastPathComponent()
    }
    let sibling = directory.appendingPathComponent("locate").path
    if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
    return root + "/.build/debug/locate"
  }()

  /// A fresh temporary directory, removed by the caller with `cleanUp`.
  static func temporaryDirectory() throws -> String {
    var template = Array((NSTemporaryDirectory() + "/locate-cli-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp failed: \(errno)") }
    return String(cString: made)
  }
}

/// A failure in the test machinery itself.
struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
