import Foundation
import Testing

/// `watch --region` and `--regions`: the accepted forms, and a one-line error with the
/// documented status for each bad one.
@Suite struct RegionOptionsEndToEndTests {
  static let capture = Paths.simulatedDrive

  /// Runs `locate watch --input CAPTURE arguments…`.
  static func watch(_ arguments: [String], stdin: Data? = nil) throws -> RunResult {
    try CLI.run(["watch", "--input", capture] + arguments, stdin: stdin)
  }

  @Test(arguments: [
    (
      ["--region", "depot"],
      "locate: --region 'depot': not NAME=LAT,LON,RADIUS (e.g. --region depot=48.1173,11.5167,200)"
    ),
    (
      ["--region", "=48.1,11.5,200"],
      "locate: --region '=48.1,11.5,200': no name before '=' (e.g. --region depot=48.1173,11.5167,200)"
    ),
    (
      ["--region", "depot=48.1173,11.5167"],
      "locate: --region 'depot=48.1173,11.5167': no radius after the coordinates (e.g. --region depot=48.1173,11.5167,200)"
    ),
    (
      ["--region", "depot=91,11.5,200"],
      "locate: --region 'depot=91,11.5,200': '91,11.5' is not LAT,LON: latitude 91 is beyond ±90° (e.g. --region depot=48.1173,11.5167,200)"
    ),
    (
      ["--region", "depot=48.1,11.5,abc"],
      "locate: --region 'depot=48.1,11.5,abc': radius 'abc' is not a distance (give metres, or a number with m, km, mi or nmi, e.g. 200 or 1.5km)"
    ),
    (
      ["--region", "depot=48.1,11.5,0"],
      "locate: --region 'depot=48.1,11.5,0': the radius must be above 0 and at most 20000 km (e.g. --region depot=48.1173,11.5167,200)"
    ),
    (
      ["--region", "depot=48.1,11.5,20001km"],
      "locate: --region 'depot=48.1,11.5,20001km': the radius must be above 0 and at most 20000 km (e.g. --region depot=48.1173,11.5167,200)"
    ),
    (
      ["--region", "a=1,1,1", "--region", "a=2,2,2"],
      "locate: --region 'a=2,2,2': the name 'a' is given twice (see 'locate watch --help')"
    ),
    (
      ["--events-only"],
      "locate: --events-only: needs --region or --regions (see 'locate watch --help')"
    ),
    (
      ["--hysteresis", "5"],
      "locate: --hysteresis: needs --region or --regions (see 'locate watch --help')"
    ),
    (
      ["--region", "a=1,1,1", "--hysteresis", "-1"],
      "locate: --hysteresis -1: must be from 0 to 100000 metres (e.g. --hysteresis 30)"
    ),
    (
      ["--region", "a=1,1,1", "--events-only", "--satellites"],
      "locate: --events-only and --satellites: --events-only prints region events only (see 'locate watch --help')"
    ),
  ])
  func badRegionOptions(arguments: [String], message: String) throws {
    let result = try Self.watch(arguments)
    #expect(result.status == 64)
    #expect(result.stderr == message + "\n")
    #expect(result.stdout == "")
  }

  @Test(arguments: [
    (
      "name,lat,lon\na,1,2\n",
      "LINE1: no radius column in the header (name one radius or radius_m, in metres)"
    ),
    (
      "name,lat,lon,radius\na,1,2,x\n",
      "LINE2: radius 'x' is not a distance (give metres, or a number with m, km, mi or nmi)"
    ),
    ("name,lat,lon,radius\na,1,2\n", "LINE2: no radius (give one in metres)"),
    (
      "name,lat,lon,radius\na,1,2,-3\n",
      "LINE2: radius -3 must be above 0 and at most 20000 km (fix the radius)"
    ),
    ("name,lat,lon,radius\n,1,2,5\n", "LINE2: the region has no name (give it a name)"),
    (
      "name,lat,lon,radius\na,1,2,5\nb,1,2,5\na,3,4,5\n",
      "LINE4: the region name 'a' is given twice (give each region its own name)"
    ),
    ("name,lat,lon,radius\n", "FILE: no regions (give a row or feature per region)"),
    ("name,lat,lon,radius\na,95,2,5\n", "LINE2: \"95\": latitude 95 is beyond ±90° (fix the row)"),
    (
      #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2,1]},"properties":{"name":"a"}}]}"#,
      "FILE feature 1: no radius property (give it \"radius\" in metres)"
    ),
    (
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[2,1]},"properties":{"name":"a","radius":true}}"#,
      "FILE: the radius is not a number (give \"radius\" in metres)"
    ),
  ])
  func badRegionFiles(text: String, message: String) throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = DocumentChecks.write(text, to: directory, name: "regions")
    let result = try Self.watch(["--regions", path])
    #expect(result.status == 65)
    let expected = message.replacingOccurrences(of: "LINE", with: path + " line ")
      .replacingOccurrences(of: "FILE", with: path)
    #expect(result.stderr == "locate: " + expected + "\n")
    #expect(result.stdout == "")
  }

  @Test func missingFilesAndStandardInput() throws {
    let missing = try Self.watch(["--regions", "/nonexistent/regions.csv"])
    #expect(missing.status == 66)
    #expect(
      missing.stderr
        == "locate: /nonexistent/regions.csv: no such file or directory (check the path)\n")
    let twice = try CLI.run(["watch", "--input", "-", "--regions", "-"])
    #expect(twice.status == 64)
    #expect(
      twice.stderr
        == "locate: --regions -: standard input can be read only once (see 'locate watch --help')\n"
    )
  }

  /// CSV (units, any column order) and GeoJSON (whole-number coordinates, a radius with a
  /// unit) give the same events as --region; standard input works too.
  @Test func regionFilesMatchRegionOptions() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tour = DocumentChecks.write(
      String(decoding: RegionTour.nmea(RegionTour.fixes), as: UTF8.self), to: directory,
      name: "tour.nmea")
    let csv = DocumentChecks.write(
      "Radius,Name,Latitude,Longitude\n200,depot,48.1173,11.5167\n300 m,graze,48.1199,11.525\n"
        + "0.1 km,yard,48.1173,11.533\n", to: directory, name: "sites.csv")
    let geojson =
      #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","#
      + #""coordinates":[11,48]},"properties":{"name":"far","radius":"2km"}}]}"#
    let result = try CLI.run(
      [
        "watch", "--input", tour, "--regions", csv, "--region", RegionTour.gate.spec, "--regions",
        "-", "--events-only",
      ],
      stdin: Data(geojson.utf8))
    #expect(result.status == 0, "\(result)")
    let far = RegionTour.Region(
      name: "far", center: .init(latitude: 48, longitude: 11), radius: 2000)
    // --region circles come first, then the files' in order.
    let lines = RegionTour.events.map { RegionTour.line($0.0, $0.1, $0.2) }
    let expected =
      [lines[3]] + lines[0..<3]
      + [RegionTour.line(0, "outside", far).replacingOccurrences(of: "48.0, 11.0", with: "48, 11")]
      + lines[4...]
    #expect(result.lines == expected)
  }
}
