import Foundation
import Platform
import TestSupport
import Testing
import TimeService

/// The NTP segment when things go wrong: another program's segment under the key (wrong
/// size, or one this user may not write), another `locate` writing the unit, a `locate` that
/// stops, reads racing the writer; and PPS sources this machine does not have.
@Suite struct ReferenceClockFaultEndToEndTests {
  static func key(_ unit: Int) -> String {
    "0x" + String(UInt32(bitPattern: NTPSegment.key(unit: unit)), radix: 16)
  }

  @Test("A segment of another size under the key: status 75, one line, left as it was")
  func wrongSize() throws {
    let unit = try NTPTestUnits.reserve(size: 8)
    defer { NTPTestUnits.remove(unit) }
    let result = try CLI.run(
      ["serve", "--listen", "127.0.0.1:0", "--device", "/dev/null", "--shm", "\(unit)"])
    #expect(result.status == 75)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "locate: NTP\(unit) (shared memory key \(Self.key(unit))): exists with 8 bytes, not"
        + " the 96 of an NTP segment (another program made it: see 'ipcs -m'; remove it with"
        + " 'ipcrm -M \(Self.key(unit))' once nothing uses it, or choose another unit with"
        + " --shm)\n")
    #expect(NTPTestUnits.status(unit)?.size == 8)
  }

  @Test("A segment this user may not write (root's, 0600): status 77, owner and mode named")
  func permissionDenied() throws {
    try #require(getuid() == 0, "needs root to make a segment nobody may not write")
    let unit = try NTPTestUnits.reserve(permissions: 0o600)
    defer { NTPTestUnits.remove(unit) }
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(chmod(directory, 0o755) == 0)
    let copy = directory + "/locate"
    try PermissionEndToEndTests.copyExecutable(Paths.locate, to: copy)
    let result = try PermissionEndToEndTests.runAsNobody(
      [copy, "watch", "--device", "/dev/null", "--shm", "\(unit)", "--chrony", "off"])
    #expect(result.status == 77)
    #expect(
      result.stderr
        == "locate: NTP\(unit) (shared memory key \(Self.key(unit))): permission denied: owned"
        + " by root, mode 0600 (the program that made it must allow this user: chrony's"
        + " 'refclock SHM \(unit) perm 0666', or run as its owner)\n")
  }

  @Test("A unit another locate writes: status 75, naming it; once it stops, the unit is free")
  func inUse() throws {
    let unit = try NTPTestUnits.reserve()
    defer { NTPTestUnits.remove(unit) }
    let simulator = try Simulator(["--rate", "1", "--no-fix-loss"], drive: true)
    defer { simulator.stop() }
    let served = try Served(["--device", simulator.path, "--shm", "\(unit)", "--chrony", "off"])
    defer { served.process.stop() }
    try served.process.waitForStderr("goes to NTP\(unit)")
    let second = try CLI.run(
      ["watch", "--device", simulator.path, "--shm", "\(unit)", "--count", "1"])
    #expect(second.status == 75)
    #expect(
      second.stderr
        == "locate: NTP\(unit) (shared memory key \(Self.key(unit))): written by locate pid"
        + " \(served.process.pid) (one program per unit: stop that one, or choose another unit"
        + " with --shm)\n")
    #expect(try served.stop() == 0)
    let after = try CLI.run(
      ["watch", "--device", simulator.path, "--shm", "\(unit)", "--count", "1", "--no-pause"])
    #expect(after.status == 0, "\(after)")
  }

  @Test(
    "serve and watch stopped (SIGTERM, SIGINT): the segment stays, holding no sample",
    arguments: [("serve", SIGTERM), ("watch", SIGINT)] as [(String, Int32)])
  func stoppedLeavesInvalid(command: String, signal: Int32) throws {
    let unit = try NTPTestUnits.free()
    defer { NTPTestUnits.remove(unit) }
    let simulator = try Simulator(["--rate", "1", "--no-fix-loss"], drive: true)
    defer { simulator.stop() }
    var arguments = [command, "--device", simulator.path, "--shm", "\(unit)", "--verbose"]
    if command == "serve" { arguments += ["--listen", "127.0.0.1:0"] }
    let process = try Spawned(arguments)
    defer { process.stop() }
    let sample = try #require(SegmentCheck.waitForSample(unit), "\(process.stderr)")
    #expect(sample.reference % 1_000_000_000 == 0)
    // Mode 1 from outside while it writes: every sample taken is whole. Its reference is a
    // whole second; its system time follows the reference by less than half the 1 s epoch (a
    // torn read mixes two epochs a second apart; the delay itself is the simulator's and the
    // reader's wake-ups, over 100 ms under AddressSanitizer on a loaded machine); and every
    // read of one epoch's sample gives the same system time (a read torn between a time's
    // seconds and nanoseconds does not).
    let deadline = Date().addingTimeInterval(3)
    let reader = try NTPSegmentReader(unit: unit)
    var taken = 0
    var torn: [String] = []
    var systemTimes: [Int64: Int64] = [:]
    while Date() < deadline {
      if case .sample(let sample, let precision, _) = reader.read() {
        taken += 1
        let whole =
          sample.reference % 1_000_000_000 == 0 && precision == -10
          && sample.systemAhead >= 0 && sample.systemAhead < 500_000_000
          && systemTimes[sample.reference, default: sample.system] == sample.system
        systemTimes[sample.reference] = sample.system
        if !whole && torn.count < 5 { torn.append("\(sample), precision \(precision)") }
      }
    }
    #expect(taken > 0)
    #expect(torn.isEmpty, "of \(taken) samples read")
    process.signal(signal)
    #expect(try process.wait(timeout: 60) == 0)
    #expect(SegmentCheck.read(unit) == .empty)
    let status = try #require(NTPTestUnits.status(unit), "the segment stays for its readers")
    #expect(status.size == 96 && status.permissions == 0o666)
    #expect(!SegmentCheck.writtenByLocate(unit))
  }

  @Test(
    "PPS sources this machine lacks: a clear line and status 69",
    arguments: [
      (
        ["--pps", "/dev/pps0"],
        "/dev/pps0: no such PPS device (see /sys/class/pps, or use --pps auto)"
      ),
      (
        ["--pps", "ldisc"],
        "PTY: this kernel has no PPS line discipline (load it ('modprobe pps_ldisc',"
          + " CONFIG_PPS_CLIENT_LDISC), or use --pps dcd)"
      ),
      (
        ["--pps", "dcd"],
        "PTY: no modem lines to wait on (TIOCMIWAIT) (a pseudo-terminal or this port's"
          + " driver has none: use --pps /dev/ppsN or off)"
      ),
    ] as [([String], String)])
  func missingPPS(options: [String], line: String) throws {
    try #require(!FileManager.default.fileExists(atPath: "/dev/pps0"), "this machine has PPS")
    let simulator = try Simulator(["--rate", "1", "--no-fix-loss"], drive: true)
    defer { simulator.stop() }
    let result = try CLI.run(
      ["watch", "--device", simulator.path, "--chrony", "off", "--count", "3"] + options,
      timeout: 60)
    #expect(result.status == 69, "\(result)")
    #expect(
      result.stderr == "locate: " + line.replacingOccurrences(of: "PTY", with: simulator.path)
        + "\n")
  }

  @Test(
    "Usage errors: the options with a capture, a bad unit, a bad PPS source",
    arguments: [
      (
        ["serve", "--input", Simulator.capture, "--shm", "2"],
        "locate: --shm: applies to a receiver on a serial port, not --input (see 'locate serve"
          + " --help')"
      ),
      (
        ["watch", "--device", "/dev/null", "--shm", "two"],
        "locate: --shm 'two': not a whole number (e.g. --shm 0)"
      ),
      (
        ["watch", "--device", "/dev/null", "--pps", "gpio"],
        "locate: --pps 'gpio': not a PPS source (use auto, off, /dev/ppsN, ldisc, dcd or cts)"
      ),
    ] as [([String], String)])
  func usage(arguments: [String], line: String) throws {
    let result = try CLI.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr == line + "\n")
  }
}
