import Foundation
import Glibc
import Platform
import Testing

@testable import Receivers
@testable import VirtualReceiver

/// Bytes that never frame a sentence — what a receiver at another baud rate looks like — are a
/// state `locate` names within seconds: `current` exits 76 (EX_PROTOCOL), `watch` says so on
/// stderr (without --verbose) and goes on, and NMEA that comes back is read. It used to be
/// silent: `watch --baud 9600` on a 4800-baud receiver said "connected", exited 0 and left a
/// GPX without a track; `current` waited its whole timeout.
@Suite struct WrongBaudTests {
  /// Writes noise into the pty (about 2 KB/s) until stopped.
  final class Noise: @unchecked Sendable {
    private let stopped = Locked(false)
    private var thread: Thread?

    init(_ feeder: DriveFeeder) {
      let master = feeder.pty?.master.rawValue ?? -1
      let stopped = self.stopped
      let thread = Thread {
        var random = SplitMix64(seed: 4800)
        while !stopped.withLock({ $0 }) {
          // Noise never holds a '$' or a line end, so no sentence can frame by chance.
          let bytes = (0..<200).map { _ in UInt8.random(in: 0...255, using: &random) }
            .map { $0 == 0x24 || $0 == 0x0A || $0 == 0x0D ? 0x55 : $0 }
          _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
          usleep(100_000)
        }
      }
      self.thread = thread
      thread.start()
    }

    func stop() {
      stopped.withLock { $0 = true }
      usleep(200_000)
    }
  }

  @Test("current at a wrong fixed rate: 76 within seconds, naming the rate")
  func currentFixedRate() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    let noise = Noise(feeder)
    defer { noise.stop() }
    let start = Date()
    let current = try LocateChild(
      ["current", "--device", feeder.link, "--baud", "9600", "--timeout", "60"])
    #expect(try current.wait() == 76)
    #expect(Date().timeIntervalSince(start) < 10)
    #expect(
      current.stderr
        == "locate: \(feeder.link): receiving bytes at 9600 baud but no NMEA (try --baud auto,"
        + " or give the receiver's rate with --baud)\n")
  }

  @Test("current with --baud auto and noise at every rate: 76 after one pass over the rates")
  func currentAuto() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    let noise = Noise(feeder)
    defer { noise.stop() }
    let current = try LocateChild(["current", "--device", feeder.link, "--timeout", "120"])
    #expect(try current.wait() == 76)
    #expect(current.stderr.contains("receiving bytes but no NMEA at any baud rate"))
  }

  @Test("watch at a wrong rate says so on stderr, and reads NMEA when it comes")
  func watchSaysSo() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    let noise = Noise(feeder)
    let file = directory + "/track.gpx"
    let watch = try LocateChild(
      ["watch", "--device", feeder.link, "--baud", "9600", "--format", "gpx", "--no-pause"],
      stdout: .file(file))
    try watch.waitForStderr(
      "locate: \(feeder.link): receiving bytes at 9600 baud but no NMEA: try --baud auto\n",
      timeout: 30)
    noise.stop()
    // The receiver speaks NMEA again (its rate was put right): fixes come.
    try UnplugStormTests.prime(feeder, watch, "back")
    try feeder.send(8, interval: 0.05)
    #expect(waitUntil { Documents.pointsSoFar(file, format: "gpx") >= 5 })
    watch.signal(SIGTERM)
    #expect(try watch.wait() == 0)
    #expect(watch.stderr.split(separator: "\n").count == 1, "\(watch.stderr)")
  }
}
