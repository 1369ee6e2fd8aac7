import Foundation
import Testing

/// Output that fails while `watch` streams fixes from a receiver: a full disk and a closed
/// standard output end the run with one clear line and status 74 (EX_IOERR), never a hang; a
/// consumer that stops reading for a while holds `locate` back, and gets every fix once it
/// reads again.
@Suite struct OutputFailureTests {
  static let diskFull =
    "locate: writing standard output: No space left on device "
    + "(free some space, or write somewhere else)\n"
  static let closed =
    "locate: writing standard output: Bad file descriptor "
    + "(standard output is closed: redirect it to a file or a pipe)\n"

  /// Starts `watch` on a fresh drive, with `stdout`, and sends epochs until it ends.
  func watchUntilItFails(format: [String], stdout: LocateChild.Output) throws -> LocateChild {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    let watch = try LocateChild(
      ["watch", "--device", feeder.link, "--baud", "9600", "--no-pause"] + format,
      stdout: stdout)
    for _ in 0..<600 where watch.isRunning {
      try feeder.send(1)
      pause(0.05)
    }
    _ = try watch.wait(timeout: 60)
    return watch
  }

  @Test(
    "a full disk: one line, status 74, at the first fix or the document's start",
    arguments: [["--json"], ["--format", "gpx"], ["--format", "geojson"], ["--format", "csv"]])
  func diskFull(format: [String]) throws {
    let watch = try watchUntilItFails(format: format, stdout: .device("/dev/full"))
    #expect(try watch.wait() == 74)
    #expect(watch.stderr == Self.diskFull)
  }

  @Test(
    "standard output closed: one line, status 74",
    arguments: [["--json"], ["--format", "gpx"], ["--format", "text"]])
  func stdoutClosed(format: [String]) throws {
    let watch = try watchUntilItFails(format: format, stdout: .closed)
    #expect(try watch.wait() == 74)
    #expect(watch.stderr == Self.closed)
  }

  @Test("a live consumer that stops reading for a while loses nothing")
  func slowLiveConsumer() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    let watch = try LocateChild(
      ["watch", "--device", feeder.link, "--baud", "9600", "--json", "--no-pause"],
      stdout: .pipe(capacity: 4096))
    try watch.waitFor(UnplugStormTests.connected)
    try UnplugStormTests.prime(feeder, watch, "slow")
    // 120 epochs at 10 Hz make about 40 KB of TPVs: ten times what the pipe holds, while
    // nobody reads it.
    try feeder.send(120, interval: 0.1)
    pause(1)
    let last = milliseconds(feeder.sent.last?.time ?? 0)
    try watch.waitForOutput("every fix") { _ in UnplugStormTests.lastFix(watch) == last }
    watch.signal(SIGINT)
    #expect(try watch.wait() == 0)
    #expect(watch.stderr == "")
    let printed = try Printed(watch.stdout)
    #expect(printed.fixes.map(\.time) == feeder.sent.map { milliseconds($0.time) })
  }

  @Test("a replay read by a consumer that stops for a while: the same fixes, all of them")
  func slowReplayConsumer() throws {
    let capture = Paths.simulatedDrive
    let arguments = ["watch", "--input", capture, "--json", "--no-pause"]
    let fast = try LocateChild(arguments)
    #expect(try fast.wait(timeout: 120) == 0)
    let slow = try LocateChild(arguments, stdout: .pipe(capacity: 4096))
    pause(2)
    #expect(slow.isRunning, "the replay did not wait for its reader")
    #expect(try slow.wait(timeout: 120) == 0)
    let expected = try Printed(fast.stdout).fixes
    #expect(expected.count > 50)
    #expect(try Printed(slow.stdout).fixes == expected)
    #expect(slow.stderr == "")
  }

  /// SIGINT while the output is blocked cannot write out what is left without a reader: it
  /// waits for one (nothing lost); a second SIGINT ends `locate` at once, status 130.
  @Test("a consumer that never reads: the first SIGINT waits, the second ends it (130)")
  func signalWhileOutputBlocked() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    let watch = try LocateChild(
      ["watch", "--device", feeder.link, "--baud", "9600", "--json", "--no-pause"],
      stdout: .pipe(capacity: 4096))
    try watch.waitFor(UnplugStormTests.connected)
    // Fill the pipe, then stop reading it.
    try feeder.send(60, interval: 0.02)
    pause(1)
    watch.signal(SIGINT)
    pause(1)
    #expect(watch.isRunning, "ended with output still unwritten")
    watch.signal(SIGINT)
    var status: Int32 = -1
    #expect(
      waitUntil {
        if watch.isRunning { return false }
        status = (try? watch.wait()) ?? -1
        return true
      })
    #expect(status == 130)
  }
}
