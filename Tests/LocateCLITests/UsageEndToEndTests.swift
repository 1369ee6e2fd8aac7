import Foundation
import Testing

/// Usage errors through the built binary: one line on stderr, nothing on stdout, status 64.
@Suite struct UsageEndToEndTests {
  @Test(arguments: [
    (
      [String](),
      "locate: missing command: give one of current, watch, distance, devices, serve, time, "
        + "simulate (see 'locate --help')"
    ),
    (
      ["frobnicate"],
      "locate: 'frobnicate': unknown command (use one of current, watch, distance, devices, "
        + "serve, time, simulate; see 'locate --help')"
    ),
    (
      ["--json", "current"],
      "locate: --json: options go after the command (e.g. 'locate current --json'; "
        + "see 'locate --help')"
    ),
    (
      ["current", "--frobnicate"],
      "locate: --frobnicate: unknown option (see 'locate current --help')"
    ),
    (["watch", "-X"], "locate: -X: unknown option (see 'locate watch --help')"),
    (["current", "--timeout"], "locate: --timeout: needs a value (see 'locate current --help')"),
    (
      ["current", "--timeout", "soon"],
      "locate: --timeout 'soon': not a number of seconds (e.g. --timeout 300)"
    ),
    (
      ["current", "--timeout=0"],
      "locate: --timeout 0: must be more than 0 seconds (e.g. --timeout 300)"
    ),
    (
      ["current", "--accuracy", "-5"],
      "locate: --accuracy -5: must be more than 0 metres (e.g. --accuracy 10)"
    ),
    (
      ["current", "--max-age", "-1"],
      "locate: --max-age -1: must be from 0 to 1000000000 seconds (e.g. --max-age 5)"
    ),
    (["current", "extra"], "locate: 'extra': unexpected argument (see 'locate current --help')"),
    (["current", "--json=yes"], "locate: --json: takes no value (see 'locate current --help')"),
    (
      ["current", "--format", "kml"],
      "locate: --format 'kml': not one of text, json, gpx, geojson, csv (see 'locate current --help')"
    ),
    (
      ["current", "--json", "--format", "gpx"],
      "locate: --json and --format gpx: choose one output format (see 'locate current --help')"
    ),
    (
      ["current", "--device", "/dev/x", "--input", "-"],
      "locate: --device and --input: name one source, not both (see 'locate current --help')"
    ),
    (
      ["current", "--baud", "1234"],
      "locate: --baud 1234: not a standard serial rate (use auto or one of 4800, 9600, 19200, "
        + "38400, 57600, 115200, 230400, 460800, 500000, 576000, 921600)"
    ),
    (
      ["current", "--realtime"],
      "locate: --realtime: applies to --input FILE only (see 'locate current --help')"
    ),
    (["watch", "--count", "0"], "locate: --count 0: must be at least 1 (e.g. --count 10)"),
    (["watch", "--count", "many"], "locate: --count 'many': not a whole number (e.g. --count 10)"),
    (
      ["watch", "--duration", "-1"],
      "locate: --duration -1: must be more than 0 seconds (e.g. --duration 60)"
    ),
    (
      ["watch", "--activity", "swimming"],
      "locate: --activity 'swimming': not one of automotive, fitness, airborne, navigation, other"
    ),
    (
      ["watch", "--distance-filter", "x"],
      "locate: --distance-filter 'x': not a number of metres (e.g. --distance-filter 10)"
    ),
    (
      ["distance"],
      "locate: distance: no places given (give POINTs or --points FILE; see 'locate distance --help')"
    ),
    (
      ["distance", "--from", "1,2", "3,4", "--units", "furlong"],
      "locate: --units 'furlong': not one of m, km, mi, nmi"
    ),
    (
      ["distance", "--from", "1,2", "3,4", "--within", "near"],
      "locate: --within 'near': not a distance (give a number with an optional unit m, km, mi or "
        + "nmi, e.g. --within 50km)"
    ),
    (
      ["distance", "--from", "1,2", "3,4", "--nearest", "0"],
      "locate: --nearest 0: must be at least 1 (e.g. --nearest 5)"
    ),
    (
      ["distance", "--points", "-", "--points", "-"],
      "locate: --points -: standard input can be read only once (see 'locate distance --help')"
    ),
    (
      ["distance", "--points", "-", "--input", "-"],
      "locate: --points -: standard input can be read only once (see 'locate distance --help')"
    ),
    (
      ["devices", "--seconds", "5"],
      "locate: --seconds: applies to --probe only (see 'locate devices --help')"
    ),
    (
      ["devices", "--format", "gpx"],
      "locate: --format gpx: 'locate devices' writes text, json (see 'locate devices --help')"
    ),
    (["simulate", "--rate", "20"], "locate: --rate 20: must be from 1 to 10 (e.g. --rate 5)"),
    (
      ["simulate", "--capture", "x.log", "--speed", "3"],
      "locate: --speed: applies to the synthetic drive, not --capture (see 'locate simulate --help')"
    ),
    (
      ["simulate", "--loop"],
      "locate: --loop: applies to --capture only (see 'locate simulate --help')"
    ),
    (
      ["simulate", "--start-time", "yesterday"],
      "locate: --start-time 'yesterday': not an ISO 8601 time (e.g. --start-time 2024-05-01T12:00:00Z)"
    ),
  ])
  func usageError(arguments: [String], message: String) throws {
    let result = try CLI.run(arguments)
    #expect(result.stderr == message + "\n", "\(arguments)")
    #expect(result.stdout == "", "\(arguments)")
    #expect(result.status == 64, "\(arguments)")
  }

  /// The reason comes from Geodesy's coordinate parser; the frame is the command line's.
  @Test(arguments: [
    (
      ["watch", "--to", "north"], "locate: --to 'north': ",
      " (give LAT,LON, e.g. --to 48.1173,11.5167)"
    ),
    (
      ["distance", "--from", "1,2", "EDDM=north"], "locate: 'EDDM=north': neither a coordinate (",
      " nor a place the offline gazetteer knows (GeoNames' places of 1,000 or more inhabitants;"
        + " no street addresses) (give LAT,LON, e.g. 48.1173,11.5167, or a place's name, e.g."
        + " Munich or 'Springfield, IL')"
    ),
  ])
  func badCoordinates(arguments: [String], prefix: String, suffix: String) throws {
    let result = try CLI.run(arguments)
    #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)")
    #expect(result.stderr.hasSuffix(suffix + "\n"), "\(result.stderr)")
    #expect(result.stderr.count(where: { $0 == "\n" }) == 1)
    #expect(result.stdout == "")
    #expect(result.status == 64)
  }

  @Test
  func latitudeBeyondNinetyDegrees() throws {
    let result = try CLI.run(["distance", "--from", "91,0", "1,2"])
    #expect(result.stderr.hasPrefix("locate: --from '91,0': neither a coordinate ("))
    #expect(result.stderr.contains("latitude"), "\(result.stderr)")
    #expect(result.stderr.hasSuffix(" e.g. Munich or 'Springfield, IL')\n"))
    #expect(result.status == 64)
  }

  @Test func inputFileMissingIs66() throws {
    let result = try CLI.run(["current", "--input", "/nonexistent/capture.nmea"])
    #expect(
      result.stderr
        == "locate: /nonexistent/capture.nmea: no such file or directory (check the path)\n")
    #expect(result.stdout == "")
    #expect(result.status == 66)
  }

  @Test func simulatorCaptureMissingIs66() throws {
    let result = try CLI.run(["simulate", "--capture", "/nonexistent.log"])
    #expect(
      result.stderr == "locate: /nonexistent.log: no such file or directory (check the path)\n")
    #expect(result.status == 66)
  }
}
