import Foundation
import Testing

/// A holder that cannot share (issue 21, point 8): another local user made `/tmp/locate-UID`
/// before this user's first `locate` (and there is no `$XDG_RUNTIME_DIR`), so the holder has
/// no private directory to listen in. A second `locate` of the same user waits no longer than
/// its `--timeout` (it waited a fixed 10 s), and says why it cannot join; the holder says so
/// with `--verbose`.
@Suite struct SharingObstacleEndToEndTests {
  /// A user of its own (no passwd entry needed), so that its `/tmp/locate-UID` is this test's.
  static let uid = 54_321

  @Test func directoryMadeByAnotherUser() throws {
    try #require(getuid() == 0, "needs root to act as another user")
    let runtime = "/run/user/\(Self.uid)"
    try #require(!FileManager.default.fileExists(atPath: runtime), "\(runtime) exists")
    let obstacle = "/tmp/locate-\(Self.uid)"
    _ = rmdir(obstacle)
    try #require(mkdir(obstacle, 0o755) == 0, "cannot make \(obstacle)")
    defer { _ = rmdir(obstacle) }
    let simulator = try Simulator()
    defer { simulator.stop() }
    let device = try FileManager.default.destinationOfSymbolicLink(atPath: simulator.path)
    #expect(chmod(device, 0o666) == 0)
    // The user may not reach the build directory; the copy is named locate, as a holder must be.
    let copy = simulator.directory + "/locate"
    try PermissionEndToEndTests.copyExecutable(Paths.locate, to: copy)
    #expect(chmod(simulator.directory, 0o755) == 0)
    let options = try PermissionEndToEndTests.nobodysSanitizerOptions()
    defer { for copy in options.copies { unlink(copy) } }
    let user = ["--reuid=\(Self.uid)", "--regid=\(Self.uid)", "--clear-groups"]
    let holder = try Spawned(
      user + [copy, "watch", "--device", device, "--verbose"], environment: options.environment,
      program: "/usr/bin/setpriv")
    defer {
      holder.signal(SIGTERM)
      _ = try? holder.wait(timeout: 30)
      holder.stop()
    }
    try holder.waitForStderr("connected at")
    let started = Date()
    let joiner = try CLI.runProgram(
      "/usr/bin/setpriv", user + [copy, "current", "--device", device, "--timeout", "2"],
      stdin: nil, environment: options.environment, timeout: 60)
    let waited = Date().timeIntervalSince(started)
    #expect(joiner.status == 75, "\(joiner)")
    #expect(waited < 6, "waited \(waited) s for --timeout 2")
    #expect(
      joiner.stderr
        == "locate: \(device): busy, held by locate, pid \(holder.pid) (it cannot share it: no"
        + " private directory to listen in, as \(obstacle) belongs to root, not to \(Self.uid),"
        + " and XDG_RUNTIME_DIR is not set; another local user can make that directory in /tmp"
        + " first: have it removed, or set XDG_RUNTIME_DIR to a private directory; or stop pid"
        + " \(holder.pid), or wait for it to finish)\n")
    #expect(
      holder.stderr.contains(
        "locate: \(device) is not shared with other locates of this user: no private directory"
          + " to listen in, as \(obstacle) belongs to root"), "\(holder.stderr)")
  }
}
