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
