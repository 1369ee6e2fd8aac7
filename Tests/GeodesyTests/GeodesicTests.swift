// The inverse and direct problems against GeographicLib: named hard cases with GeodSolve 2.1.2's
// values written down, and seeded sets of every kind run through GeodSolve itself.
import Foundation
import Testing

@testable import Geodesy
@testable import TestSupport

/// A named inverse case with GeodSolve -i -p 12's answer (azimuths in our (−180, 180]).
struct InverseCase: Sendable, CustomTestStringConvertible {
  var name: String
  var input: (Double, Double, Double, Double)
  var azimuth1: Double
  var azimuth2: Double
  var distance: Double
  var testDescription: String { name }
}

let namedInverseCases: [InverseCase] = [
  InverseCase(
    name: "coincident at 0,0", input: (0, 0, 0, 0), azimuth1: 180, azimuth2: 180, distance: 0),
  InverseCase(
    name: "coincident", input: (51.5, -0.1, 51.5, -0.1), azimuth1: 180, azimuth2: 180, distance: 0),
  InverseCase(
    name: "pole to pole", input: (90, 0, -90, 0), azimuth1: 180, azimuth2: 180,
    distance: 20_003_931.458_625_447),
  InverseCase(
    name: "north pole to itself", input: (90, 0, 90, 120), azimuth1: 60, azimuth2: 180, distance: 0),
  InverseCase(
    name: "south pole to itself", input: (-90, 45, -90, -135), azimuth1: 180, azimuth2: 0,
    distance: 0),
  InverseCase(
    name: "antipodal on the equator", input: (0, 0, 0, 180), azimuth1: 0, azimuth2: 180,
    distance: 20_003_931.458_625_447),
  InverseCase(
    name: "nearly antipodal on the equator", input: (0, 0, 0, 179.5),
    azimuth1: 55.966_495_140_158_635, azimuth2: 124.033_504_859_841_372,
    distance: 19_980_861.908_890_962_6),
  InverseCase(
    name: "nearly antipodal", input: (0, 0, 0.5, 179.5), azimuth1: 25.671_872_868_291_882,
    azimuth2: 154.327_085_469_941_608, distance: 19_936_288.578_965_313_7),
  InverseCase(
    name: "antipodal", input: (30, 0, -30, 180), azimuth1: 0, azimuth2: 180,
    distance: 20_003_931.458_625_447),
  InverseCase(
    name: "antipodal within 1e-7°", input: (30, 0, -30.000_000_1, 179.999_999_9),
    azimuth1: 179.999_989_037_462_058, azimuth2: 0.000_010_962_537_949,
    distance: 20_003_931.447_540_197_5),
  InverseCase(
    name: "nearly antipodal, other side", input: (-40, 10, 40.0001, -170.0001),
    azimuth1: 0.012_383_063_651_661, azimuth2: 179.987_616_918_284_687,
    distance: 20_003_920.354_239_299_9),
  InverseCase(
    name: "from the north pole", input: (90, 10, 20, 30), azimuth1: 160, azimuth2: 180,
    distance: 7_789_599.475_141_088_5),
  InverseCase(
    name: "from the south pole", input: (-90, 0, 0, 0), azimuth1: 0, azimuth2: 0,
    distance: 10_001_965.729_312_723_5),
  InverseCase(
    name: "to the south pole", input: (20, 30, -90, 10), azimuth1: 180, azimuth2: -160,
    distance: 12_214_331.983_484_355_7),
  InverseCase(
    name: "along a meridian, south", input: (10, 20, -50, 20), azimuth1: 180, azimuth2: 180,
    distance: 6_646_701.874_918_521_4),
  InverseCase(
    name: "over the pole", input: (10, 20, 80, -160), azimuth1: 0, azimuth2: 180,
    distance: 10_012_936.753_454_199_1),
  InverseCase(
    name: "along the equator", input: (0, -10, 0, 100), azimuth1: 90, azimuth2: 90,
    distance: 12_245_143.987_260_092),
  InverseCase(
    name: "across the antimeridian", input: (0, 170, 0, -170), azimuth1: 90, azimuth2: 90,
    distance: 2_226_389.815_865_471_5),
  InverseCase(
    name: "longitudes beyond ±180", input: (10, 370, -10, -500), azimuth1: -92.609_299_464_034_308,
    azimuth2: -92.609_299_464_034_308, distance: 16_748_416.142_822_520_8),
  InverseCase(
    name: "JFK to SIN", input: (40.6, -73.8, 1.4, 103.99), azimuth1: 3.276_094_908_867_158,
    azimuth2: 177.508_855_408_348_353, distance: 15_347_625.846_759_000_8),
  InverseCase(
    name: "1.3 mm", input: (48.1173, 11.5167, 48.117_300_01, 11.516_700_01),
    azimuth1: 33.806_791_058_794_467, azimuth2: 33.806_791_066_239_597, distance: 0.001_338_188_5),
  InverseCase(
    name: "0.9 mm east", input: (-33.8688, 151.2093, -33.8688, 151.209_300_01),
    azimuth1: 90.000_000_002_786_464, azimuth2: 89.999_999_997_213_536, distance: 0.000_925_263_9),
  InverseCase(
    name: "11 µm north", input: (52.5, 13.4, 52.500_000_000_1, 13.4), azimuth1: 0, azimuth2: 0,
    distance: 0.000_011_128),
  InverseCase(
    name: "11 µm off the equator", input: (0, 0, 0.000_000_000_1, 0), azimuth1: 0, azimuth2: 0,
    distance: 0.000_011_057_4),
]

@Suite struct GeodesicTests {
  @Test(arguments: namedInverseCases)
  func namedInverseCase(_ c: InverseCase) {
    let r = Geodesic.wgs84.inverse(
      latitude1: c.input.0, longitude1: c.input.1, latitude2: c.input.2, longitude2: c.input.3)
    #expect(abs(r.distance - c.distance) <= 1e-6, "distance \(r.distance)")
    #expect(angleDifference(r.initialAzimuth, c.azimuth1) <= 1e-9, "azi1 \(r.initialAzimuth)")
    #expect(angleDifference(r.finalAzimuth, c.azimuth2) <= 1e-9, "azi2 \(r.finalAzimuth)")
    #expect(r.initialAzimuth > -180 && r.initialAzimuth <= 180)
    #expect(r.finalAzimuth > -180 && r.finalAzimuth <= 180)
  }

  @Test func inverseMatchesGeodSolveOnSeededPairsOfEveryKind() throws {
    let pairs = GeodesicTestPairs.make(count: 12_000, seed: 20_261_129)
    #expect(Set(pairs.map(\.kind)) == Set(GeodesicTestPair.Kind.allCases))
    let expected = try GeodSolve.run(["-i", "-p", "12"], lines: pairs.map(\.line))
    var worstDistance = 0.0
    var worstAzimuth = 0.0
    var failures: [String] = []
    for (pair, row) in zip(pairs, expected) {
      let r = Geodesic.wgs84.inverse(
        latitude1: pair.latitude1, longitude1: pair.longitude1, latitude2: pair.latitude2,
        longitude2: pair.longitude2)
      let ds = abs(r.distance - row[2])
      let da = max(
        angleDifference(r.initialAzimuth, row[0]), angleDifference(r.finalAzimuth, row[1]))
      worstDistance = max(worstDistance, ds)
      worstAzimuth = max(worstAzimuth, da)
      if !(ds <= 1e-6 && da <= 1e-9) {
        failures.append("\(pair.kind) \(pair.line): \(r) vs \(row)")
      }
    }
    let off = failures.count
    #expect(off == 0, "pairs off, first: \(failures.prefix(3).joined(separator: "; "))")
    #expect(worstDistance <= 1e-6)
    #expect(worstAzimuth <= 1e-9)
  }

  @Test func directMatchesGeodSolve() throws {
    var random = SeededRandom(seed: 7)
    let cases = GeodesicTestPairs.make(count: 5_000, seed: 8).map { pair in
      let azimuth = GeodesicTestPairs.quantize(Double.random(in: -180..<180, using: &random))
      let distance = (Double.random(in: 0..<2e7, using: &random) * 1e3).rounded() / 1e3
      return (pair.latitude1, pair.longitude1, azimuth, distance)
    }
    let lines = cases.map { c in
      [c.0, c.1, c.2].map(GeodesicTestPair.decimal12).joined(separator: " ")
        + " " + String(format: "%.3f", c.3)
    }
    let expected = try GeodSolve.run(["-p", "12"], lines: lines)
    var failures: [String] = []
    for (c, row) in zip(cases, expected) {
      let r = Geodesic.wgs84.direct(latitude: c.0, longitude: c.1, azimuth: c.2, distance: c.3)
      let miss = Geodesic.wgs84.inverse(
        latitude1: r.latitude, longitude1: r.longitude, latitude2: row[0], longitude2: row[1]
      ).distance
      let da = angleDifference(r.finalAzimuth, row[2])
      if !(miss <= 1e-6 && da <= 1e-9 && r.longitude >= -180 && r.longitude <= 180) {
        failures.append("\(c): \(r) vs \(row)")
      }
    }
    let off = failures.count
    #expect(off == 0, "cases off, first: \(failures.prefix(3).joined(separator: "; "))")
  }

  @Test(arguments: ["1/150", "-1/150", "1/298.257222101"])
  func otherEllipsoidsMatchGeodSolve(flattening: String) throws {
    let parts = flattening.split(separator: "/").compactMap { Double(String($0)) }
    let geodesic = Geodesic(equatorialRadius: 6_378_137, flattening: parts[0] / parts[1])
    let pairs = GeodesicTestPairs.make(count: 2_000, seed: 99)
    let expected = try GeodSolve.run(
      ["-i", "-p", "12", "-e", "6378137", flattening], lines: pairs.map(\.line))
    var failures: [String] = []
    for (pair, row) in zip(pairs, expected) {
      let r = geodesic.inverse(
        latitude1: pair.latitude1, longitude1: pair.longitude1, latitude2: pair.latitude2,
        longitude2: pair.longitude2)
      let ds = abs(r.distance - row[2])
      let da = max(
        angleDifference(r.initialAzimuth, row[0]), angleDifference(r.finalAzimuth, row[1]))
      if !(ds <= 1e-6 && da <= 1e-9) {
        failures.append("\(pair.kind) \(pair.line): \(r) vs \(row)")
      }
    }
    let off = failures.count
    #expect(off == 0, "pairs off, first: \(failures.prefix(3).joined(separator: "; "))")
  }

  @Test func directRoundTripsTheInverse() {
    var worst = 0.0
    for pair in GeodesicTestPairs.make(count: 3_000, seed: 5) {
      let line = Geodesic.wgs84.inverse(
        latitude1: pair.latitude1, longitude1: pair.longitude1, latitude2: pair.latitude2,
        longitude2: pair.longitude2)
      let end = Geodesic.wgs84.direct(
        latitude: pair.latitude1, longitude: pair.longitude1, azimuth: line.initialAzimuth,
        distance: line.distance)
      let miss = Geodesic.wgs84.distance(
        from: end.point, to: GeoPoint(latitude: pair.latitude2, longitude: pair.longitude2))
      worst = max(worst, miss)
    }
    #expect(worst <= 1e-6)
  }

  @Test func distanceIsSymmetricToTheBit() {
    for pair in GeodesicTestPairs.make(count: 2_000, seed: 11) {
      let a = GeoPoint(latitude: pair.latitude1, longitude: pair.longitude1)
      let b = GeoPoint(latitude: pair.latitude2, longitude: pair.longitude2)
      #expect(Geodesic.wgs84.distance(from: a, to: b) == Geodesic.wgs84.distance(from: b, to: a))
    }
  }

  @Test func longitudesBeyond180EqualTheirReductions() {
    let a = Geodesic.wgs84.inverse(latitude1: 10, longitude1: 370, latitude2: -10, longitude2: -500)
    let b = Geodesic.wgs84.inverse(latitude1: 10, longitude1: 10, latitude2: -10, longitude2: -140)
    #expect(a == b)
    let d = Geodesic.wgs84.direct(latitude: 0, longitude: 540, azimuth: 90, distance: 1000)
    #expect(d.longitude > -180 && d.longitude < -179.99)
  }

  @Test func invalidInputGivesNaNNotACrash() {
    let beyondPole = Geodesic.wgs84.inverse(
      latitude1: 91, longitude1: 0, latitude2: 0, longitude2: 0)
    #expect(beyondPole.distance.isNaN)
    let nan = Geodesic.wgs84.inverse(latitude1: .nan, longitude1: 0, latitude2: 0, longitude2: 0)
    #expect(nan.distance.isNaN)
    let infinite = Geodesic.wgs84.inverse(
      latitude1: 0, longitude1: .infinity, latitude2: 0, longitude2: 0)
    #expect(infinite.distance.isNaN)
    let direct = Geodesic.wgs84.direct(latitude: 0, longitude: 0, azimuth: .nan, distance: 1)
    #expect(direct.latitude.isNaN)
  }

  @Test func directLandsOnKnownPoints() {
    // GeodSolve -p 12: "0 0 90 20003931.4586" and "40 -73 45 1e7".
    let east = Geodesic.wgs84.direct(
      latitude: 0, longitude: 0, azimuth: 90, distance: 20_003_931.4586)
    #expect(abs(east.latitude) <= 1e-12)
    #expect(abs(east.longitude - 179.698_373_717_396_919) <= 1e-9)
    #expect(east.finalAzimuth == 90)
    let far = Geodesic.wgs84.direct(latitude: 40, longitude: -73, azimuth: 45, distance: 1e7)
    #expect(abs(far.latitude - 32.967_465_021_594_769) <= 1e-9)
    #expect(abs(far.longitude - 49.486_592_818_866_413) <= 1e-9)
    #expect(abs(far.finalAzimuth - 139.767_615_047_189_111) <= 1e-9)
  }
}
