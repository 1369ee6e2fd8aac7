import Foundation
@_exported import TestSupport
import Testing

@testable import Geodesy

/// The DOPs from satellite geometry against gpsd 3.22's: every SKY object with an `xdop` in
/// gpsd 3.22's transcripts (GpsdCaptures), recomputed from that object's own satellites (used, with
/// an elevation and an azimuth), must print the same with gpsd's two decimals.
@Suite struct DilutionOfPrecisionTests {
  @Test("gpsd's own example: four satellites")
  func fourSatellites() throws {
    let dop = try #require(
      DilutionOfPrecision(directions: [(14, 150), (15, 254), (43, 192), (6, 81)]))
    #expect(
      String(format: "%.2f %.2f %.2f %.2f", dop.x, dop.y, dop.time, dop.geometric)
        == "0.76 1.60 0.99 3.70")
    #expect(abs(dop.horizontal - (dop.x * dop.x + dop.y * dop.y).squareRoot()) < 1e-12)
  }

  @Test("the whole-degree table gives sin and cos bit for bit as computed on the spot")
  func wholeDegreeTable() {
    var mismatches: [Double] = []
    let fractional: [Double] = [-0.0, 0.5, -89.75, 359.5, 1e-9, 360, -91, 400]
    for degrees in (-95...365).map(Double.init) + fractional {
      let (sine, cosine) = DilutionOfPrecision.sineAndCosine(degrees: degrees)
      let radians = degrees * .pi / 180
      if sine.bitPattern != sin(radians).bitPattern || cosine.bitPattern != cos(radians).bitPattern
      {
        mismatches.append(degrees)
      }
    }
    #expect(mismatches == [])
  }

  /// The DOPs as worked out before `NormalSum`: `GᵀG` added into a ``Matrix4`` row by row,
  /// angles through ``DilutionOfPrecision/sineAndCosine(degrees:)``.
  static func direct(_ directions: [(elevation: Double, azimuth: Double)]) -> [Double]? {
    var normal = Matrix4()
    var count = 0
    for (elevation, azimuth) in directions {
      guard elevation.isFinite, azimuth.isFinite, abs(elevation) <= 90, azimuth >= 0,
        azimuth <= 359
      else { continue }
      let el = DilutionOfPrecision.sineAndCosine(degrees: elevation)
      let az = DilutionOfPrecision.sineAndCosine(degrees: azimuth)
      let row = SIMD4(az.sine * el.cosine, az.cosine * el.cosine, el.sine, 1)
      for i in 0..<4 { normal[i] += row[i] * row }
      count += 1
    }
    guard count >= 4, let inverse = DilutionOfPrecision.inverted(normal) else { return nil }
    let d = SIMD4(inverse[0][0], inverse[1][1], inverse[2][2], inverse[3][3])
    guard (0..<4).allSatisfy({ d[$0] >= 0 && d[$0].isFinite }) else { return nil }
    return [
      d[0].squareRoot(), d[1].squareRoot(), d[2].squareRoot(), d[3].squareRoot(),
      (d[0] + d[1]).squareRoot(), (d[0] + d[1] + d[2]).squareRoot(),
      (d[0] + d[1] + d[2] + d[3]).squareRoot(),
    ]
  }

  static func bits(_ dop: DilutionOfPrecision?) -> [UInt64]? {
    dop.map {
      [$0.x, $0.y, $0.vertical, $0.time, $0.horizontal, $0.position, $0.geometric]
        .map(\.bitPattern)
    }
  }

  @Test(
    "both initialisers give the direct computation's DOPs bit for bit, and a moved satellite does not"
  )
  func sameAsDirect() {
    var generator = SeededRandom(seed: 24)
    var mismatches = 0
    var moved = 0
    for round in 0..<2_000 {
      let count = 3 + round % 40
      var directions: [(elevation: Double, azimuth: Double)] = (0..<count).map { _ in
        (
          Double(Int.random(in: -5...90, using: &generator)),
          Double(Int.random(in: 0...359, using: &generator))
        )
      }
      // Some fractional, out-of-range and -0 angles: computed on the spot or skipped.
      if round % 7 == 0 { directions[0].elevation += 0.25 }
      if round % 11 == 0 { directions[count - 1].azimuth = 360 }
      if round % 13 == 0 { directions[1].elevation = -0.0 }
      let direct = Self.direct(directions)?.map(\.bitPattern)
      let simd = directions.map { SIMD2($0.elevation, $0.azimuth) }
      let fromBuffer = simd.withUnsafeBufferPointer { DilutionOfPrecision(directions: $0) }
      if Self.bits(DilutionOfPrecision(directions: directions)) != direct
        || Self.bits(fromBuffer) != direct
      {
        mismatches += 1
      }
      // The comparison can fail: one satellite a degree higher changes the DOPs.
      if direct != nil {
        var other = directions
        other[2].elevation = other[2].elevation == 90 ? 89 : other[2].elevation + 1
        if Self.bits(DilutionOfPrecision(directions: other)) != direct { moved += 1 }
      }
    }
    #expect(mismatches == 0)
    #expect(moved > 1_000)
  }

  @Test("fewer than four usable directions, or a degenerate sky, give none")
  func tooFew() {
    #expect(DilutionOfPrecision(directions: [(10, 10), (20, 20), (30, 30)]) == nil)
    #expect(DilutionOfPrecision(directions: Array(repeating: (45, 90), count: 6)) == nil)
    #expect(
      DilutionOfPrecision(directions: [(10, 10), (20, 20), (30, 30), (.nan, 40), (95, 1)])
        == nil)
  }

  @Test("every SKY of gpsd 3.22 with geometry DOPs, recomputed", GpsdCaptures.needsAny)
  func gpsdSkies() throws {
    var compared = 0
    for file in GpsdCaptures.names {
      let data = try Data(contentsOf: URL(fileURLWithPath: GpsdCaptures.transcript(file)))
      let text = String(decoding: data, as: UTF8.self)
      for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix(#"{"class":"SKY""#) {
        guard line.contains(#""xdop""#),
          // A few of gpsd's lines are not valid JSON (a bare `nan`): skipped.
          let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          let satellites = object["satellites"] as? [[String: Any]]
        else { continue }
        let directions = satellites.compactMap { satellite -> (Double, Double)? in
          guard satellite["used"] as? Bool == true, let el = satellite["el"] as? Double,
            let az = satellite["az"] as? Double
          else { return nil }
          return (el, az)
        }
        let dop = try #require(DilutionOfPrecision(directions: directions), "\(file): \(line)")
        for (key, value) in [("xdop", dop.x), ("ydop", dop.y), ("tdop", dop.time)] {
          let printed = String(format: "%.2f", value)
          let theirs = String(format: "%.2f", object[key] as? Double ?? -1)
          #expect(printed == theirs, "\(file) \(key): \(line.prefix(200))")
        }
        compared += 1
      }
    }
    print("DilutionOfPrecisionTests: \(compared) gpsd SKY objects recomputed")
    #expect(compared > (GpsdCaptures.missing.isEmpty ? 400 : 0))
  }
}
