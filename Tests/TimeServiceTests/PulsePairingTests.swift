import Testing

@testable import TimeService

/// Pairing PPS edges with the serial time of their second, and gpsd's rules for serial
/// samples: the arithmetic, through edges given by hand.
@Suite struct PulsePairingTests {
  static let second: Int64 = 1_000_000_000
  /// 2026-06-30T12:00:00Z.
  static let noon: Int64 = 1_782_820_800 * 1_000_000_000

  @Test("An edge less than a second after a serial sample begins the next second")
  func pairs() throws {
    var pairing = PulsePairing()
    // The receiver sends second N 120 ms after its pulse; the system clock is 3 ms ahead.
    let offset: Int64 = 3_000_000
    let latency: Int64 = 120_000_000
    #expect(pairing.pair(PPSEdge(system: Self.noon + offset)) == .failure(.firstEdge))
    pairing.serialSample(
      TimeSample(reference: Self.noon, system: Self.noon + latency + offset))
    let edge = Self.noon + Self.second + offset + 417
    let paired = try pairing.pair(PPSEdge(system: edge)).get()
    #expect(paired.reference == Self.noon + Self.second)
    #expect(paired.system == edge)
    #expect(paired.systemAhead == offset + 417)
    #expect(paired.offset == -0.003000417)
  }

  @Test(
    "A 10 Hz receiver: the latest serial epoch before the edge, whatever its tenth",
    arguments: [0, 300_000_000, 900_000_000] as [Int64])
  func tenHertz(fraction: Int64) throws {
    var pairing = PulsePairing()
    _ = pairing.pair(PPSEdge(system: Self.noon))
    pairing.serialSample(
      TimeSample(reference: Self.noon + fraction, system: Self.noon + fraction + 40_000_000))
    let paired = try pairing.pair(PPSEdge(system: Self.noon + Self.second + 800)).get()
    #expect(paired.reference == Self.noon + Self.second)
  }

  @Test("Refused: no serial time, serial time over a second old, edges not a second apart")
  func refusals() {
    var pairing = PulsePairing()
    _ = pairing.pair(PPSEdge(system: Self.noon))
    #expect(pairing.pair(PPSEdge(system: Self.noon + Self.second)) == .failure(.noSerialTime))
    pairing.serialSample(TimeSample(reference: Self.noon, system: Self.noon + 100_000_000))
    // Two seconds later (a pulse lost): the interval is wrong.
    #expect(
      pairing.pair(PPSEdge(system: Self.noon + 3 * Self.second))
        == .failure(.notOneHertz(interval: 2 * Self.second)))
    // A second after that, but the serial sample is 2.9 s old.
    #expect(
      pairing.pair(PPSEdge(system: Self.noon + 4 * Self.second))
        == .failure(.serialTooOld(nanoseconds: 4 * Self.second - 100_000_000)))
    // Noise: an edge 0.5 s after the last.
    pairing.serialSample(
      TimeSample(reference: Self.noon + 4 * Self.second, system: Self.noon + 4_100_000_000))
    #expect(
      pairing.pair(PPSEdge(system: Self.noon + 4_500_000_000))
        == .failure(.notOneHertz(interval: 500_000_000)))
    pairing.reset()
    #expect(pairing.pair(PPSEdge(system: Self.noon + 7 * Self.second)) == .failure(.firstEdge))
  }

  @Test("Edges 10 ms off a second apart still pair; 11 ms off do not")
  func jitter() throws {
    var pairing = PulsePairing()
    _ = pairing.pair(PPSEdge(system: Self.noon))
    pairing.serialSample(TimeSample(reference: Self.noon, system: Self.noon + 500_000_000))
    let paired = try pairing.pair(PPSEdge(system: Self.noon + 1_010_000_000)).get()
    #expect(paired.reference == Self.noon + Self.second)
    pairing.serialSample(
      TimeSample(reference: Self.noon + Self.second, system: Self.noon + 1_500_000_000))
    #expect(
      pairing.pair(PPSEdge(system: Self.noon + 2_021_000_000))
        == .failure(.notOneHertz(interval: 1_011_000_000)))
  }

  @Test("A leap warning counts only in June and December (NTP's month, gpsd's rule)")
  func leapMonths() {
    let june = Self.noon  // 2026-06-30
    let july = june + 86_400 * Self.second
    #expect(LeapIndicator.insert.effective(at: june) == .insert)
    #expect(LeapIndicator.insert.effective(at: july) == .none)
    #expect(LeapIndicator.delete.effective(at: june) == .delete)
    let december = 1_798_675_200 * Self.second  // 2026-12-31
    #expect(LeapIndicator.insert.effective(at: december) == .insert)
  }

  @Test("Serial samples: a fix's dated time, after three fixes in a row, once a second")
  func serialGate() {
    var gate = SerialTimeGate()
    let t = Self.noon
    let epochs: [(Int64?, Bool)] = [
      (t, true), (t + Self.second, true), (t + 2 * Self.second, true),
      (t + 3 * Self.second, true),  // the fourth fix in a row
      (t + 3_100_000_000, true),  // 10 Hz: the rest of that second gives none
      (t + 4_000_000_000, true),
      (nil, true),  // undated
      (t + 5 * Self.second, false),  // a lost fix starts the count again
      (t + 6 * Self.second, true), (t + 7 * Self.second, true), (t + 8 * Self.second, true),
      (t + 9 * Self.second, true),
    ]
    let admitted = epochs.map { gate.admits(reference: $0.0, isFix: $0.1) }
    #expect(
      admitted == [false, false, false, true, false, true, false, false, false, false, false, true])
  }
}
