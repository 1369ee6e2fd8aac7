import Foundation
import Glibc
import Platform
import Testing

@testable import Receivers
@testable import VirtualReceiver

/// SIGINT, SIGTERM and SIGHUP at random moments while `watch` writes a GPX track or a GeoJSON
/// sequence to a file: the file is always a complete, valid document holding every fix
/// written before the signal (and nothing else: a prefix of what the receiver sent), the
/// status is 0, and the serial port's settings are restored.
@Suite struct SignalDocumentTests {
  /// Settings a receiver's port might have before `locate` opens it: a cooked terminal at
  /// 4800 baud, so that `locate`'s raw 9600 baud is a visible change.
  static func cooked(from raw: termios) -> termios {
    var settings = raw
    settings.c_iflag |= tcflag_t(ICRNL | IXON)
    settings.c_oflag |= tcflag_t(OPOST | ONLCR)
    settings.c_lflag |= tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    cfsetispeed(&settings, speed_t(B4800))
    cfsetospeed(&settings, speed_t(B4800))
    return settings
  }

  @Test(
    "a signal at a random moment leaves a complete document and the port as it was",
    arguments: [
      ("gpx", SIGINT), ("gpx", SIGTERM), ("gpx", SIGHUP), ("geojson", SIGINT),
      ("geojson", SIGTERM), ("geojson", SIGHUP),
    ])
  func signalWhileWriting(format: String, signal: Int32) throws {
    var random = SplitMix64(seed: UInt64(signal) &* 7919 &+ UInt64(format.utf8.count))
    for round in 0..<(runsUnderSanitizer ? 2 : 5) {
      try oneRun(format: format, signal: signal, round: round, random: &random)
    }
  }

  func oneRun(format: String, signal: Int32, round: Int, random: inout SplitMix64) throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory)
    let before = Self.cooked(from: try feeder.terminalSettings())
    try feeder.setTerminalSettings(before)
    let file = directory + "/track." + format
    let watch = try LocateChild(
      [
        "watch", "--device", feeder.link, "--baud", "9600", "--format", format, "--no-pause",
        "--verbose",
      ],
      stdout: .file(file))
    let connected = "locate: \(feeder.link): connected at 9600 baud\n"
    try watch.waitForStderr(connected)
    let during = try feeder.terminalSettings()
    #expect(during.c_lflag & tcflag_t(ICANON) == 0)
    try UnplugStormTests.prime(feeder, watch, "round \(round)")

    // From the fourth epoch on, each is written as soon as it is complete (the first three
    // teach the service which sentence ends an epoch, on whole seconds and between them).
    let confirmed = Int.random(in: 4...9, using: &random)
    try feeder.send(confirmed, interval: 0.02)
    let shown = waitUntil { Documents.pointsSoFar(file, format: format) >= confirmed }
    #expect(shown, "\(confirmed) points not written: \(watch.stderr)")
    // More epochs, and the signal somewhere among them.
    let more = Int.random(in: 0...5, using: &random)
    let signalAfter = Int.random(in: 0...more, using: &random)
    for index in 0...more {
      if index == signalAfter {
        usleep(UInt32.random(in: 0...60_000, using: &random))
        watch.signal(signal)
      }
      if index < more { try feeder.send(1) }
    }
    #expect(try watch.wait() == 0, "\(format) \(signal) round \(round): \(watch.stderr)")
    // Only the connection line, and (on a loaded machine, where a second can pass before the
    // first fix) the --verbose progress line; never an error.
    #expect(watch.stderr.hasPrefix(connected))
    #expect(
      watch.stderr.dropFirst(connected.count).split(separator: "\n")
        .allSatisfy { $0.hasPrefix("waiting for a fix: ") }, "\(watch.stderr)")

    let times = try format == "gpx" ? Documents.gpxTimes(file) : Documents.geoJSONTimes(file)
    let sent = feeder.sent.map { milliseconds($0.time) }
    #expect(times.count >= confirmed && times.count <= sent.count)
    #expect(Array(sent.prefix(times.count)) == times, "not the fixes sent, in order")
    let after = try feeder.terminalSettings()
    #expect(
      TerminalAttributes(after).sameSettings(as: TerminalAttributes(before)),
      "termios not restored")
  }
}
