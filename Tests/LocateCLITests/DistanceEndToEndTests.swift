import Foundation
import Geodesy
import Testing

/// `locate distance --from …` through the built binary: every format read back, files, errors.
/// Distances are checked against the Geodesy module the command must use (and, once Karney's
/// method lands, against GeographicLib's GeodSolve figures written below).
@Suite struct DistanceEndToEndTests {
  static let from = ["--from", "48.1173,11.5167"]
  static let places = [
    "EDDM=48.3538,11.7861", "LOWS=47.7933,13.0043", "EDMO=48.0814,11.2831", "-33.9,18.4",
  ]

  /// Distance and bearing as the library computes them, formatted as the JSON output does.
  func expected(_ latitude: Double, _ longitude: Double) -> (String, String) {
    let line = Geodesic.wgs84.inverse(
      latitude1: 48.1173, longitude1: 11.5167, latitude2: latitude, longitude2: longitude)
    var bearing = line.initialAzimuth.truncatingRemainder(dividingBy: 360)
    if bearing < 0 { bearing += 360 }
    return (String(format: "%.3f", line.distance), String(format: "%.3f", bearing))
  }

  @Test func jsonLinesNearestFirst() throws {
    let result = try CLI.run(["distance"] + Self.from + Self.places + ["--json"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let objects = try DocumentChecks.jsonLines(result.stdout)
    #expect(objects.map { $0["name"] as? String } == ["EDMO", "EDDM", "LOWS", "-33.9,18.4"])
    let coordinates: [(Double, Double)] = [
      (48.0814, 11.2831), (48.3538, 11.7861), (47.7933, 13.0043), (-33.9, 18.4),
    ]
    for (object, (latitude, longitude)) in zip(objects, coordinates) {
      #expect(object["lat"] as? Double == latitude)
      #expect(object["lon"] as? Double == longitude)
      let (distance, bearing) = expected(latitude, longitude)
      #expect(String(format: "%.3f", object["distance"] as? Double ?? -1) == distance)
      #expect(String(format: "%.3f", object["bearing"] as? Double ?? -1) == bearing)
    }
    let distances = objects.compactMap { $0["distance"] as? Double }
    #expect(distances == distances.sorted())
  }

  @Test
  func karneyFigures() throws {
    let result = try CLI.run(["distance"] + Self.from + Self.places + ["--json"])
    #expect(
      result.stdout
        == #"{"name":"EDMO","lat":48.0814,"lon":11.2831,"distance":17851.020,"bearing":257.165,"#
        + #""compass":"WSW"}"# + "\n"
        + #"{"name":"EDDM","lat":48.3538,"lon":11.7861,"distance":33046.268,"bearing":37.171,"#
        + #""compass":"NE"}"# + "\n"
        + #"{"name":"LOWS","lat":47.7933,"lon":13.0043,"distance":116800.680,"bearing":107.411,"#
        + #""compass":"ESE"}"# + "\n"
        + #"{"name":"-33.9,18.4","lat":-33.9,"lon":18.4,"distance":9109911.246,"#
        + #""bearing":174.214,"compass":"S"}"# + "\n")
  }

  @Test
  func humanTable() throws {
    let result = try CLI.run(["distance"] + Self.from + Self.places + ["--units", "nmi"])
    #expect(
      result.stdout
        == """
        From 48.117300, 11.516700 (--from)
        EDMO           9.639 nmi  257.2° WSW
        EDDM          17.844 nmi   37.2° NE
        LOWS          63.067 nmi  107.4° ESE
        -33.9,18.4  4918.959 nmi  174.2° S

        """)
    #expect(result.status == 0)
  }

  @Test func nearestAndWithin() throws {
    let nearest = try CLI.run(
      ["distance"] + Self.from + Self.places + ["--nearest", "2", "--json"])
    #expect(
      try DocumentChecks.jsonLines(nearest.stdout).map { $0["name"] as? String } == [
        "EDMO", "EDDM",
      ])
    let within = try CLI.run(["distance"] + Self.from + Self.places + ["--within", "40km", "-j"])
    #expect(
      try DocumentChecks.jsonLines(within.stdout).map { $0["name"] as? String } == ["EDMO", "EDDM"])
    let bare = try CLI.run(
      ["distance"] + Self.from + Self.places + ["--within", "10", "--units", "nmi", "--json"])
    #expect(try DocumentChecks.jsonLines(bare.stdout).map { $0["name"] as? String } == ["EDMO"])
    let none = try CLI.run(["distance"] + Self.from + Self.places + ["--within", "1m", "--json"])
    #expect(none.stdout == "")
    #expect(none.status == 0)
  }

  /// The nearest K of a points file are the first K of all of it, nearest first.
  static func checkNearest(_ file: String, count: Int) throws {
    let result = try CLI.run(["distance"] + Self.from + ["--points", file, "-k", "3", "-j"])
    #expect(result.status == 0, "\(result)")
    let objects = try DocumentChecks.jsonLines(result.stdout)
    #expect(objects.count == 3)
    let all = try DocumentChecks.jsonLines(
      try CLI.run(["distance"] + Self.from + ["--points", file, "-j"]).stdout)
    #expect(all.count == count)
    #expect(all.prefix(3).map { $0["name"] as? String } == objects.map { $0["name"] as? String })
    let distances = all.compactMap { $0["distance"] as? Double }
    #expect(distances == distances.sorted())
  }

  @Test func navaidsLayout() throws {
    try Self.checkNearest(Paths.fixture("navaids-layout.csv"), count: 4)
    let nearest = try CLI.run(
      ["distance"] + Self.from + ["--points", Paths.fixture("navaids-layout.csv"), "-k", "2"])
    #expect(
      nearest.lines.dropFirst().map { String($0.prefix(10)) } == ["Isar Test ", "Wurm Test "])
  }

  /// OurAirports' navaids.csv as it is, read in place from ../shared/data.
  @Test(Paths.needsShared("data/ourairports-navaids.csv"))
  func navaidsFileAsItIs() throws {
    try Self.checkNearest(
      try #require(Paths.sharedFile("data/ourairports-navaids.csv")), count: 11_008)
  }

  @Test func pointsFromStandardInputAndGeoJSON() throws {
    let csv = "label,Lat,LONGITUDE\nhere,48.1173,11.5167\nEDDM,48.3538,11.7861\n"
    let result = try CLI.run(
      ["distance"] + Self.from + [
        "--points", "-", "--points", Paths.fixture("places.geojson"), "-j",
      ],
      stdin: Data(csv.utf8))
    #expect(result.status == 0, "\(result)")
    let names = try DocumentChecks.jsonLines(result.stdout).map { $0["name"] as? String }
    #expect(names == ["here", "EDMO", "EDDM", "EDDM", "LOWS"])
  }

  @Test func geoJSONCollectionParsesBack() throws {
    let result = try CLI.run(["distance"] + Self.from + Self.places + ["--format", "geojson"])
    #expect(result.status == 0)
    let collection = try DocumentChecks.json(result.stdout)
    #expect(collection["type"] as? String == "FeatureCollection")
    let features = try #require(collection["features"] as? [[String: Any]])
    #expect(features.count == 4)
    let first = try #require(features.first)
    let geometry = try #require(first["geometry"] as? [String: Any])
    #expect(geometry["type"] as? String == "Point")
    #expect(geometry["coordinates"] as? [Double] == [11.2831, 48.0814])
    let properties = try #require(first["properties"] as? [String: Any])
    #expect(properties["name"] as? String == "EDMO")
    #expect(properties["distance"] as? Double != nil)
  }

  @Test func csvWithHeader() throws {
    let result = try CLI.run(
      ["distance"] + Self.from + Self.places + ["--format", "csv", "-k", "1"])
    let (distance, bearing) = expected(48.0814, 11.2831)
    #expect(
      result.stdout
        == "name,lat,lon,distance,bearing,compass\r\nEDMO,48.0814,11.2831,\(distance),\(bearing),"
        + "\(Coordinates.compassPoint(Double(bearing) ?? 0))\r\n")
    #expect(result.status == 0)
  }

  @Test func gpxWaypointsReadByGpsbabel() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["distance"] + Self.from + Self.places + ["--format", "gpx"])
    #expect(result.status == 0)
    let path = DocumentChecks.write(result.stdout, to: directory, name: "places.gpx")
    #expect(try DocumentChecks.xmllint(path) == nil)
    let points = try DocumentChecks.gpsbabel(path, tracks: false)
    #expect(points.map(\.latitude) == ["48.081400", "48.353800", "47.793300", "-33.900000"])
    #expect(points.map(\.longitude) == ["11.283100", "11.786100", "13.004300", "18.400000"])
    #expect(points.map { $0.fields["Name"] } == ["EDMO", "EDDM", "LOWS", "-33.9,18.4"])
  }

  @Test(arguments: [
    (
      "bad-linestring.geojson", 65,
      "bad-linestring.geojson feature 1: geometry is a LineString, not a Point "
        + "(give each feature a Point)"
    ),
    ("nothing-here.csv", 66, "nothing-here.csv: no such file or directory (check the path)"),
  ])
  func badPointsFiles(name: String, status: Int32, message: String) throws {
    let path = Paths.fixture(name)
    let result = try CLI.run(["distance"] + Self.from + ["--points", path])
    #expect(result.stderr == "locate: " + Paths.fixture("") + message + "\n")
    #expect(result.stdout == "")
    #expect(result.status == status)
  }

  @Test func badRowIs65() throws {
    let path = Paths.fixture("bad-latitude.csv")
    let result = try CLI.run(["distance"] + Self.from + ["--points", path])
    #expect(result.stderr.hasPrefix("locate: \(path) line 3: \"abc\": "))
    #expect(result.stderr.hasSuffix(" (fix the row)\n"))
    #expect(result.stderr.count(where: { $0 == "\n" }) == 1)
    #expect(result.stdout == "")
    #expect(result.status == 65)
  }

  @Test func unreadablePointsFileIs66() throws {
    let result = try CLI.run(["distance"] + Self.from + ["--points", "/tmp"])
    #expect(result.stderr == "locate: /tmp: is a directory (give a file)\n")
    #expect(result.status == 66)
  }
}
