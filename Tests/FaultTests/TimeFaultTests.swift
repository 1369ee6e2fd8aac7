import Foundation
@_spi(Fuzzing) import LocationEngine
@_spi(Fuzzing) import OpenCoreLocation
import Testing

/// Receiver time that jumps backwards, repeats, or lies far in the past or future, and a
/// system clock that jumps while watching, through the service's whole decode path
/// (``OfflinePipeline``: framer, assembly, policies in a real session) on its controllable
/// clock. The system clock itself cannot be set safely from a test; what is tested is the
/// service's use of it: ages, staleness and deadlines run on the monotonic clock, timestamps
/// on the receiver's time, and only a receiver that never sends a date takes its date from
/// the wall clock.
@Suite struct TimeFaultTests {
  static let start = 36_000.0  // 10:00:00 UTC
  static let date = "150625"  // 2025-06-15
  static let day = 1_749_945_600.0  // 2025-06-15T00:00:00Z

  /// A live pipeline with updates started, fed one epoch a second.
  final class Harness {
    let pipeline: OfflinePipeline
    private(set) var outputs: [OfflinePipeline.Output] = []

    init(replay: Bool = false) {
      var options = OfflinePipeline.Options()
      options.isReplay = replay
      options.wallStart = Date(timeIntervalSince1970: TimeFaultTests.day + 36_000)
      pipeline = OfflinePipeline(options: options)
      pipeline.deviceState(.connected(path: OfflinePipeline.device, baud: 9600))
      feed("$GPTXT,01,01,02,start*00\r\n")
    }

    /// Bytes arriving now (one read), then `seconds` passing.
    func feed(_ text: String, then seconds: Double = 1) {
      Array(text.utf8).withUnsafeBytes { pipeline.feed($0) }
      pipeline.advance(by: seconds)
      outputs += pipeline.takeOutputs()
    }

    func take() { outputs += pipeline.takeOutputs() }

    var locations: [Fix] {
      outputs.compactMap { if case .event(.location(let l)) = $0 { l } else { nil } }
    }

    /// Seconds since 1970 of each location delivered.
    var times: [Double] { locations.map { $0.timestamp.timeIntervalSince1970 } }

    var stale: [(Fix, Double)] {
      outputs.compactMap { if case .event(.stale(let l, let age)) = $0 { (l, age) } else { nil } }
    }
  }

  @Test("receiver time jumping back an hour: each epoch is delivered with its own time")
  func timeJumpsBack() {
    let h = Harness()
    let seconds = [0.0, 1, 2, -3600, -3599, -3598].map { Self.start + $0 }
    for second in seconds { h.feed(NMEAText.epoch(second, date: Self.date)) }
    #expect(h.times == seconds.map { Self.day + $0 })
    #expect(h.stale.isEmpty)
  }

  @Test("a replay whose time jumps back: its clock holds, every epoch still delivered")
  func replayTimeJumpsBack() {
    let h = Harness(replay: true)
    let seconds = [0.0, 1, 2, -3600, -3599, -3598].map { Self.start + $0 }
    for second in seconds { h.feed(NMEAText.epoch(second, date: Self.date), then: 0) }
    h.pipeline.deviceState(.ended)
    h.take()
    #expect(h.times == seconds.map { Self.day + $0 })
    #expect(h.stale.isEmpty)
  }

  @Test("an epoch repeated whole: one fix for its time, none lost after it")
  func timeRepeats() {
    let h = Harness()
    for offset in [0.0, 1, 2, 3, 3, 4, 5, 6] {
      h.feed(NMEAText.epoch(Self.start + offset, date: Self.date))
    }
    h.feed(NMEAText.epoch(Self.start + 7, date: Self.date))
    #expect(h.times == (0...7).map { Self.day + Self.start + Double($0) })
  }

  @Test(
    "dates far in the past or future are ignored, not the fix: it keeps the carried date",
    arguments: [
      NMEAText.epoch(start + 3, date: "050180"),  // 1980-01-05: before GPS time began
      NMEAText.epoch(start + 3, date: nil) + NMEAText.zda(start + 3, day: 7, month: 4, year: 2610),
      NMEAText.epoch(start + 3, date: nil) + NMEAText.zda(start + 3, day: 1, month: 1, year: 2200),
      NMEAText.epoch(start + 3, date: nil) + NMEAText.zda(start + 3, day: 1, month: 1, year: 9999),
    ])
  func impossibleDates(epoch: String) {
    let h = Harness()
    for offset in 0..<3 { h.feed(NMEAText.epoch(Self.start + Double(offset), date: Self.date)) }
    h.feed(epoch)
    for offset in 4..<7 { h.feed(NMEAText.epoch(Self.start + Double(offset), date: Self.date)) }
    h.feed(NMEAText.epoch(Self.start + 7, date: Self.date))
    let expected = (0...7).map { Self.day + Self.start + Double($0) }
    #expect(h.times == expected)
  }

  @Test("a wrapped receiver's date, 1024 weeks behind today: moved forward, as documented")
  func weekRolloverLive() {
    let h = Harness()
    // Today (the harness's wall clock) is 2025-06-15; a receiver whose 10-bit week counter
    // wrapped says 2005-10-30, 1024 weeks earlier.
    for offset in 0..<3 {
      h.feed(NMEAText.epoch(Self.start + Double(offset), date: "301005"))
    }
    // A date six years old is not a wrap: it is delivered as sent.
    h.feed(NMEAText.epoch(Self.start + 3, date: "070419"))
    let april2019 = 1_554_595_200.0  // 2019-04-07T00:00:00Z
    #expect(
      h.times == (0..<3).map { Self.day + Self.start + Double($0) } + [april2019 + Self.start + 3])
  }

  @Test("the wall clock jumping a day forward or back changes nothing: ages are monotonic")
  func wallClockJumps() {
    let h = Harness()
    for offset in 0..<3 { h.feed(NMEAText.epoch(Self.start + Double(offset), date: Self.date)) }
    h.pipeline.jumpWallClock(by: 86_400)
    h.feed(NMEAText.epoch(Self.start + 3, date: Self.date))
    h.pipeline.jumpWallClock(by: -2 * 86_400)
    h.feed(NMEAText.epoch(Self.start + 4, date: Self.date))
    h.feed(NMEAText.epoch(Self.start + 5, date: Self.date))
    #expect(h.times == (0...5).map { Self.day + Self.start + Double($0) })
    #expect(h.stale.isEmpty)
    // Silent for 6 s of monotonic time while the wall clock goes back an hour: stale once,
    // at the monotonic age.
    h.pipeline.jumpWallClock(by: -3600)
    h.pipeline.advance(by: 5)
    h.take()
    #expect(h.stale.count == 1)
    #expect(h.stale.first.map { $0.1 > 5 && $0.1 < 6.5 } == true)
  }

  @Test("a one-shot request's deadline is monotonic: a wall clock jump neither ends nor extends it")
  func deadlineIsMonotonic() {
    let h = Harness()
    h.pipeline.requestLocation(timeout: 10, desiredAccuracy: 5)
    h.pipeline.jumpWallClock(by: 86_400)
    h.pipeline.advance(by: 9)
    h.take()
    #expect(!h.outputs.contains { if case .oneShot = $0 { true } else { false } })
    h.pipeline.jumpWallClock(by: -2 * 86_400)
    h.pipeline.advance(by: 1.2)
    h.take()
    let outcomes = h.outputs.compactMap { if case .oneShot(let r) = $0 { r } else { nil } }
    #expect(outcomes.count == 1)
  }

  @Test("a receiver that never sends a date takes the wall clock's: the one thing a jump moves")
  func ggaOnlyFollowsTheWallClock() {
    let h = Harness()
    for offset in 0..<3 { h.feed(NMEAText.epoch(Self.start + Double(offset), date: nil)) }
    h.pipeline.jumpWallClock(by: 2 * 86_400)
    for offset in 3..<6 { h.feed(NMEAText.epoch(Self.start + Double(offset), date: nil)) }
    let expected =
      (0..<3).map { Self.day + Self.start + Double($0) }
      + (3..<6).map { Self.day + 2 * 86_400 + Self.start + Double($0) }
    #expect(h.times == expected)
  }
}
