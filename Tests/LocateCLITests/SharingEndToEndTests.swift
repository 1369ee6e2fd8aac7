import Foundation
import Testing

/// One receiver, many `locate`s (issue 14): the process holding a device relays its bytes to
/// the other `locate`s of its user, which join instead of failing as busy, take the device over
/// when the holder ends, and never let another user read it.
@Suite
struct SharingEndToEndTests {
  /// A steady 1 Hz drive, every epoch a fix, so that epochs can be counted.
  static func steadyDrive() throws -> Simulator {
    try Simulator(["--no-fix-loss", "--no-stops", "--no-turns"], drive: true)
  }

  /// A `watch` writing gpsd's JSON (a TPV line per fix), telling of joins and takeovers.
  static func watcher(_ path: String) throws -> Spawned {
    try Spawned(["watch", "--device", path, "--json", "--no-pause", "--verbose"])
  }

  /// The fix times (whole seconds since 1970) a JSON watch printed.
  static func times(_ watch: Spawned) -> [Int] {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return watch.stdout.split(separator: "\n").compactMap { line in
      guard line.contains(#""class":"TPV""#), let start = line.range(of: #""time":""#),
        let end = line[start.upperBound...].firstIndex(of: "\""),
        let date = formatter.date(from: String(line[start.upperBound..<end]))
      else { return nil }
      return Int(date.timeIntervalSince1970.rounded())
    }
  }

  /// Waits until `watch` has printed `count` fixes.
  static func waitForFixes(_ watch: Spawned, _ count: Int) throws {
    let deadline = ContinuousClock.now.advanced(by: .seconds(90))
    while times(watch).count < count {
      guard ContinuousClock.now < deadline else {
        throw TestFailure(
          "waited for \(count) fixes, got:\n\(watch.stdout)\nstderr:\n\(watch.stderr)")
      }
      usleep(50_000)
    }
  }

  /// A steady drive and a `watch` holding it that has printed a fix (stop the watch, then the
  /// simulator).
  static func heldDrive() throws -> (simulator: Simulator, holder: Spawned) {
    let simulator = try steadyDrive()
    do {
      let holder = try watcher(simulator.path)
      do {
        try waitForFixes(holder, 1)
      } catch {
        holder.stop()
        throw error
      }
      return (simulator, holder)
    } catch {
      simulator.stop()
      throw error
    }
  }

  /// A steady drive, a `watch` holding it and `count` watches that joined it.
  struct Group {
    let simulator: Simulator
    let holder: Spawned
    let joined: [Spawned]

    /// Starts them in turn (the holder has a fix before the others start); on a failure,
    /// stops what it started.
    init(joining count: Int) throws {
      simulator = try SharingEndToEndTests.steadyDrive()
      var started: [Spawned] = []
      do {
        started.append(try SharingEndToEndTests.watcher(simulator.path))
        try SharingEndToEndTests.waitForFixes(started[0], 1)
        for _ in 0..<count { started.append(try SharingEndToEndTests.watcher(simulator.path)) }
        for watch in started.dropFirst() {
          try watch.waitForStderr("joined locate pid \(started[0].pid) on \(simulator.path)")
        }
      } catch {
        for watch in started { watch.stop() }
        simulator.stop()
        throw error
      }
      holder = started[0]
      joined = Array(started.dropFirst())
    }

    func stop() {
      for watch in joined { watch.stop() }
      holder.stop()
      simulator.stop()
    }
  }

  @Test("watch holds the device, current in parallel joins it: both get fixes, exit 0")
  func watchAndCurrent() throws {
    let (simulator, holder) = try Self.heldDrive()
    defer {
      holder.stop()
      simulator.stop()
    }
    let current = try CLI.run(
      ["current", "--device", simulator.path, "--json", "--verbose", "--timeout", "60"])
    #expect(current.status == 0, "\(current.stderr)")
    #expect(current.stdout.hasPrefix(#"{"class":"TPV""#))
    #expect(
      current.stderr.contains("locate: joined locate pid \(holder.pid) on \(simulator.path)\n"),
      "\(current.stderr)")
    let devices = try CLI.run(["devices", "--device", simulator.path])
    #expect(devices.stdout.hasPrefix("\(simulator.path)  shared by locate, pid \(holder.pid)\n"))
    #expect(devices.status == 0)
    try Self.waitForFixes(holder, 3)
    #expect(holder.stderr.contains("joined") == false)
  }

  @Test("three joined watches get the holder's fixes, epoch for epoch")
  func threeJoined() throws {
    let group = try Group(joining: 3)
    defer { group.stop() }
    let (holder, joined) = (group.holder, group.joined)
    for watch in joined { try Self.waitForFixes(watch, 4) }
    let joinedTimes = joined.map(Self.times)
    try Self.waitForFixes(holder, Self.times(holder).count + 1)
    let held = Set(Self.times(holder))
    for times in joinedTimes {
      #expect(times.count >= 4)
      // Every fix a joined process printed is one the holder printed too.
      #expect(Set(times).isSubset(of: held), "\(times) against \(held.sorted())")
      #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 1 }, "\(times)")
    }
  }

  @Test(
    "the holder ends (SIGTERM, SIGKILL) while two are joined: one takes over, both go on",
    arguments: [SIGTERM, SIGKILL])
  func takeover(signal: Int32) throws {
    let group = try Group(joining: 2)
    defer { group.stop() }
    let (simulator, holder, joined) = (group.simulator, group.holder, group.joined)
    for watch in joined { try Self.waitForFixes(watch, 2) }
    holder.signal(signal)
    _ = try holder.wait(timeout: 30)
    let before = joined.map { Self.times($0).count }
    for (watch, count) in zip(joined, before) { try Self.waitForFixes(watch, count + 4) }
    let tookOver = joined.filter { $0.stderr.contains("took over \(simulator.path)") }
    try #require(tookOver.count == 1, "\(joined.map(\.stderr))")
    let devices = try CLI.run(["devices", "--device", simulator.path])
    #expect(
      devices.stdout.hasPrefix("\(simulator.path)  shared by locate, pid \(tookOver[0].pid)\n"),
      "\(devices.stdout)")
    for watch in joined {
      let times = Self.times(watch)
      let steps = zip(times, times.dropFirst()).map { $1 - $0 }
      // One fix a second; at most the epoch in flight is lost, once. Which peer lost more (the
      // one that took over, or the one that joined it), and what each said, if one does.
      let role = watch.pid == tookOver[0].pid ? "took over" : "joined the new holder"
      #expect(steps.allSatisfy { $0 == 1 || $0 == 2 }, "\(role): \(times)\n\(watch.stderr)")
      #expect(steps.filter { $0 != 1 }.count <= 1, "\(role): \(times)\n\(watch.stderr)")
    }
  }

  @Test("another user's locate is refused with 75 and cannot look into the socket directory")
  func anotherUser() throws {
    try #require(getuid() == 0, "needs root to run a second user (nobody)")
    let simulator = try Self.steadyDrive()
    defer { simulator.stop() }
    let device = try FileManager.default.destinationOfSymbolicLink(atPath: simulator.path)
    // nobody could open the device itself: only the holder stands in the way.
    #expect(chmod(device, 0o666) == 0)
    let holder = try Self.watcher(simulator.path)
    defer { holder.stop() }
    try Self.waitForFixes(holder, 1)
    // nobody may not be able to reach the build directory: run a copy from a public place.
    let copy = simulator.directory + "/locate"
    try PermissionEndToEndTests.copyExecutable(Paths.locate, to: copy)
    #expect(chmod(simulator.directory, 0o755) == 0)
    let result = try PermissionEndToEndTests.runAsNobody(
      [copy, "current", "--device", device, "--timeout", "10"])
    #expect(result.status == 75, "\(result)")
    #expect(
      result.stderr
        == "locate: \(device): busy, held by locate, pid \(holder.pid) (root) (another user's"
        + " locate is reading it, and only its own user may join it: ask root to stop it, or"
        + " wait for it to finish)\n")
    #expect(result.stdout == "")
    let directories = ["/run/user/0/locate", "/tmp/locate-0"].filter {
      FileManager.default.fileExists(atPath: $0)
    }
    try #require(!directories.isEmpty, "the holder's socket directory")
    for directory in directories {
      let listing = try PermissionEndToEndTests.runAsNobody(["/bin/ls", "-a", directory])
      #expect(listing.status != 0)
      #expect(listing.stdout == "")
      #expect(listing.stderr.contains("Permission denied"), "\(listing.stderr)")
    }
  }
}
