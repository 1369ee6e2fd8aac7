// NearestIndex against brute force (the exact geodesic to every point, sorted by distance then
// index): seeded random and clustered sets, ties, the poles and the antimeridian, and the
// OurAirports navaids (../shared/data/ourairports-navaids.csv, read in place).
import Foundation
import Testing

@testable import Geodesy

/// Every valid point by exact geodesic distance from `query`, nearest first, ties by index.
func bruteForce(_ points: [GeoPoint], from query: GeoPoint) -> [Neighbor] {
  var all: [Neighbor] = []
  for (i, p) in points.enumerated() {
    guard p.latitude.isFinite, p.longitude.isFinite, abs(p.latitude) <= 90 else { continue }
    let line = Geodesic.wgs84.inverse(from: query, to: p)
    all.append(Neighbor(index: i, distance: line.distance, azimuth: line.initialAzimuth))
  }
  return all.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
}

/// Brute force's answer to a query with a count and a distance limit.
func expected(_ all: [Neighbor], count: Int?, within: Double?) -> [Neighbor] {
  let near = all.filter { $0.distance <= (within ?? .infinity) }
  return Array(near.prefix(count ?? near.count))
}

/// Seeded points: uniform on the globe, clusters (cities), exact duplicates and mirror pairs
/// (equal distances), points at the poles and on the antimeridian.
func seededPoints(count: Int, seed: UInt64) -> [GeoPoint] {
  var random = SeededRandom(seed: seed)
  var points: [GeoPoint] = []
  while points.count < count {
    switch points.count % 10 {
    case 0..<5:
      let lat = asin(Double.random(in: -1...1, using: &random)) * 180 / .pi
      points.append(
        GeoPoint(latitude: lat, longitude: Double.random(in: -180..<180, using: &random)))
    case 5..<8:
      let centre = [(48.1, 11.5), (-33.9, 151.2), (64.1, -21.9), (0.3, 179.9)][points.count % 4]
      points.append(
        GeoPoint(
          latitude: centre.0 + Double.random(in: -0.05...0.05, using: &random),
          longitude: centre.1 + Double.random(in: -0.05...0.05, using: &random)))
    case 8:
      points.append(points[Int.random(in: 0..<points.count, using: &random)])
    default:
      let special = [
        GeoPoint(latitude: 90, longitude: 0), GeoPoint(latitude: -90, longitude: 45),
        GeoPoint(latitude: 10, longitude: 180), GeoPoint(latitude: 10, longitude: -180),
        GeoPoint(latitude: 48.1, longitude: 11.6), GeoPoint(latitude: 48.1, longitude: 11.4),
      ]
      points.append(special[points.count % special.count])
    }
  }
  return points
}

@Suite struct NearestIndexTests {
  static let queries: [GeoPoint] = {
    var random = SeededRandom(seed: 41)
    var q = [
      GeoPoint(latitude: 48.1, longitude: 11.5), GeoPoint(latitude: 90, longitude: 0),
      GeoPoint(latitude: -90, longitude: 0), GeoPoint(latitude: 0.3, longitude: -179.95),
      GeoPoint(latitude: 10, longitude: 180), GeoPoint(latitude: -48.1, longitude: -168.5),
      GeoPoint(latitude: 0, longitude: 0),
    ]
    for _ in 0..<13 {
      q.append(
        GeoPoint(
          latitude: Double.random(in: -90...90, using: &random),
          longitude: Double.random(in: -180..<180, using: &random)))
    }
    return q
  }()

  @Test func equalsBruteForceOnSeededPoints() {
    let points = seededPoints(count: 8_000, seed: 17)
    let index = NearestIndex(points: points)
    var mismatches: [String] = []
    for query in Self.queries {
      let all = bruteForce(points, from: query)
      for (count, within) in [
        (1, nil), (10, nil), (100, nil), (10, 5_000.0), (nil, 20_000.0), (5, 3_000_000.0),
        (nil, nil), (10, 0.0),
      ] as [(Int?, Double?)] {
        let found = index.nearest(to: query, count: count, within: within)
        let scanned = NearestIndex.nearest(
          among: points, to: query, count: count, within: within)
        if found != expected(all, count: count, within: within) || scanned != found {
          mismatches.append(
            "\(query) count \(String(describing: count)) within \(String(describing: within))")
        }
      }
    }
    let off = mismatches.count
    #expect(off == 0, "\(mismatches.prefix(3).joined(separator: "; "))")
  }

  @Test func tiesAreBrokenByIndex() {
    let query = GeoPoint(latitude: 10, longitude: 0)
    let points = [
      GeoPoint(latitude: 10, longitude: 5), GeoPoint(latitude: 10, longitude: -5),
      GeoPoint(latitude: 10, longitude: 5), GeoPoint(latitude: 10, longitude: 1),
    ]
    let found = NearestIndex(points: points).nearest(to: query, count: 3)
    #expect(found.map(\.index) == [3, 0, 1])
    #expect(NearestIndex.nearest(among: points, to: query, count: 3) == found)
    #expect(NearestIndex.nearest(among: points, to: query, count: 1).map(\.index) == [3])
    #expect(found[1].distance == found[2].distance)
  }

  @Test func invalidPointsAndQueriesGiveNothingRatherThanACrash() {
    let points = [
      GeoPoint(latitude: .nan, longitude: 0), GeoPoint(latitude: 95, longitude: 0),
      GeoPoint(latitude: 1, longitude: .infinity), GeoPoint(latitude: 1, longitude: 370),
    ]
    let index = NearestIndex(points: points)
    let found = index.nearest(to: GeoPoint(latitude: 1, longitude: 10), count: nil)
    #expect(found.map(\.index) == [3])
    for count in [nil, 1, 2] as [Int?] {
      #expect(
        NearestIndex.nearest(among: points, to: GeoPoint(latitude: 1, longitude: 10), count: count)
          == found)
    }
    #expect(
      NearestIndex.nearest(among: points, to: GeoPoint(latitude: 91, longitude: 0), count: 1)
        .isEmpty)
    #expect(
      NearestIndex.nearest(among: [], to: GeoPoint(latitude: 0, longitude: 0), count: 1).isEmpty)
    #expect(
      NearestIndex.nearest(
        among: points, to: GeoPoint(latitude: 0, longitude: 0), count: 1, within: .nan
      )
      .isEmpty)
    #expect(
      found.first?.distance
        == Geodesic.wgs84.distance(
          from: GeoPoint(latitude: 1, longitude: 10), to: GeoPoint(latitude: 1, longitude: 10)))
    #expect(index.nearest(to: GeoPoint(latitude: .nan, longitude: 0), count: 1).isEmpty)
    #expect(index.nearest(to: GeoPoint(latitude: -91, longitude: 0), count: 1).isEmpty)
    #expect(index.nearest(to: GeoPoint(latitude: 0, longitude: 0), count: 0).isEmpty)
    #expect(index.nearest(to: GeoPoint(latitude: 0, longitude: 0), count: -1).isEmpty)
    #expect(index.nearest(to: GeoPoint(latitude: 0, longitude: 0), count: 1, within: -1).isEmpty)
    #expect(index.nearest(to: GeoPoint(latitude: 0, longitude: 0), count: 1, within: .nan).isEmpty)
    #expect(
      NearestIndex(points: []).nearest(to: GeoPoint(latitude: 0, longitude: 0), count: 5).isEmpty)
  }

  @Test(Paths.needsShared(navaidsFile)) func equalsBruteForceOnOurAirportsNavaids() throws {
    let points = try navaids()
    #expect(points.count == 11_008)
    let index = NearestIndex(points: points)
    var queries = Self.queries
    queries += stride(from: 0, to: points.count, by: 1_101).map { points[$0] }
    var mismatches: [String] = []
    for query in queries {
      let all = bruteForce(points, from: query)
      for (count, within) in [(10, nil), (nil, 50_000.0), (3, 200_000.0)] as [(Int?, Double?)] {
        let found = index.nearest(to: query, count: count, within: within)
        if found != expected(all, count: count, within: within)
          || NearestIndex.nearest(among: points, to: query, count: count, within: within) != found
        {
          mismatches.append("\(query) \(String(describing: count)) \(String(describing: within))")
        }
      }
    }
    let off = mismatches.count
    #expect(off == 0, "\(mismatches.prefix(3).joined(separator: "; "))")
  }

  /// OurAirports' navaids (public domain), read in place from ../shared/data.
  static let navaidsFile = "data/ourairports-navaids.csv"

  /// The navaids' coordinates from OurAirports' CSV.
  func navaids() throws -> [GeoPoint] {
    let url = URL(fileURLWithPath: try #require(Paths.sharedFile(Self.navaidsFile)))
    let text = try String(contentsOf: url, encoding: .utf8)
    var lines = text.split(separator: "\n").map(csvFields)
    let header = lines.removeFirst()
    let lat = try #require(header.firstIndex(of: "latitude_deg"))
    let lon = try #require(header.firstIndex(of: "longitude_deg"))
    return try lines.map { row in
      GeoPoint(
        latitude: try Coordinates.parseLatitude(row[lat]),
        longitude: try Coordinates.parseLongitude(row[lon]))
    }
  }
}

/// The fields of one CSV line (double quotes around fields that need them, "" inside).
func csvFields(_ line: Substring) -> [String] {
  var fields: [String] = []
  var field = ""
  var quoted = false
  var iterator = line.makeIterator()
  while let c = iterator.next() {
    if quoted {
      if c == "\"" { quoted = false } else { field.append(c) }
    } else if c == "\"" {
      quoted = true
    } else if c == "," {
      fields.append(field)
      field = ""
    } else if c != "\r" {
      field.append(c)
    }
  }
  fields.append(field)
  return fields
}
