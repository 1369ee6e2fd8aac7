import NMEA
import TestSupport
import Testing

@testable import LocationCore
@testable import LocationEngine

/// ``SatelliteTable/bestSNR`` is kept as GSV sentences are added; it must always be what a
/// pass over the satellites in view gives (``SatelliteTable/strongestInView``).
@Suite struct SatelliteTableTests {
  /// A GSV of `talker` (signal `signalID`) with up to four satellites from `ids`.
  static func gsv(
    _ talker: Talker, signalID: UInt8?, ids: ClosedRange<UInt16>, using random: inout SeededRandom
  ) -> GSV {
    var gsv = GSV(talker: talker)
    gsv.signalID = signalID
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      let snr: Int16? =
        Bool.random(using: &random) ? Int16.random(in: 0...55, using: &random) : nil
      gsv.satellites.append(
        SatelliteInView(
          id: UInt16.random(in: ids, using: &random),
          elevation: Bool.random(using: &random) ? Int16.random(in: 0...90, using: &random) : nil,
          azimuth: Int16.random(in: 0...359, using: &random), snr: snr))
    }
    return gsv
  }

  @Test("the best SNR kept as sentences come is the best of the satellites in view")
  func bestSNRAsComputed() {
    var random = SeededRandom(seed: 24)
    var table = SatelliteTable()
    var mismatches = 0
    var checked = 0
    var lowered = 0
    var previousEpochBest: Double? = nil
    for epoch in 0..<3_000 {
      // Each epoch's sentences: a few talkers, the same satellites again on other signals
      // (merged: the strongest signal kept), IDs that name no satellite (0).
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        let (talker, ids): (Talker, ClosedRange<UInt16>) =
          switch Int.random(in: 0...3, using: &random) {
          case 0: (.gps, 0...40)
          case 1: (.glonass, 60...96)
          case 2: (.galileo, 1...36)
          default: (.gnss, 1...437)
          }
        let signalID: UInt8? =
          Bool.random(using: &random) ? UInt8.random(in: 1...8, using: &random) : nil
        table.add(Self.gsv(talker, signalID: signalID, ids: ids, using: &random), epoch: epoch)
        if table.bestSNR != table.strongestInView.map(Double.init) { mismatches += 1 }
        checked += 1
      }
      // A new epoch starts from its own satellites: a best below the last epoch's is seen
      // (a kept value never reset would say the old one).
      if let before = previousEpochBest, let now = table.bestSNR, now < before { lowered += 1 }
      previousEpochBest = table.bestSNR
    }
    #expect(mismatches == 0)
    #expect(checked > 10_000)
    #expect(lowered > 100)
  }

  /// The directions of the used satellites with both angles, worked out directly.
  static func usedDirections(_ table: SatelliteTable) -> [SIMD2<Double>] {
    table.inView.compactMap { record in
      guard table.isUsed(record.number), let elevation = record.elevation,
        let azimuth = record.azimuth
      else { return nil }
      return SIMD2(Double(elevation), Double(azimuth))
    }
  }

  @Test("the used directions updated in place are the direct ones, and say when they changed")
  func usedDirectionsAsComputed() {
    var random = SeededRandom(seed: 7)
    var table = SatelliteTable()
    var kept: [SIMD2<Double>] = []
    var wrong = 0
    var changes = 0
    var sames = 0
    for epoch in 0..<2_000 {
      // A few GSV sentences, sometimes none (the last sky stays), then a GSA of some of them.
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        table.add(Self.gsv(.gps, signalID: nil, ids: 1...12, using: &random), epoch: epoch)
      }
      if Bool.random(using: &random) {
        var gsa = GSA(talker: .gps)
        gsa.satellites = SatelliteIDs(
          (1...12).filter { _ in Int.random(in: 0...3, using: &random) > 0 }.map(UInt16.init))
        table.add(gsa, epoch: epoch)
      }
      let before = kept
      let changed = table.updateUsedDirections(&kept)
      if kept != Self.usedDirections(table) || changed != (kept != before) { wrong += 1 }
      if changed { changes += 1 } else { sames += 1 }
    }
    #expect(wrong == 0)
    #expect(changes > 100)
    #expect(sames > 100)
  }

  @Test("no satellite with an SNR: none; a new epoch forgets the last one's")
  func noneAndReset() {
    var table = SatelliteTable()
    #expect(table.bestSNR == nil)
    var first = GSV(talker: .gps)
    first.satellites.append(SatelliteInView(id: 5, elevation: 40, azimuth: 100, snr: 44))
    first.satellites.append(SatelliteInView(id: 7, elevation: 10, azimuth: 200, snr: nil))
    table.add(first, epoch: 0)
    #expect(table.bestSNR == 44)
    // The same satellite on a second signal, weaker: the stronger stays.
    var weaker = GSV(talker: .gps)
    weaker.signalID = 6
    weaker.satellites.append(SatelliteInView(id: 5, elevation: 40, azimuth: 100, snr: 30))
    table.add(weaker, epoch: 0)
    #expect(table.bestSNR == 44)
    var silent = GSV(talker: .gps)
    silent.satellites.append(SatelliteInView(id: 9, elevation: 30, azimuth: 10, snr: nil))
    table.add(silent, epoch: 1)
    #expect(table.bestSNR == nil)
    #expect(table.strongestInView == nil)
  }
}
