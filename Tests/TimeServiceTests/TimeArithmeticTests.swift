import Platform
import Testing

@testable import TimeService

/// The statistics `locate time` prints, the leap seconds receivers state, and the clock step's
/// arithmetic (through a setter seam: this shared machine's clock is never stepped by a test).
@Suite struct TimeArithmeticTests {
  @Test("Mean, sample standard deviation, range and median of nanosecond offsets")
  func statistics() throws {
    let base: Int64 = -107_000_000
    let stats = try #require(
      OffsetStatistics([base + 2_000_000, base + 4_000_000, base + 4_000_000, base + 6_000_000]))
    #expect(stats.count == 4)
    #expect(stats.mean == Double(base) + 4_000_000)
    #expect(abs(stats.standardDeviation - 1_632_993.161855452) < 1e-6)
    #expect(stats.minimum == base + 2_000_000)
    #expect(stats.range == 4_000_000)
    #expect(stats.median == Double(base) + 4_000_000)
    #expect(OffsetStatistics([]) == nil)
    #expect(OffsetStatistics([7])?.standardDeviation == 0)
    #expect(OffsetStatistics([1, 4, 2])?.median == 2)
  }

  @Test(
    "Leap seconds from u-blox's PUBX,04 and Garmin's PGRMF; none from anything else",
    arguments: [
      (
        "$PUBX,04,073731.00,091202,113851.00,1196,15D,1930035,-2660.664,43*3C", 15, false, "PUBX,04"
      ),
      ("$PUBX,04,101521.00,021226,468921.00,2447,18,123,-1.5,21*00", 18, true, "PUBX,04"),
      (
        "$PGRMF,2447,468921,021226,101521,18,4807.0466,N,01131.0148,E,A,2,0,45,2,1*00", 18, true,
        "PGRMF"
      ),
    ] as [(String, Int, Bool, String)])
  func leapSeconds(line: String, value: Int, fromAlmanac: Bool, sentence: String) throws {
    let leap = try #require(LeapSeconds(line: Array(line.utf8)))
    #expect(leap == LeapSeconds(gpsMinusUTC: value, fromAlmanac: fromAlmanac, sentence: sentence))
  }

  @Test(
    "No leap seconds: other sentences, other PUBX messages, empty or odd fields",
    arguments: [
      "$GPRMC,101521.00,A,4807.0466,N,01131.0148,E,0.0,,021226,,,A*00",
      "$PUBX,00,101521.00,4807.0466,N,01131.0148,E,520.0,G3,2.1,2.0,0.0,0.0,0.0,,1.0,1.0,0.8,9,0,0*00",
      "$PUBX,04,101521.00,021226,468921.00,2447,,123,-1.5,21*00",
      "$PUBX,04,101521.00,021226,468921.00,2447,0D,123,-1.5,21*00",
      "$PGRMF,2447,468921,021226,101521,x,4807.0466,N*00",
      "$PUBX",
    ])
  func noLeapSeconds(line: String) {
    #expect(LeapSeconds(line: Array(line.utf8)) == nil)
  }

  @Test("The clock is stepped to the receiver's time plus the monotonic time since the epoch")
  func clockStep() throws {
    // A Raspberry Pi that booted in 1970: 10 s after boot, the epoch 2026-12-02T10:52:29Z.
    let reference: Int64 = 1_796_208_749_000_000_000
    let step = ClockStep(reference: reference, system: 10_123_000_000, monotonic: 9_000_000_000)
    #expect(step.decide(threshold: 1_000_000_000) == .step(ahead: 10_123_000_000 - reference))
    var set: Int64?
    let time = try step.apply(monotonicNow: { 9_250_000_000 }, setter: { set = $0 })
    #expect(time == reference + 250_000_000)
    #expect(set == time)
    // A clock already near: left alone.
    let near = ClockStep(reference: reference, system: reference + 400_000_000, monotonic: 0)
    #expect(near.decide(threshold: 1_000_000_000) == .within(ahead: 400_000_000))
    #expect(near.decide(threshold: 300_000_000) == .step(ahead: 400_000_000))
    // Refused without the privilege: the setter's error comes out.
    #expect(throws: Errno.notPermitted) {
      _ = try step.apply(monotonicNow: { 0 }, setter: { _ throws(Errno) in throw .notPermitted })
    }
  }
}
