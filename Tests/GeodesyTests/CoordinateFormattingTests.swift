// Coordinate formatting (decimal and DMS with carries) and compass points, with exact strings.
import Testing

@testable import Geodesy

/// A value, a style, and the exact latitude and longitude text.
struct FormatCase: Sendable, CustomTestStringConvertible {
  var value: Double
  var style: CoordinateStyle
  var latitude: String
  var longitude: String
  var testDescription: String { "\(value) \(style)" }
}

let formatCases: [FormatCase] = [
  FormatCase(
    value: 48.1173, style: .decimal(places: 6), latitude: "48.117300", longitude: "48.117300"),
  FormatCase(
    value: -33.8688, style: .decimal(places: 4), latitude: "-33.8688", longitude: "-33.8688"),
  FormatCase(
    value: -0.0000001, style: .decimal(places: 6), latitude: "0.000000", longitude: "0.000000"),
  FormatCase(value: -0.0, style: .decimal(places: 2), latitude: "0.00", longitude: "0.00"),
  FormatCase(value: 12.5, style: .decimal(places: 0), latitude: "12", longitude: "12"),
  FormatCase(
    value: 179.99999999, style: .decimal(places: 3), latitude: "180.000", longitude: "180.000"),
  FormatCase(value: 1.5, style: .decimal(places: -3), latitude: "2", longitude: "2"),
  FormatCase(
    value: 48.1173, style: .dms(places: 2), latitude: "48°07′02.28″N", longitude: "48°07′02.28″E"),
  FormatCase(
    value: 11.5167, style: .dms(places: 2), latitude: "11°31′00.12″N", longitude: "11°31′00.12″E"),
  FormatCase(
    value: -33.8688, style: .dms(places: 1), latitude: "33°52′07.7″S", longitude: "33°52′07.7″W"),
  FormatCase(
    value: 48.1173, style: .dms(places: 0), latitude: "48°07′02″N", longitude: "48°07′02″E"),
  FormatCase(value: 0, style: .dms(places: 2), latitude: "0°00′00.00″N", longitude: "0°00′00.00″E"),
  FormatCase(
    value: -0.000000001, style: .dms(places: 2), latitude: "0°00′00.00″N", longitude: "0°00′00.00″E"
  ),
  // Carries: seconds into minutes, minutes into degrees.
  FormatCase(
    value: 10.99999999, style: .dms(places: 2), latitude: "11°00′00.00″N",
    longitude: "11°00′00.00″E"),
  FormatCase(
    value: 59.99999 / 3600, style: .dms(places: 2), latitude: "0°01′00.00″N",
    longitude: "0°01′00.00″E"),
  FormatCase(
    value: 1 + 59.9996 / 3600, style: .dms(places: 3), latitude: "1°01′00.000″N",
    longitude: "1°01′00.000″E"),
  FormatCase(
    value: 1 + 59.9994 / 3600, style: .dms(places: 3), latitude: "1°00′59.999″N",
    longitude: "1°00′59.999″E"),
  FormatCase(
    value: -179.9999999999, style: .dms(places: 0), latitude: "180°00′00″S",
    longitude: "180°00′00″W"),
  FormatCase(
    value: 180, style: .dms(places: 4), latitude: "180°00′00.0000″N", longitude: "180°00′00.0000″E"),
  FormatCase(
    value: 45.5, style: .dms(places: 12), latitude: "45°30′00.000000000″N",
    longitude: "45°30′00.000000000″E"),
]

let compassCases: [(Double, String)] = [
  (0, "N"), (11.24, "N"), (11.25, "NNE"), (22.5, "NNE"), (45, "NE"), (67.5, "ENE"), (90, "E"),
  (112.5, "ESE"), (135, "SE"), (157.5, "SSE"), (180, "S"), (202.5, "SSW"), (225, "SW"),
  (247.5, "WSW"), (270, "W"), (292.5, "WNW"), (315, "NW"), (337.5, "NNW"), (348.74, "NNW"),
  (348.75, "N"), (359.99, "N"), (360, "N"), (-90, "W"), (-0.0001, "N"), (370, "N"),
  (-180, "S"), (720.1, "N"), (.nan, ""), (.infinity, ""), (-.infinity, ""),
]

@Suite struct CoordinateFormattingTests {
  @Test(arguments: formatCases)
  func formats(_ c: FormatCase) {
    #expect(Coordinates.formatLatitude(c.value, style: c.style) == c.latitude)
    #expect(Coordinates.formatLongitude(c.value, style: c.style) == c.longitude)
  }

  @Test func formatsAPoint() {
    let point = GeoPoint(latitude: -33.8688, longitude: 151.2093)
    #expect(Coordinates.formatPoint(point, style: .decimal(places: 4)) == "-33.8688, 151.2093")
    #expect(Coordinates.formatPoint(point, style: .dms(places: 1)) == "33°52′07.7″S, 151°12′33.5″E")
  }

  @Test func nonFiniteValuesAreWrittenPlainly() {
    #expect(Coordinates.formatLatitude(.nan, style: .dms(places: 2)) == "nan")
    #expect(Coordinates.formatLongitude(-.infinity, style: .decimal(places: 2)) == "-inf")
  }

  @Test(arguments: compassCases)
  func compassPoint(_ bearing: Double, _ name: String) {
    #expect(Coordinates.compassPoint(bearing) == name)
  }

  @Test func formattedCoordinatesParseBack() throws {
    var random = SeededRandom(seed: 3)
    for _ in 0..<2_000 {
      let lat = Double.random(in: -90...90, using: &random)
      let lon = Double.random(in: -180...180, using: &random)
      let dms = Coordinates.formatPoint(
        GeoPoint(latitude: lat, longitude: lon), style: .dms(places: 4))
      let back = try Coordinates.parsePoint(dms)
      #expect(abs(back.latitude - lat) <= 0.5e-4 / 3600 + 1e-12, "\(dms)")
      #expect(abs(back.longitude - lon) <= 0.5e-4 / 3600 + 1e-12, "\(dms)")
      let decimal = Coordinates.formatPoint(
        GeoPoint(latitude: lat, longitude: lon), style: .decimal(places: 9))
      let again = try Coordinates.parsePoint(decimal)
      #expect(abs(again.latitude - lat) <= 0.5e-9 + 1e-13, "\(decimal)")
    }
  }
}
