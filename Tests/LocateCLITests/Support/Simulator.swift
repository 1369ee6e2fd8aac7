import Foundation

/// `locate simulate` running in the background for a test, on a symlink in its own directory,
/// replaying a capture (our recorded drive through Munich, ``Paths/simulatedDrive``) in a
/// loop, or the synthetic drive with `drive: true`.
final class Simulator: Sendable {
  /// The capture replayed.
  static let capture = Paths.simulatedDrive

  let process: Spawned
  let directory: String
  /// The path it printed (the symlink).
  let path: String

  /// Starts `locate simulate --link DIR/gps` with `options` and waits for its first line.
  init(_ options: [String] = [], drive: Bool = false) throws {
    directory = try Paths.temporaryDirectory()
    let link = directory + "/gps"
    let script = drive ? [] : ["--capture", Self.capture, "--loop"]
    process = try Spawned(["simulate", "--link", link] + script + options)
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
