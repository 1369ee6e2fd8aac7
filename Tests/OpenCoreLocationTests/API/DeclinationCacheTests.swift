import Testing

@testable import LocationCore
@testable import LocationEngine

/// The engine evaluates the World Magnetic Model again only when the fix moved 0.01° or a day
/// passed; in between, the declination it keeps is within a few hundredths of a degree.
@Suite("Declination cache")
struct DeclinationCacheTests {
  /// 2025-06-15T00:00:00Z plus a few hours.
  static let noon = 1_749_945_600.0 + 12 * 3600

  func model(_ latitude: Double, _ longitude: Double, _ seconds: Double) throws -> Double {
    try #require(
      MagneticVariation.model(latitude: latitude, longitude: longitude, height: 0, at: seconds)
    ).degrees
  }

  @Test("the first fix, a move of 0.011°, and a new day get the model's own value")
  func evaluatedAgain() throws {
    var cache = DeclinationCache()
    let first = cache.declination(latitude: 48.1, longitude: 11.5, height: 0, at: Self.noon)
    #expect(first == (try model(48.1, 11.5, Self.noon)))
    let north = cache.declination(latitude: 48.111, longitude: 11.5, height: 0, at: Self.noon)
    #expect(north == (try model(48.111, 11.5, Self.noon)))
    let west = cache.declination(latitude: 48.111, longitude: 11.489, height: 0, at: Self.noon)
    #expect(west == (try model(48.111, 11.489, Self.noon)))
    let tomorrow = Self.noon + 86_400
    let nextDay = cache.declination(latitude: 48.111, longitude: 11.489, height: 0, at: tomorrow)
    #expect(nextDay == (try model(48.111, 11.489, tomorrow)))
    #expect(nextDay != west)
  }

  @Test("a fix less than 0.01° away on the same day keeps the value, within 0.01°")
  func kept() throws {
    var cache = DeclinationCache()
    let first = cache.declination(latitude: 48.1, longitude: 11.5, height: 0, at: Self.noon)
    let near = cache.declination(
      latitude: 48.1099, longitude: 11.5099, height: 500, at: Self.noon + 3600)
    #expect(near == first)
    let exact = try model(48.1099, 11.5099, Self.noon + 3600)
    #expect(abs(try #require(near) - exact) < 0.01)
  }
}
