// Reverse geocoding against GeoNames' own coordinates: every place of the table finds itself,
// and 10,000 random points on populated land find what measuring the distance to every place
// finds.
import Foundation
import TestSupport
import Testing

@testable import Gazetteer
@testable import Geodesy

@Suite("Reverse geocoding")
struct ReverseGeocodingTests {
  static let table = GazetteerTable.shared

  @Test("the table decodes: 170,354 places in 246 countries, to its end marker")
  func decodes() {
    #expect(Self.table.isValid)
    #expect(Places.count == 170_354)
    #expect(Self.table.countries.count == 246)
    #expect(Self.table.zones.count == 392)
  }

  @Test("every place reverse-geocodes to itself, at 0 m")
  func everyPlaceFindsItself() {
    let index = Places.spatial
    var wrong: [Int] = []
    for (i, point) in Self.table.points.enumerated() {
      guard let found = index.nearest(to: point), found.index == i, found.distance == 0 else {
        wrong.append(i)
        continue
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) places found another: \(wrong.prefix(5))")
    // The scan finds them too (a sample: a scan costs a millisecond or more here).
    for i in stride(from: 7, to: Self.table.points.count, by: 1_999) {
      #expect(NearestScan.nearest(to: Self.table.points[i], among: Self.table.points)?.index == i)
    }
  }

  /// 10,000 points uniform on the sphere, kept when they fall in a 1° × 1° cell that holds a
  /// place (populated land and its coasts), from a fixed seed.
  static func landPoints() -> [GeoPoint] {
    var occupied = Set<Int>()
    for point in table.points {
      occupied.insert(cell(point.latitude, point.longitude))
    }
    var random = SeededRandom(seed: 1_000)
    var points: [GeoPoint] = []
    while points.count < 10_000 {
      let latitude = asin(random.uniform(-1...1)) * 180 / .pi
      let longitude = random.uniform(-180...180)
      if occupied.contains(cell(latitude, longitude)) {
        points.append(GeoPoint(latitude: latitude, longitude: longitude))
      }
    }
    return points
  }

  static func cell(_ latitude: Double, _ longitude: Double) -> Int {
    Int((latitude + 90).rounded(.down)) * 360 + Int((longitude + 180).rounded(.down)) % 360
  }

  @Test("10,000 random points on populated land: the same place as a brute-force search")
  func randomLandPoints() async throws {
    let queries = Self.landPoints()
    let brute = try await BruteForce.nearest(queries, among: Self.table.points)
    var wrong: [String] = []
    for (query, expected) in zip(queries, brute) {
      let found = Places.spatial.nearest(to: query)
      if found?.index != expected.index || found?.distance != expected.distance {
        wrong.append("\(query): \(String(describing: found?.index)) for \(expected.index)")
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(3))")
    // Places.nearest (scan first, then the tree) agrees, and says where the point lies from it.
    for (query, expected) in zip(queries, brute).prefix(40) {
      let nearby = try #require(Places.nearest(to: query))
      #expect(nearby.place.index == expected.index)
      #expect(nearby.distance == expected.distance)
      let back = Geodesic.wgs84.inverse(
        from: GeoPoint(latitude: nearby.place.latitude, longitude: nearby.place.longitude),
        to: query)
      #expect(
        abs(nearby.bearing - (back.initialAzimuth + 360).truncatingRemainder(dividingBy: 360))
          < 1e-9)
    }
  }

  @Test("Garching (bei München): its division, country, time zone; a point 2.1 km north-east")
  func garching() throws {
    let garching = try #require(Places.named("Garching bei München").first)
    #expect(garching.name == "Garching" && garching.population == 17_656)
    #expect(garching.administrativeArea == "Bavaria" && garching.countryCode == "DE")
    #expect(garching.country == "Germany" && garching.timeZone == "Europe/Berlin")
    #expect(garching.latitude == 48.24896 && garching.longitude == 11.65101)
    #expect(garching.summary == "Garching, Bavaria, DE")
    let away = Geodesic.wgs84.direct(
      from: GeoPoint(latitude: garching.latitude, longitude: garching.longitude), azimuth: 45,
      distance: 2_100)
    let nearby = try #require(Places.nearest(to: away.point))
    #expect(nearby.place.index == garching.index)
    #expect(abs(nearby.distance - 2_100) < 1e-6)
    #expect(abs(nearby.bearing - 45) < 1e-9)
  }

  @Test("no place for a point that is not one")
  func invalid() {
    #expect(Places.nearest(to: GeoPoint(latitude: .nan, longitude: 0)) == nil)
    #expect(Places.nearest(to: GeoPoint(latitude: 90.5, longitude: 0)) == nil)
    #expect(Places.place(at: -1) == nil && Places.place(at: Places.count) == nil)
  }
}
