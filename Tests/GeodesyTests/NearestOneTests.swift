// The single-nearest lookups (NearestIndex.nearest(to:) and NearestScan) against brute force,
// on the same seeded sets as NearestIndexTests: clusters, exact duplicates (ties by index), the
// poles and the antimeridian.
import Foundation
import TestSupport
import Testing

@testable import Geodesy

@Suite struct NearestOneTests {
  /// The fixed queries of NearestIndexTests and 100 more, uniform on the globe.
  static let queries: [GeoPoint] = {
    var random = SeededRandom(seed: 43)
    return NearestIndexTests.queries
      + (0..<100).map { _ in
        GeoPoint(
          latitude: asin(random.uniform(-1...1)) * 180 / .pi, longitude: random.uniform(-180...180))
      }
  }()

  @Test("the tree's and the scan's nearest are brute force's first, ties by index")
  func equalsBruteForce() {
    let points = seededPoints(count: 3_000, seed: 19)
    let index = NearestIndex(points: points)
    var mismatches: [String] = []
    for query in Self.queries {
      let expected = bruteForce(points, from: query).first
      let tree = index.nearest(to: query)
      let scan = NearestScan.nearest(to: query, among: points)
      if tree != expected || scan != expected {
        mismatches.append(
          "\(query): brute \(String(describing: expected?.index)), tree "
            + "\(String(describing: tree?.index)), scan \(String(describing: scan?.index))")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(3).joined(separator: "; "))")
  }

  @Test("each point of a set with duplicates finds the first of its copies, at 0 m")
  func pointsFindThemselves() {
    let points = seededPoints(count: 3_000, seed: 23)
    let index = NearestIndex(points: points)
    for (i, point) in points.enumerated() {
      let first = points.firstIndex(of: point) ?? i
      let found = index.nearest(to: point)
      #expect(found?.index == first && found?.distance == 0, "point \(i)")
      if i % 50 == 0 {
        #expect(NearestScan.nearest(to: point, among: points)?.index == first, "scan \(i)")
      }
    }
  }

  @Test("invalid queries and lists give nothing")
  func invalid() {
    let points = [GeoPoint(latitude: .nan, longitude: 0), GeoPoint(latitude: 95, longitude: 0)]
    let query = GeoPoint(latitude: 1, longitude: 1)
    #expect(NearestIndex(points: points).nearest(to: query) == nil)
    #expect(NearestScan.nearest(to: query, among: points) == nil)
    #expect(NearestScan.nearest(to: query, among: []) == nil)
    #expect(NearestIndex(points: []).nearest(to: query) == nil)
    let valid = [GeoPoint(latitude: 1, longitude: 2)]
    #expect(NearestScan.nearest(to: GeoPoint(latitude: .nan, longitude: 0), among: valid) == nil)
    #expect(NearestIndex(points: valid).nearest(to: GeoPoint(latitude: 91, longitude: 0)) == nil)
  }
}
