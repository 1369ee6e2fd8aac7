// The seeded pair generator: reproducible, in the stated mix, and exact as text.
import Testing

@testable import Geodesy
@testable import TestSupport

@Suite struct GeodesicTestPairsTests {
  @Test func sameSeedSamePairsAndTheStatedMix() {
    let pairs = GeodesicTestPairs.make(count: 1_000, seed: 1)
    #expect(pairs == GeodesicTestPairs.make(count: 1_000, seed: 1))
    #expect(pairs != GeodesicTestPairs.make(count: 1_000, seed: 2))
    var counts: [GeodesicTestPair.Kind: Int] = [:]
    for pair in pairs { counts[pair.kind, default: 0] += 1 }
    #expect(
      counts == [
        .global: 380, .local: 250, .antipodal: 150, .polar: 100, .equatorial: 50,
        .meridional: 50, .wrapped: 20,
      ])
    #expect(GeodesicTestPairs.make(count: -3, seed: 1).isEmpty)
  }

  @Test func linesReadBackAsTheSameDoubles() {
    for pair in GeodesicTestPairs.make(count: 2_000, seed: 9) {
      let values = pair.line.split(separator: " ").compactMap { Double(String($0)) }
      #expect(values == [pair.latitude1, pair.longitude1, pair.latitude2, pair.longitude2])
    }
    #expect(GeodesicTestPair.decimal12(-0.5) == "-0.500000000000")
    #expect(GeodesicTestPair.decimal12(-0.0) == "0.000000000000")
    #expect(GeodesicTestPair.decimal12(179.000000000001) == "179.000000000001")
  }

  @Test func everyPairIsInRangeAndExercisesItsCase() {
    for pair in GeodesicTestPairs.make(count: 5_000, seed: 4) {
      #expect(abs(pair.latitude1) <= 90 && abs(pair.latitude2) <= 90)
      let limit: Double = pair.kind == .wrapped ? 540 : 180
      #expect(abs(pair.longitude1) <= limit && abs(pair.longitude2) <= limit)
      switch pair.kind {
      case .meridional: #expect(pair.longitude1 == pair.longitude2)
      case .equatorial: #expect(abs(pair.latitude1) <= 1e-6 && abs(pair.latitude2) <= 1e-6)
      case .polar: #expect(abs(pair.latitude1) >= 89)
      case .wrapped: #expect(abs(pair.longitude1) > 180 || abs(pair.longitude2) > 180)
      default: break
      }
    }
  }
}
