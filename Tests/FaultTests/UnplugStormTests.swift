import Foundation
import Testing

/// Unplugging and replugging the receiver again and again while `locate watch` runs: it
/// survives, reports every unplug and return, writes out every fix it received, and keeps no
/// descriptor or thread from the connections that went away.
@Suite struct UnplugStormTests {
  static let cycles = 50
  static let connected = #""event":"device","state":"connected""#
  static let unplugged = #""event":"device","state":"unplugged""#

  /// Sends a primer sentence and waits until `locate` has read it: the epochs sent after it
  /// do not arrive in the first read after (re)connecting, which the service treats as a
  /// possible backlog (see LocationPolicy), so each of them must be printed.
  static func prime(_ feeder: DriveFeeder, _ watch: LocateChild, _ note: String) throws {
    let before = watch.bytesRead ?? 0
    let primer = DriveFeeder.sentence("GPTXT,01,01,02,\(note)")
    try feeder.write(primer)
    guard waitUntil({ (watch.bytesRead ?? 0) >= before + primer.utf8.count }) else {
      throw TestFailure("locate did not read the primer: \(watch.stderr)")
    }
  }

  /// The last fix printed so far (complete lines only).
  static func lastFix(_ watch: LocateChild) -> Int64? {
    (try? Printed(watch.stdout))?.fixes.last?.time
  }

  /// `pipe:[1234]` → `pipe`, `socket:[1234]` → `socket`; other targets as they are.
  static func kind(_ target: String) -> String {
    for prefix in ["pipe:[", "socket:["] where target.hasPrefix(prefix) {
      return String(prefix.dropLast(2))
    }
    return target
  }

  @Test("50 unplugs during watch: every fix received printed, every change reported, no leaks")
  func unplugStorm() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    let watch = try LocateChild([
      "watch", "--device", feeder.link, "--baud", "9600", "--json", "--no-pause",
    ])
    try watch.waitFor(Self.connected)

    var baseline: (descriptors: [String], threads: Int)?
    for cycle in 0...Self.cycles {
      try Self.prime(feeder, watch, "cycle \(cycle)")
      try feeder.send(5, interval: 0.02)
      let last = milliseconds(feeder.sent.last?.time ?? 0)
      try watch.waitForOutput("the fix at \(last)") { _ in Self.lastFix(watch) == last }
      if cycle == 0 || cycle == Self.cycles {
        // The relay to joined locates (a socket and its thread's wake-up pipe) is made again
        // for the pty that came back (another device): the same kinds, new inode numbers.
        let now = (
          watch.descriptorTargets.filter { !$0.hasPrefix("/dev/pts/") }.map(Self.kind),
          watch.threadCount
        )
        if let baseline {
          #expect(now.0 == baseline.descriptors, "descriptors after \(Self.cycles) unplugs")
          #expect(now.1 <= baseline.threads, "threads after \(Self.cycles) unplugs")
        } else {
          baseline = (now.0, now.1)
        }
        #expect(watch.descriptorTargets.filter { $0.hasPrefix("/dev/pts/") } == [feeder.slavePath])
      }
      guard cycle < Self.cycles else { break }
      feeder.unplug()
      try watch.waitFor(Self.unplugged, count: cycle + 1)
      feeder.skip(3)
      try feeder.plug()
      try watch.waitFor(Self.connected, count: cycle + 2)
    }
    watch.signal(SIGINT)
    #expect(try watch.wait() == 0)
    #expect(watch.stderr == "")

    let printed = try Printed(watch.stdout)
    let expected = feeder.sent.map { milliseconds($0.time) }
    #expect(printed.fixes.map(\.time) == expected)
    for (fix, epoch) in zip(printed.fixes, feeder.sent) {
      #expect(
        abs(fix.latitude - epoch.latitude) < 1e-6 && abs(fix.longitude - epoch.longitude) < 1e-6)
    }
    let changes = printed.deviceStates.filter { $0 == "connected" || $0 == "unplugged" }
    #expect(
      changes == ["connected"]
        + Array(repeating: ["unplugged", "connected"], count: Self.cycles).flatMap { $0 })
  }
}
