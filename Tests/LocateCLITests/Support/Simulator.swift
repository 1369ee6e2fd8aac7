import Foundation

/// `locate simulate` running in the background for a test, on a symlink in its own directory.
final class Simulator: Sendable {
  let process: Spawned
  let directory: String
  /// The path it printed (the symlink).
  let path: String

  /// Starts `locate simulate --link DIR/gps` with `options` and waits for its first line.
  init(_ options: [String] = []) throws {
    directory = try Paths.temporaryDirectory()
    let link = directory + "/gps"
    process = try Spawned(["simulate", "--link", link] + options)
    path = try process.waitForLines(1).first ?? ""
  }

  /// Stops it and removes its directory.
  func stop() {
    process.signal(SIGINT)
    _ = try? process.wait(timeout: 30)
    process.stop()
    try? FileManager.default.removeItem(atPath: directory)
  }
}
