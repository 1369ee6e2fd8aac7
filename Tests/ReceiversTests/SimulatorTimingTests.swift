import NMEA
import Testing

@testable import Receivers
@testable import VirtualReceiver

/// A drive that starts now is stamped with the time each epoch is sent, as a receiver does:
/// its first epoch is the next epoch boundary, and the player waits for it.
@Suite("Simulator timing")
struct SimulatorTimingTests {
  @Test(
    "a drive starting now begins on the next epoch boundary, and is sent at that time",
    arguments: [1, 2, 5, 10])
  func startsOnTheNextBoundary(rate: Int) throws {
    var options = DriveOptions()
    options.rate = rate
    let before = DriveGenerator.realtimeNow()
    var generator = try DriveGenerator(options: options)
    let after = DriveGenerator.realtimeNow()
    let start = try #require(generator.wallClockStart)
    #expect(start > before && start <= after + 1 / Double(rate))
    #expect((start * Double(rate)).rounded() == start * Double(rate))
    // The first epoch's RMC carries that time.
    let first = generator.next()
    let chunk = try #require(first)
    #expect(chunk.offset == 0)
    var rmcTime: UTCTime?
    var decoder = NMEADecoder()
    chunk.bytes.withUnsafeBytes { bytes in
      decoder.feed(bytes) { event in
        if case .sentence(.rmc(let rmc), _) = event { rmcTime = rmc.time }
      }
    }
    let seconds = start.truncatingRemainder(dividingBy: 86_400)
    let expected = CivilTime.time(seconds)
    #expect(rmcTime == expected)
    // The player waits until then (never more than one epoch).
    var player = ScriptPlayer.drive(generator)
    let delay = player.delayBeforeStart()
    #expect(delay >= 0 && delay <= 1 / Double(rate))
  }

  @Test("a drive with a given start time, and a capture, begin at once")
  func givenStartBeginsAtOnce() throws {
    var options = DriveOptions()
    options.startTime = 1_717_243_200
    let generator = try DriveGenerator(options: options)
    #expect(generator.wallClockStart == nil)
    var player = ScriptPlayer.drive(generator)
    #expect(player.delayBeforeStart() == 0)
  }

  @Test(
    "a drive that starts now, begun late: its first epoch moves to the next boundary ahead",
    arguments: [1, 4])
  func startKeptAhead(rate: Int) throws {
    var options = DriveOptions()
    options.rate = rate
    var drive = try DriveGenerator(options: options)
    let chosen = try #require(drive.wallClockStart)
    #expect(drive.startTime == chosen)
    // Still ahead: left as it was.
    drive.keepStartAhead(of: chosen - 0.001)
    #expect(drive.wallClockStart == chosen)
    // Passed by 0.3 s (a process slow to start): the next boundary after that.
    let late = chosen + 0.3
    drive.keepStartAhead(of: late)
    let interval = 1 / Double(rate)
    let moved = try #require(drive.wallClockStart)
    #expect(moved > late && moved <= late + interval)
    #expect(abs((moved * Double(rate)).rounded() - moved * Double(rate)) < 1e-6)
    #expect(drive.startTime == moved)
    #expect(drive.next()?.offset == 0)
    #expect(drive.current?.time == moved)
    // Once an epoch went out, the start stays.
    drive.keepStartAhead(of: moved + 5)
    #expect(drive.wallClockStart == moved)
  }
}
