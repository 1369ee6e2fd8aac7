import Foundation
import Platform
import Testing

@testable import Receivers

/// Sharing's edges, as a user meets them: the socket a holder killed with SIGKILL leaves
/// behind, and a joined process's own `--baud` (the holder's port settings hold).
@Suite
struct SharingEdgesEndToEndTests {
  /// The socket a holder of `device` run by the tests listens at (their environment has no
  /// `XDG_RUNTIME_DIR`: `/run/user/UID/locate` or `/tmp/locate-UID`), once it is there.
  static func socket(of device: String) throws -> String {
    let name = try #require(ShareDirectory.socketName(forDevice: device))
    let candidates = ShareDirectory.candidates(for: getuid(), environment: nil).map {
      $0 + "/" + name
    }
    var found: String?
    waitUntil {
      found = candidates.first(where: isSocket)
      return found != nil
    }
    return try #require(found, "no socket at \(candidates)")
  }

  static func isSocket(_ path: String) -> Bool {
    (try? FileSystem.status(path, followingLinks: false))?.kind == .socket
  }

  /// What connecting to the socket at `path` gives: nil when something listens there.
  static func connectionError(_ path: String) -> Errno? {
    do {
      try FileDescriptor.unixConnection(to: path).close()
      return nil
    } catch {
      return error
    }
  }

  @Test("a holder killed with SIGKILL leaves its socket: the next locate opens the device itself")
  func staleSocket() throws {
    let (simulator, holder) = try SharingEndToEndTests.heldDrive()
    defer {
      holder.stop()
      simulator.stop()
    }
    let socket = try Self.socket(of: simulator.path)
    #expect(Self.connectionError(socket) == nil)
    holder.signal(SIGKILL)
    _ = try holder.wait(timeout: 30)
    // Left behind: a socket file nobody listens at.
    #expect(Self.isSocket(socket))
    #expect(Self.connectionError(socket) == .connectionRefused)

    let current = try CLI.run(
      ["current", "--device", simulator.path, "--json", "--verbose", "--timeout", "60"])
    #expect(current.status == 0, "\(current)")
    #expect(current.stdout.hasPrefix(#"{"class":"TPV""#))
    #expect(current.stderr.contains("locate: \(simulator.path): connected at 9600 baud\n"))
    #expect(!current.stderr.contains("joined"), "\(current.stderr)")
    // current held the device and its own socket (in place of the stale one), removed at its end.
    #expect(!Self.isSocket(socket))

    // The next holder listens there again, and others join it.
    let next = try SharingEndToEndTests.watcher(simulator.path)
    defer { next.stop() }
    try SharingEndToEndTests.waitForFixes(next, 1)
    #expect(waitUntil { Self.connectionError(socket) == nil })
    let devices = try CLI.run(["devices", "--device", simulator.path])
    #expect(devices.stdout.hasPrefix("\(simulator.path)  shared by locate, pid \(next.pid)\n"))
  }

  @Test("a socket file the holder does not listen at: devices says busy, not shared")
  func socketNobodyListensAt() throws {
    let (simulator, holder) = try SharingEndToEndTests.heldDrive()
    defer {
      holder.stop()
      simulator.stop()
    }
    let socket = try Self.socket(of: simulator.path)
    let before = try CLI.run(["devices", "--device", simulator.path])
    #expect(before.stdout.hasPrefix("\(simulator.path)  shared by locate, pid \(holder.pid)\n"))
    // Another process's socket file in its place, bound but not listening.
    try FileSystem.remove(socket)
    let bound = try CLI.shell(
      "python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' '\(socket)'")
    #expect(bound.status == 0, "\(bound)")
    #expect(Self.isSocket(socket))
    let after = try CLI.run(["devices", "--device", simulator.path])
    #expect(
      after.stdout.hasPrefix("\(simulator.path)  busy, held by locate, pid \(holder.pid)\n"),
      "\(after.stdout)")
  }

  @Test("a joined process's --baud is not applied: the holder's rate holds, --verbose says so")
  func joinedBaud() throws {
    // The simulator speaks NMEA only while the port is set to 9600 baud: garbage otherwise.
    let simulator = try Simulator(
      ["--no-fix-loss", "--no-stops", "--no-turns", "--baud", "9600"], drive: true)
    defer { simulator.stop() }
    let holder = try Spawned(
      ["watch", "--device", simulator.path, "--baud", "9600", "--json", "--no-pause"])
    defer { holder.stop() }
    try SharingEndToEndTests.waitForFixes(holder, 1)
    let path = simulator.path
    let current = try CLI.run(
      ["current", "--device", path, "--baud", "4800", "--json", "--verbose", "--timeout", "60"])
    #expect(current.status == 0, "\(current)")
    #expect(current.stdout.hasPrefix(#"{"class":"TPV""#))
    #expect(
      current.stderr.contains(
        "locate: joined locate pid \(holder.pid) on \(path)\n"
          + "locate: --baud 4800 not applied: locate pid \(holder.pid) holds the port and reads"
          + " \(path) at 9600 baud (a joined process takes the holder's port settings)\n"),
      "\(current.stderr)")
    #expect(current.stderr.contains("locate: \(path): connected at 9600 baud\n"))
    // The same --baud as the holder's: nothing to say.
    let same = try CLI.run(
      ["current", "--device", path, "--baud", "9600", "--verbose", "--timeout", "60"])
    #expect(same.status == 0, "\(same)")
    #expect(!same.stderr.contains("not applied"), "\(same.stderr)")
  }
}
