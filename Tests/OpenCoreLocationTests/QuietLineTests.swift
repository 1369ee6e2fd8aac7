import Foundation
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// A live epoch whose cycle ender is not learned yet is reported when the line goes quiet
/// after it (``LocationPolicy/quietGap``), not one cycle late when the next epoch begins.
@Suite("Quiet line")
struct QuietLineTests {
  static let start = 36_000.0  // 10:00:00 UTC
  static let connected = DeviceState.connected(path: "/dev/ttyTEST", baud: 9600)

  static func secondsOfDay(_ location: Fix) -> Int {
    Int(location.timestamp.timeIntervalSince1970.rounded()) % 86_400
  }

  /// A live session with updates started, past its first (backlog) read.
  static func liveSession(replay: Bool = false) -> SessionHarness {
    let h = SessionHarness(replay: replay)
    h.startUpdates()
    h.session.deviceState(connected)
    h.feed("partial")
    return h
  }

  @Test("the first epochs of a live session are reported once the line is quiet")
  func firstEpochsOnQuiet() {
    let h = Self.liveSession()
    h.clock.advance(by: 1)
    h.feed(Synthetic.epoch(Self.start, 48.1, 11.1))
    h.clock.advance(by: LocationPolicy.quietGap * 0.8)
    #expect(h.locations.isEmpty)
    h.clock.advance(by: LocationPolicy.quietGap * 0.4)
    #expect(h.locations.map(Self.secondsOfDay) == [36_000])
    // The next epoch, read in two parts: the check waits for quiet after the last part.
    h.clock.advance(by: 1)
    h.feed(Synthetic.gga(Self.start + 1, 48.1, 11.1) + Synthetic.gsa())
    h.clock.advance(by: LocationPolicy.quietGap * 0.8)
    h.feed(Synthetic.rmc(Self.start + 1, 48.1, 11.1))
    h.clock.advance(by: LocationPolicy.quietGap * 0.8)
    #expect(h.locations.map(Self.secondsOfDay) == [36_000])
    h.clock.advance(by: LocationPolicy.quietGap * 0.4)
    #expect(h.locations.map(Self.secondsOfDay) == [36_000, 36_001])
    // The next epoch's start reports neither again; RMC has ended two epochs, so it now
    // reports the epoch at once.
    h.clock.advance(by: 1)
    h.feed(Synthetic.epoch(Self.start + 2, 48.1, 11.1))
    #expect(h.locations.map(Self.secondsOfDay) == [36_000, 36_001, 36_002])
  }

  @Test("once the cycle ender is learned, the epoch is reported on it, at once")
  func learnedEnderNeedsNoQuiet() {
    let h = Self.liveSession()
    for second in 0..<3 {
      h.clock.advance(by: 1)
      h.feed(Synthetic.epoch(Self.start + Double(second), 48.1, 11.1))
    }
    h.clock.advance(by: 1)
    let reported = h.locations.count
    h.feed(Synthetic.epoch(Self.start + 3, 48.1, 11.1))
    #expect(h.locations.count == reported + 1)
    #expect(h.locations.map(Self.secondsOfDay).suffix(2) == [36_002, 36_003])
  }

  @Test("data after a quiet report joins no second report and unlearns that ender")
  func lateDataAfterQuietReport() {
    let h = Self.liveSession()
    h.clock.advance(by: 1)
    h.feed(Synthetic.gga(Self.start, 48.1, 11.1))
    h.clock.advance(by: LocationPolicy.quietGap * 2)
    // A slow receiver: the rest of the epoch after a pause longer than the gap.
    h.feed(Synthetic.gsa() + Synthetic.rmc(Self.start, 48.1, 11.1))
    h.clock.advance(by: 1)
    h.feed(Synthetic.epoch(Self.start + 1, 48.1, 11.1))
    h.clock.advance(by: LocationPolicy.quietGap * 2)
    #expect(h.locations.map(Self.secondsOfDay) == [36_000, 36_001])
    #expect(h.locations.first?.gnss?.satellitesUsed == 8)  // GGA's count: no GSA yet
  }

  @Test("a replay has no line to go quiet: its epochs wait for the next one")
  func replayWaitsForTheNextEpoch() {
    let h = Self.liveSession(replay: true)
    h.feed(Synthetic.epoch(Self.start, 48.1, 11.1))
    h.clock.advance(by: 1)
    #expect(h.locations.isEmpty)
    h.feed(Synthetic.epoch(Self.start + 1, 48.1, 11.1))
    #expect(h.locations.map(Self.secondsOfDay) == [36_000])
  }
}
