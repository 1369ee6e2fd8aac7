import Foundation
import Glibc
import NMEA
import Platform

@testable import Receivers
@testable import VirtualReceiver

/// A receiver the test plays itself, on a real pseudo-terminal behind a stable link: the
/// deterministic synthetic drive (``DriveGenerator``) written epoch by epoch, with exact
/// accounting of what was written — and so of what `locate` must print — plus unplugging
/// (closing the master), replugging (a new pty, the link moved), garbage and raw bytes.
///
/// Unlike a UART, writes wait for room (poll) instead of dropping bytes, so a slow reader loses
/// nothing and every epoch counted as sent was sent whole.
final class DriveFeeder {
  /// The link readers open.
  let link: String
  /// The drive.
  private(set) var generator: DriveGenerator
  /// Whether every epoch carries the GSVs of all four constellations (not just once a second).
  let satellitesEveryEpoch: Bool
  /// The epochs written whole, in order.
  private(set) var sent: [DriveEpoch] = []
  private(set) var pty: PseudoTerminal?

  /// A drive starting at `startTime` (UTC seconds), `rate` epochs a second, straight and
  /// without stops or tunnels unless asked.
  init(
    directory: String, rate: Int = 10, startTime: Double = 1_750_000_000,
    satellitesEveryEpoch: Bool = false, fixLoss: Bool = false
  ) throws {
    link = directory + "/gps"
    var options = DriveOptions()
    options.rate = rate
    options.startTime = startTime
    options.stops = false
    options.fixLoss = fixLoss
    generator = try DriveGenerator(options: options)
    self.satellitesEveryEpoch = satellitesEveryEpoch
    try plug()
  }

  deinit { unplug() }

  /// The pty's slave path (empty while unplugged).
  var slavePath: String { pty?.slavePath ?? "" }

  /// Opens a new pty and points the link at it. Does nothing while plugged in.
  func plug() throws {
    guard pty == nil else { return }
    let opened: PseudoTerminal
    do {
      opened = try PseudoTerminal()
    } catch {
      throw TestFailure("openpty: \(error)")
    }
    do {
      try pointLink(link, at: opened.slavePath)
    } catch {
      opened.close()
      throw TestFailure("link: \(error)")
    }
    pty = opened
  }

  /// Closes the master (readers see a hang-up; the path vanishes) and removes the link.
  func unplug() {
    guard let pty else { return }
    pty.close()
    self.pty = nil
    removeLink(link, pointingTo: pty.slavePath)
  }

  /// The bytes of the next epoch (the generator moves on).
  func nextEpochBytes() throws -> (DriveEpoch, [UInt8]) {
    guard let chunk = generator.next(), let epoch = generator.current else {
      throw TestFailure("the drive ended")
    }
    let bytes =
      satellitesEveryEpoch ? generator.sentences(for: epoch, withSatellites: true) : chunk.bytes
    return (epoch, bytes)
  }

  /// Writes the next `count` epochs, `interval` seconds apart, recording each as sent.
  func send(_ count: Int, interval: Double = 0) throws {
    for index in 0..<count {
      if index > 0 && interval > 0 { pause(interval) }
      let (epoch, bytes) = try nextEpochBytes()
      try write(bytes)
      sent.append(epoch)
    }
  }

  /// Moves the drive on by `count` epochs without sending them (time passes while unplugged).
  func skip(_ count: Int) {
    for _ in 0..<count { _ = generator.next() }
  }

  /// Writes raw bytes, waiting for room (up to `timeout` seconds in all).
  func write(_ bytes: [UInt8], timeout: Double = 60) throws {
    guard let pty else { throw TestFailure("write while unplugged") }
    let deadline = Date().addingTimeInterval(timeout)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        Glibc.write(pty.master.rawValue, raw.baseAddress! + offset, raw.count - offset)
      }
      if count > 0 {
        offset += count
        continue
      }
      guard count < 0, errno == EAGAIN || errno == EINTR, Date() < deadline else {
        throw TestFailure("pty write failed after \(offset) of \(bytes.count) bytes: \(errno)")
      }
      var request = pollfd(fd: pty.master.rawValue, events: Int16(POLLOUT), revents: 0)
      _ = poll(&request, 1, 100)
    }
  }

  /// Writes text.
  func write(_ text: String) throws { try write(Array(text.utf8)) }

  /// The slave's terminal settings, read through the master.
  func terminalSettings() throws -> termios {
    guard let pty else { throw TestFailure("unplugged") }
    var settings = termios()
    guard tcgetattr(pty.master.rawValue, &settings) == 0 else {
      throw TestFailure("tcgetattr: \(errno)")
    }
    return settings
  }

  /// Sets the slave's terminal settings through the master.
  func setTerminalSettings(_ settings: termios) throws {
    guard let pty else { throw TestFailure("unplugged") }
    var settings = settings
    guard tcsetattr(pty.master.rawValue, TCSANOW, &settings) == 0 else {
      throw TestFailure("tcsetattr: \(errno)")
    }
  }

  /// A sentence with its checksum and CRLF, from its body (without `$` and `*hh`).
  static func sentence(_ body: String) -> String {
    NMEAText.sentence(body)
  }
}

/// Milliseconds since 1970 of an epoch's time (how the tests match printed fixes to epochs).
func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }
