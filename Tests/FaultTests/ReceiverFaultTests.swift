import Foundation
import Testing

@testable import Receivers
@testable import VirtualReceiver

/// A receiver that misbehaves while `watch` reads it through a real pty: it goes silent and
/// talks again, it sends bursts of garbage and binary frames between epochs, it sends lines of
/// megabytes with no line end. `watch` says what happened and prints every fix it was sent,
/// exactly, in order.
@Suite struct ReceiverFaultTests {
  /// A feeder and a `watch --json` reading it, primed (see ``UnplugStormTests/prime``).
  struct Session {
    let directory: String
    let feeder: DriveFeeder
    let watch: LocateChild

    init(_ extra: [String] = []) throws {
      directory = try Paths.temporaryDirectory()
      feeder = try DriveFeeder(directory: directory)
      watch = try LocateChild(
        ["watch", "--device", feeder.link, "--baud", "9600", "--json", "--no-pause"] + extra)
      try watch.waitFor(UnplugStormTests.connected)
      try UnplugStormTests.prime(feeder, watch, "start")
    }

    /// Waits until the last epoch sent was printed.
    func waitForLastFix() throws {
      let last = milliseconds(feeder.sent.last?.time ?? 0)
      try watch.waitForOutput("the fix at \(last)") { _ in UnplugStormTests.lastFix(watch) == last }
    }

    /// Stops `watch` (SIGINT: status 0) and returns what it printed.
    func finish() throws -> Printed {
      watch.signal(SIGINT)
      #expect(try watch.wait() == 0)
      Paths.removeTree(directory)
      return try Printed(watch.stdout)
    }

    /// The times of the epochs sent.
    var sentTimes: [Int64] { feeder.sent.map { milliseconds($0.time) } }
  }

  @Test("silent, then talking again: reported both ways, the old fix called stale, no fix lost")
  func silentThenTalking() throws {
    let session = try Session()
    try session.feeder.send(10, interval: 0.02)
    try session.waitForLastFix()
    // Silent for longer than the silence timeout (3 s) and the maximum age (5 s).
    try session.watch.waitFor(#""event":"stale""#, timeout: 30)
    try session.feeder.send(10, interval: 0.02)
    try session.waitForLastFix()
    let printed = try session.finish()
    #expect(printed.fixes.map(\.time) == session.sentTimes)
    #expect(printed.deviceStates == ["connected", "silent", "connected"])
    let stale = try #require(printed.events("stale").first)
    #expect(Printed.milliseconds(stale["time"] as? String ?? "") == session.sentTimes[9])
    // Stale is strictly older than 5 s; the age is printed to a tenth of a second.
    #expect((stale["age"] as? Double ?? 0) >= 5)
    #expect(session.watch.stderr == "")
  }

  /// Bytes a broken receiver or a noisy line sends between epochs.
  static func garbage(_ index: Int, random: inout SplitMix64) -> [UInt8] {
    switch index % 6 {
    case 0: return (0..<300).map { _ in UInt8.random(in: 0...255, using: &random) }
    case 1:  // A u-blox UBX frame (NAV-PVT header, with a '$' inside its payload).
      return [0xB5, 0x62, 0x01, 0x07, 0x5C, 0x00] + Array(repeating: 0x24, count: 40) + [0, 0]
    case 2: return Array(repeating: 0, count: 64) + [0x1A, 0x1A]
    case 3: return Array("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9*00\r\n".utf8)
    case 4: return Array("$GPRMC,1235".utf8) + [0xFF, 0xFE] + Array("!AIVDM,\r\r\n\n$$$".utf8)
    default: return Array("no dollar here, just text \u{7F}\u{80} and a lone *4A\r\n".utf8)
    }
  }

  @Test("bursts of garbage and binary between epochs: every fix printed, nothing invented")
  func garbageBetweenEpochs() throws {
    let session = try Session()
    var random = SplitMix64(seed: 42)
    for index in 0..<60 {
      try session.feeder.send(1)
      try session.feeder.write(Self.garbage(index, random: &random))
      pause(0.01)
    }
    try session.feeder.send(1)
    try session.waitForLastFix()
    let printed = try session.finish()
    #expect(printed.fixes.map(\.time) == session.sentTimes)
    for (fix, epoch) in zip(printed.fixes, session.feeder.sent) {
      #expect(abs(fix.latitude - epoch.latitude) < 1e-6)
      #expect(abs(fix.longitude - epoch.longitude) < 1e-6)
    }
    #expect(printed.deviceStates == ["connected"])
    #expect(session.watch.stderr == "")
  }

  @Test("lines of megabytes with no line end: memory stays flat, every fix around them printed")
  func megabyteLines() throws {
    let session = try Session()
    try session.feeder.send(5, interval: 0.02)
    try session.waitForLastFix()
    let before = try #require(session.watch.residentKiB)
    let megabyte = [UInt8](repeating: UInt8(ascii: "A"), count: 1 << 20)
    for kind in 0..<3 {
      // A sentence start followed by 4 MB of printable text, then text with no start at all.
      try session.feeder.write(Array(kind == 2 ? "".utf8 : "$GPGGA,".utf8))
      for _ in 0..<4 { try session.feeder.write(megabyte) }
      try session.feeder.send(3, interval: 0.02)
    }
    try session.waitForLastFix()
    let after = try #require(session.watch.residentKiB)
    let printed = try session.finish()
    #expect(printed.fixes.map(\.time) == session.sentTimes)
    #expect(
      runsUnderSanitizer || after - before < 2048, "RSS grew from \(before) KiB to \(after) KiB")
    #expect(session.watch.stderr == "")
  }

  @Test("receiver time jumping back, repeating, far past and far future: each epoch once")
  func receiverTimeLies() throws {
    let session = try Session()
    let start = 36_000.0
    let day = 1_749_945_600.0  // 2025-06-15
    let date = "150625"
    // (seconds of day, date or nil with a ZDA year, delivered?)
    let epochs: [(Double, String, Bool)] = [
      (start, date, true), (start + 1, date, true), (start + 2, date, true),
      (start - 3600, date, true), (start - 3599, date, true),  // an hour back
      (start - 3599, date, false),  // the same epoch again
      (start - 3598, date, true),
      // Impossible dates are ignored, not the epochs: they keep the date carried from before.
      (start - 3597, "050180", true),  // 1980-01-05: before GPS time began
      (start - 3596, "zda 2610", true),  // a ZDA from the 27th century
      (start - 3595, date, true), (start - 3594, date, true),
    ]
    for (seconds, when, _) in epochs {
      if when.hasPrefix("zda") {
        try session.feeder.write(
          NMEAText.epoch(seconds, date: nil)
            + NMEAText.zda(seconds, day: 7, month: 4, year: 2610))
      } else {
        try session.feeder.write(NMEAText.epoch(seconds, date: when))
      }
      pause(0.05)
    }
    let expected = epochs.filter(\.2).map { milliseconds(day + $0.0) }
    try session.watch.waitForOutput("the last epoch") { _ in
      UnplugStormTests.lastFix(session.watch) == expected.last
    }
    let printed = try session.finish()
    #expect(printed.fixes.map(\.time) == expected)
    #expect(session.watch.stderr == "")
  }
}
