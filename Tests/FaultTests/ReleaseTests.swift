import Foundation
import Glibc
import Platform
import Testing

/// A program that ends without letting go of the receiver: a Core Location app (ReleaseClient,
/// a CLLocationManager reading $LOCATE_DEVICE) that calls `exit(0)` from its delegate, or is
/// killed with SIGKILL, while it holds the device. The next reader must get it.
@Suite struct ReleaseTests {
  /// Starts ReleaseClient (`exit` or `hold`) on `device` and waits until it holds it.
  static func client(_ mode: String, device: String) throws -> LocateChild {
    let client = try LocateChild(
      [mode], program: Paths.built("ReleaseClient"), environment: ["LOCATE_DEVICE": device])
    try client.waitFor("holding\n")
    return client
  }

  /// Starts ReleaseClient on `feeder`'s pty and sends it fixes until it holds it (or ends).
  static func client(_ mode: String, feeder: DriveFeeder) throws -> LocateChild {
    let client = try LocateChild(
      [mode], program: Paths.built("ReleaseClient"), environment: ["LOCATE_DEVICE": feeder.link])
    #expect(waitUntil { client.descriptorTargets.contains(feeder.slavePath) })
    // Fixes until it has one (its open flushes what came before it).
    #expect(
      try waitUntil {
        try feeder.send(1, interval: 0.1)
        return client.stdout.contains("holding\n") || !client.isRunning
      })
    return client
  }

  /// `locate simulate --link DIR/gps`, once it has printed its path.
  static func simulator(_ link: String) throws -> LocateChild {
    let simulator = try LocateChild(["simulate", "--link", link, "--no-fix-loss"], stdin: .pipe)
    try simulator.waitFor(link + "\n")
    return simulator
  }

  /// `locate current` on `device`: its status and output.
  static func current(_ device: String) throws -> (Int32, LocateChild) {
    let current = try LocateChild(["current", "--device", device, "--json", "--timeout", "60"])
    return (try current.wait(timeout: 90), current)
  }

  @Test(
    "exit(0) from a delegate, or SIGKILL, while holding the simulator's device: current gets a fix",
    arguments: ["exit", "kill"])
  func simulatorDevice(_ end: String) throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let link = directory + "/gps"
    let simulator = try Self.simulator(link)
    defer {
      simulator.write("stop\n")
      _ = try? simulator.wait()
    }
    let client = try Self.client(end == "exit" ? "exit" : "hold", device: link)
    if end == "kill" { client.signal(SIGKILL) }
    #expect(try client.wait() == (end == "exit" ? 0 : 128 + SIGKILL), "\(client.stderr)")
    let (status, current) = try Self.current(link)
    #expect(status == 0, "\(end): \(current.stderr)")
    #expect(current.stdout.hasPrefix(#"{"class":"TPV","device":""# + link))
  }

  @Test("exit(0) from a delegate on a pty nobody sweeps: settings back, no TIOCEXCL, no lock")
  func exitReleasesByItself() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    let before = SignalDocumentTests.cooked(from: try feeder.terminalSettings())
    try feeder.setTerminalSettings(before)
    let client = try Self.client("exit", feeder: feeder)
    #expect(try client.wait() == 0, "\(client.stdout) \(client.stderr)")
    #expect(
      try TerminalAttributes(feeder.terminalSettings()).sameSettings(
        as: TerminalAttributes(before)))
    #expect(try SignalPhaseTests.exclusive(feeder) == false, "TIOCEXCL left set")
    let next = try LocateChild(["devices", "--device", feeder.link, "--json"])
    #expect(try next.wait() == 0)
    #expect(next.stdout.contains(#""state":"available""#), "\(next.stdout)")
  }

  @Test("SIGKILL on a pty nobody sweeps: the stale exclusive flag is told from a live holder")
  func staleFlagIsNamed() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    let client = try Self.client("hold", feeder: feeder)
    client.signal(SIGKILL)
    #expect(try client.wait() == 128 + SIGKILL)
    // The kernel closed its descriptor and dropped its lock, but the pty's master is open (the
    // test holds it) and TIOCEXCL stays: nothing but the pty's maker can clear it.
    #expect(try SignalPhaseTests.exclusive(feeder) == true)
    let devices = try LocateChild(["devices", "--device", feeder.link])
    #expect(try devices.wait() == 0)
    #expect(devices.stdout.contains("busy, but no process has it open"), "\(devices.stdout)")
    #expect(devices.stdout.contains("left it exclusive (TIOCEXCL)"), "\(devices.stdout)")
    let (status, current) = try Self.current(feeder.link)
    #expect(status == 75)
    #expect(
      current.stderr.hasPrefix(
        "locate: \(feeder.link): busy, but no process has it open (a program killed while it"
          + " read this pseudo-terminal left it exclusive (TIOCEXCL)"), "\(current.stderr)")
  }
}
