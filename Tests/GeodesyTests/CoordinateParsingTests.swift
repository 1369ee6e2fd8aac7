// Coordinate parsing: every accepted notation with its exact value, and every refusal with its
// exact message.
import Testing

@testable import Geodesy

/// An input and the point it must give.
struct ParseCase: Sendable, CustomTestStringConvertible {
  var text: String
  var latitude: Double
  var longitude: Double
  var testDescription: String { text }
}

/// An input and the exact reason it must be refused with.
struct RefusalCase: Sendable, CustomTestStringConvertible {
  var text: String
  var reason: String
  var testDescription: String { text }
}

let acceptedPoints: [ParseCase] = [
  ParseCase(text: "48.1173,11.5167", latitude: 48.1173, longitude: 11.5167),
  ParseCase(text: "48.1173, 11.5167", latitude: 48.1173, longitude: 11.5167),
  ParseCase(text: "  48.1173 11.5167  ", latitude: 48.1173, longitude: 11.5167),
  ParseCase(text: "48.1173\t11.5167", latitude: 48.1173, longitude: 11.5167),
  ParseCase(text: "-33.8688,151.2093", latitude: -33.8688, longitude: 151.2093),
  ParseCase(text: "\u{2212}33.8688 151.2093", latitude: -33.8688, longitude: 151.2093),
  ParseCase(text: "+48.1,-0.5", latitude: 48.1, longitude: -0.5),
  ParseCase(text: "0,0", latitude: 0, longitude: 0),
  ParseCase(text: "-0,-0", latitude: 0, longitude: 0),
  ParseCase(text: "90,180", latitude: 90, longitude: 180),
  ParseCase(text: "-90,-180", latitude: -90, longitude: -180),
  ParseCase(text: ".5,1.", latitude: 0.5, longitude: 1),
  ParseCase(text: "48.1173N 11.5167E", latitude: 48.1173, longitude: 11.5167),
  ParseCase(text: "48.1173N11.5167E", latitude: 48.1173, longitude: 11.5167),
  ParseCase(text: "N48.1173 E11.5167", latitude: 48.1173, longitude: 11.5167),
  ParseCase(text: "48.1173 N, 11.5167 E", latitude: 48.1173, longitude: 11.5167),
  ParseCase(text: "33.8688S,151.2093E", latitude: -33.8688, longitude: 151.2093),
  ParseCase(text: "S33.8688 W70.5", latitude: -33.8688, longitude: -70.5),
  ParseCase(text: "51.5n, 0.1w", latitude: 51.5, longitude: -0.1),
  ParseCase(text: "11.5167E 48.1173N", latitude: 48.1173, longitude: 11.5167),
  ParseCase(text: "11.5167E, 48.1173", latitude: 48.1173, longitude: 11.5167),
  ParseCase(text: "48.1173, 11.5167E", latitude: 48.1173, longitude: 11.5167),
  ParseCase(
    text: "48°07′02.28″N 11°31′00.12″E", latitude: 48 + 7.0 / 60 + 2.28 / 3600,
    longitude: 11 + 31.0 / 60 + 0.12 / 3600),
  ParseCase(
    text: "48°07'02.28\"N, 11°31'00.12\"E", latitude: 48 + 7.0 / 60 + 2.28 / 3600,
    longitude: 11 + 31.0 / 60 + 0.12 / 3600),
  ParseCase(
    text: "48°07’02.28”N 11°31’00.12”E", latitude: 48 + 7.0 / 60 + 2.28 / 3600,
    longitude: 11 + 31.0 / 60 + 0.12 / 3600),
  ParseCase(
    text: "48°07'02.28''N 11°31'00.12''E", latitude: 48 + 7.0 / 60 + 2.28 / 3600,
    longitude: 11 + 31.0 / 60 + 0.12 / 3600),
  ParseCase(
    text: "48d07m02.28sN 11d31m00.12sE", latitude: 48 + 7.0 / 60 + 2.28 / 3600,
    longitude: 11 + 31.0 / 60 + 0.12 / 3600),
  ParseCase(
    text: "48d 07m 02.28s N 11d 31m 00.12s E", latitude: 48 + 7.0 / 60 + 2.28 / 3600,
    longitude: 11 + 31.0 / 60 + 0.12 / 3600),
  ParseCase(
    text: "48° 7′ 2.28″ N, 11° 31′ 0.12″ E", latitude: 48 + 7.0 / 60 + 2.28 / 3600,
    longitude: 11 + 31.0 / 60 + 0.12 / 3600),
  ParseCase(
    text: "48:07:02.28, 11:31:00.12", latitude: 48 + 7.0 / 60 + 2.28 / 3600,
    longitude: 11 + 31.0 / 60 + 0.12 / 3600),
  ParseCase(
    text: "-33:52:07.7 151:12:33.5", latitude: -(33 + 52.0 / 60 + 7.7 / 3600),
    longitude: 151 + 12.0 / 60 + 33.5 / 3600),
  ParseCase(
    text: "48 07 02.28 N, 11 31 00.12 E", latitude: 48 + 7.0 / 60 + 2.28 / 3600,
    longitude: 11 + 31.0 / 60 + 0.12 / 3600),
  ParseCase(
    text: "48°07.038′N 11°31.002′E", latitude: 48 + 7.038 / 60, longitude: 11 + 31.002 / 60),
  ParseCase(text: "48°07′ 11°31′", latitude: 48 + 7.0 / 60, longitude: 11 + 31.0 / 60),
  ParseCase(text: "48° 11°", latitude: 48, longitude: 11),
  ParseCase(text: "48º07′S 11˚31′W", latitude: -(48 + 7.0 / 60), longitude: -(11 + 31.0 / 60)),
  ParseCase(
    text: "-48°07′02″, -11°31′", latitude: -(48 + 7.0 / 60 + 2.0 / 3600),
    longitude: -(11 + 31.0 / 60)),
]

let refusedPoints: [RefusalCase] = [
  RefusalCase(text: "", reason: "empty; expected LAT,LON"),
  RefusalCase(text: "   ", reason: "empty; expected LAT,LON"),
  RefusalCase(text: "91,0", reason: "latitude 91 is beyond ±90°"),
  RefusalCase(text: "-90.5,0", reason: "latitude -90.5 is beyond ±90°"),
  RefusalCase(text: "0,181", reason: "longitude 181 is beyond ±180°"),
  RefusalCase(text: "0,-180.000001", reason: "longitude -180.000001 is beyond ±180°"),
  RefusalCase(text: "91°N 0°E", reason: "latitude 91 is beyond ±90°"),
  RefusalCase(text: "48.1173", reason: "has one coordinate; expected LAT,LON"),
  RefusalCase(text: "48.1173,", reason: "nothing after the comma; expected LAT,LON"),
  RefusalCase(
    text: "48,1173,11,5167", reason: "has 3 commas; expected LAT,LON (with . for decimals)"),
  RefusalCase(text: "48.1173;11.5167", reason: "unexpected \";\" at column 8"),
  RefusalCase(text: "48.1.2, 11", reason: "unexpected \".\" at column 5"),
  RefusalCase(text: "abc", reason: "expected a number at column 1, found \"a\""),
  RefusalCase(text: "N", reason: "expected a number at column 2, found the end"),
  RefusalCase(text: "48.1 x", reason: "unexpected \"x\" at column 6"),
  RefusalCase(text: "48.1, x", reason: "expected a number at column 7, found \"x\""),
  RefusalCase(text: "48.1, 11.5, ", reason: "has 2 commas; expected LAT,LON (with . for decimals)"),
  RefusalCase(text: "48.1 11.5 12", reason: "unexpected \"1\" at column 11"),
  RefusalCase(text: "48:", reason: "expected a number at column 4, found the end"),
  RefusalCase(text: "48°61′N 11E", reason: "minutes 61 must be below 60"),
  RefusalCase(text: "48°07′60″N 11E", reason: "seconds 60 must be below 60"),
  RefusalCase(text: "48:60, 11", reason: "minutes 60 must be below 60"),
  RefusalCase(text: "48.5°30′N 11E", reason: "degrees 48.5 must be whole when minutes follow"),
  RefusalCase(text: "48°30.5′10″N 11E", reason: "minutes 30.5 must be whole when seconds follow"),
  RefusalCase(text: "48N 11N", reason: "has two latitudes (N/S) and no longitude"),
  RefusalCase(text: "48E 11W", reason: "has two longitudes (E/W) and no latitude"),
  RefusalCase(text: "-48S 11E", reason: "has both a sign and a hemisphere letter (S)"),
  RefusalCase(text: "S-48 11E", reason: "has both a hemisphere letter (S) and a sign"),
  RefusalCase(text: "48N 11E extra", reason: "unexpected \"e\" at column 9"),
  RefusalCase(text: "48°07′02.28″N 11°31′00.12″E W", reason: "unexpected \"W\" at column 29"),
]

let latitudeCases: [(String, Double)] = [
  ("48.1173", 48.1173), ("-33.8688", -33.8688), ("33.8688S", -33.8688), ("S 33.8688", -33.8688),
  ("90", 90), ("48°07′02.28″N", 48 + 7.0 / 60 + 2.28 / 3600),
  ("48 07 02.28", 48 + 7.0 / 60 + 2.28 / 3600), ("48 07.5 S", -(48 + 7.5 / 60)),
  ("48:07", 48 + 7.0 / 60),
]

let longitudeCases: [(String, Double)] = [
  ("151.2093", 151.2093), ("-180", -180), ("0.1W", -0.1), ("E011°31′", 11 + 31.0 / 60),
]

let latitudeRefusals: [(String, String)] = [
  ("", "empty; expected a latitude"),
  ("48.1E", "latitude has hemisphere E; expected N or S"),
  ("90.0001", "latitude 90.0001 is beyond ±90°"),
  ("48.1, 11", "unexpected \",\" at column 5"),
  ("nan", "expected a number at column 2, found \"a\""),
]

let longitudeRefusals: [(String, String)] = [
  ("", "empty; expected a longitude"),
  ("200", "longitude 200 is beyond ±180°"),
  ("11.5N", "longitude has hemisphere N; expected E or W"),
  ("inf", "expected a number at column 1, found \"i\""),
]

@Suite struct CoordinateParsingTests {
  @Test(arguments: acceptedPoints)
  func parsesPoint(_ c: ParseCase) throws {
    let point = try Coordinates.parsePoint(c.text)
    #expect(point == GeoPoint(latitude: c.latitude, longitude: c.longitude))
    #expect(point.latitude.sign == .plus || point.latitude != 0)
  }

  @Test(arguments: refusedPoints)
  func refusesPoint(_ c: RefusalCase) {
    #expect(throws: GeodesyError(input: c.text, reason: c.reason)) {
      try Coordinates.parsePoint(c.text)
    }
  }

  @Test func errorMessageQuotesTheInput() {
    let error = GeodesyError(input: "91,0", reason: "latitude 91 is beyond ±90°")
    #expect(error.description == "\"91,0\": latitude 91 is beyond ±90°")
  }

  @Test(arguments: latitudeCases)
  func parsesLatitude(_ text: String, _ expected: Double) throws {
    #expect(try Coordinates.parseLatitude(text) == expected)
  }

  @Test(arguments: longitudeCases)
  func parsesLongitude(_ text: String, _ expected: Double) throws {
    #expect(try Coordinates.parseLongitude(text) == expected)
  }

  @Test(arguments: latitudeRefusals)
  func refusesLatitude(_ text: String, _ reason: String) {
    #expect(throws: GeodesyError(input: text, reason: reason)) {
      try Coordinates.parseLatitude(text)
    }
  }

  @Test(arguments: longitudeRefusals)
  func refusesLongitude(_ text: String, _ reason: String) {
    #expect(throws: GeodesyError(input: text, reason: reason)) {
      try Coordinates.parseLongitude(text)
    }
  }
}
