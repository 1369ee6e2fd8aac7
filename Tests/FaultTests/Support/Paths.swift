import Foundation

/// Where the fault tests find things: the repository (from this file's path, never
/// /work/shared), its fixtures, and the built `locate` next to the test bundle.
enum Paths {
  /// The repository root.
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// `Fixtures/gpsd/NAME`.
  static func gpsd(_ name: String) -> String { root + "/Fixtures/gpsd/" + name }

  /// `Tests/FaultTests/FuzzRegressions`.
  static let fuzzRegressions = root + "/Tests/FaultTests/FuzzRegressions"

  /// The GPX 1.1 subset schema the CLI tests validate with.
  static let gpxSchema = root + "/Tests/LocateCLITests/Fixtures/gpx-subset.xsd"

  /// The directory of the running tests' build (the test bundle's).
  static let buildDirectory: URL = {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: executable).deletingLastPathComponent()
  }()

  /// The `locate` executable of the same build as the running tests (LOCATE_TEST_BINARY
  /// names another, e.g. an older build, to see a test fail without its fix).
  static let locate: String = {
    if let other = ProcessInfo.processInfo.environment["LOCATE_TEST_BINARY"] { return other }
    let sibling = buildDirectory.appendingPathComponent("locate").path
    if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
    return root + "/.build/debug/locate"
  }()

  /// An executable of the running tests' build, beside the test bundle (`ReleaseClient`).
  static func built(_ name: String) -> String {
    buildDirectory.appendingPathComponent(name).path
  }

  /// A fresh temporary directory; remove it with ``removeTree(_:)``.
  static func temporaryDirectory() throws -> String {
    let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("locate-faults")
    var template = Array((base.path + "-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp failed: \(errno)") }
    return String(cString: made)
  }

  /// Removes a directory and everything in it.
  static func removeTree(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// A failure in the test machinery itself, or an outcome that makes going on pointless.
struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Sleeps for `seconds` (polling loops use it; no test asserts a duration).
func pause(_ seconds: Double) {
  usleep(UInt32(seconds * 1_000_000))
}

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass (generous timeouts:
/// the machine may be loaded); returns whether it held.
@discardableResult
func waitUntil(timeout: Double = 60, _ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if try condition() { return true }
    pause(0.02)
  }
  return try condition()
}

/// Whether this process (and so the `locate` it runs, from the same build) is built with
/// AddressSanitizer or ThreadSanitizer: resident memory then measures the sanitizer's shadow
/// memory and quarantine, not `locate`'s.
let runsUnderSanitizer: Bool = {
  guard let process = dlopen(nil, RTLD_NOW) else { return false }
  defer { dlclose(process) }
  return dlsym(process, "__asan_init") != nil || dlsym(process, "__tsan_init") != nil
}()
