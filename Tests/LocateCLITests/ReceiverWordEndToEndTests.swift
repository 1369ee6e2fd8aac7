import Foundation
import Testing

/// Issue 12, through the built binary: fixes that hold on receivers never seen before, by the
/// receiver's own word. Real captures (Fixtures/gpsd-other; GPSBabel's in ../shared, read in
/// place) and short sequences written after the patterns found in other projects' test suites.
@Suite
struct ReceiverWordEndToEndTests {
  static func path(_ folder: String, _ name: String) -> String {
    Paths.root + "/Fixtures/" + folder + "/" + name
  }

  /// GPSBabel's test capture `NAME` in ../shared (a test reading it has the trait
  /// `Paths.needsShared(gpsbabelFile(NAME))`).
  static func gpsbabel(_ name: String) -> String {
    Paths.sharedFile(gpsbabelFile(name)) ?? gpsbabelFile(name)
  }

  /// Its path in ../shared.
  static func gpsbabelFile(_ name: String) -> String { "fixtures/foreign/gpsbabel/" + name }

  /// Calls `body` with the path of a hand-made capture of these sentence bodies (a temporary
  /// file, removed after).
  static func withCapture(_ bodies: [String], _ body: (String) throws -> Void) throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(
      DocumentChecks.write(
        bodies.map(NMEAText.sentence).joined(), to: directory, name: "capture.nmea"))
  }

  /// The TPV objects `watch --json` prints.
  static func tpvs(_ arguments: [String]) throws -> [[String: Any]] {
    let result = try CLI.run(["watch", "--no-pause", "--json"] + arguments)
    #expect(result.status == 0, "\(result)")
    return try DocumentChecks.jsonLines(result.stdout).filter { $0["class"] as? String == "TPV" }
  }

  // MARK: 1. A count of 00 is not a lost fix

  @Test("1: a Garmin Foretrex whose GGA says 00 satellites keeps its fixes (RMC A, GSA 2D)")
  func foretrex() throws {
    let tpvs = try Self.tpvs(["--input", Self.path("gpsd-other", "foretrex-201-excerpt.log")])
    #expect(
      tpvs.compactMap { $0["time"] as? String }
        == [4, 6, 8, 10, 12, 14, 16].map {
          "2010-08-26T20:00:\($0 < 10 ? "0" : "")\($0).000Z"
        })
    #expect(tpvs.allSatisfy { $0["mode"] as? Int == 2 })  // GSA says 2D
    #expect(tpvs.allSatisfy { $0["altMSL"] == nil })  // and a 2D fix has no altitude
  }

  // MARK: 1 and 2. A marine multiplexer

  /// RMC + GGA (quality 1, 00 satellites) + ZDA with a two-digit year, five epochs.
  static func multiplexer(withZDA: Bool = true) -> [String] {
    (19..<24).flatMap { second -> [String] in
      let time = "1957\(second)"
      return [
        "GPRMC,\(time),A,5412.3456,N,01134.5678,E,5.2,123.4,160414,,,A",
        "GPGGA,\(time),5412.3456,N,01134.5678,E,1,00,,,M,,M,,",
      ] + (withZDA ? ["GPZDA,\(time),16,04,14,-02,00"] : [])
    }
  }

  @Test("1, 2: a multiplexer's fixes: GGA 00 satellites, a ZDA year of two digits ignored")
  func multiplexer() throws {
    try Self.withCapture(Self.multiplexer()) { path in
      let tpvs = try Self.tpvs(["--input", path])
      #expect(tpvs.count == 5)
      #expect(tpvs.first?["time"] as? String == "2014-04-16T19:57:19.000Z")
      // What was ignored and why, once, with --verbose.
      let verbose = try CLI.run(["watch", "--input", path, "--no-pause", "--verbose"])
      #expect(
        verbose.stderr.contains(
          "locate: ignored GPZDA field 4 (year): \"14\" is not a four-digit year; the rest of the"
            + " sentence was used (more like it are counted, not shown)\n"))
      #expect(verbose.stderr.components(separatedBy: "ignored GPZDA").count == 2)
      let plain = try CLI.run(["watch", "--input", path, "--no-pause"])
      #expect(plain.stderr == "")
    }
  }

  @Test("2: a bad date field spoils that field, never the date state: later epochs stay dated")
  func badDateFieldThenGGA() throws {
    try Self.withCapture(
      [
        "GPRMC,235958,A,5412.3456,N,01134.5678,E,0.0,0.0,160414,,,A",
        "GPZDA,235959,16,04,14,00,00",  // a year of two digits
        "GPGGA,235959,5412.3456,N,01134.5678,E,1,08,1.0,12.0,M,40.0,M,,",
        "GPGGA,000001,5412.3456,N,01134.5678,E,1,08,1.0,12.0,M,40.0,M,,",
      ]) { path in
        let times = try Self.tpvs(["--input", path]).compactMap { $0["time"] as? String }
        #expect(
          times == [
            "2014-04-16T23:59:58.000Z", "2014-04-16T23:59:59.000Z", "2014-04-17T00:00:01.000Z",
          ])
      }
  }

  // MARK: 3. Dates from the capture

  @Test(
    "3: a GGA-only capture is dated by its only, later ZDA (GPSBabel's backfilldate)",
    Paths.needsShared(gpsbabelFile("backfilldate.nmea")))
  func backfilledDate() throws {
    let path = Self.gpsbabel("backfilldate.nmea")
    let times = try Self.tpvs(["--input", path]).compactMap { $0["time"] as? String }
    #expect(times.count == 500)
    #expect(times.first == "2019-03-08T23:56:00.000Z")
    #expect(times.contains("2019-03-08T23:59:59.000Z"))
    #expect(times.contains("2019-03-09T00:00:00.000Z"))
    #expect(times.last == "2019-03-09T00:04:19.000Z")
    let current = try CLI.run(["current", "--input", path, "--json"])
    #expect(current.status == 0, "\(current)")
    #expect(current.stdout.contains("\"time\":\"2019-03-08T23:56:00.000Z\""))
  }

  /// Two GGA-only epochs around midnight, no date anywhere.
  static let undated = [
    "GPGGA,235959,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,",
    "GPGGA,000001,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,",
  ]

  @Test("3: no date anywhere: no time in JSON, GPX or GeoJSON, the time of day in text, CSV empty")
  func undatedFormats() throws {
    try Self.withCapture(Self.undated) { path in
      let watch = ["watch", "--input", path, "--no-pause"]
      let tpvs = try Self.tpvs(["--input", path])
      #expect(tpvs.count == 2)
      #expect(tpvs.allSatisfy { $0["time"] == nil && $0["lat"] != nil })
      let text = try CLI.run(watch).lines
      #expect(text.map { String($0.prefix(14)) } == ["23:59:59.000Z ", "00:00:01.000Z "])
      let gpx = try CLI.run(watch + ["--format", "gpx"]).stdout
      #expect(gpx.contains("<trkpt") && !gpx.contains("<time>"))
      let geojson = try CLI.run(watch + ["--format", "geojson"]).stdout
      #expect(geojson.contains("\"properties\":{") && !geojson.contains("\"time\""))
      let csv = try CLI.run(watch + ["--format", "csv"]).lines
      #expect(csv.count == 3 && csv.dropFirst().allSatisfy { $0.hasPrefix(",48.") })
      let current = try CLI.run(["current", "--input", path])
      #expect(
        current.stdout.contains(
          "Time      23:59:59.000Z, replayed, no date in the capture (give one with --date)\n"))
    }
  }

  @Test(
    "3: --date gives the first fix's date, carried across midnight; the receiver's wins",
    Paths.needsShared(gpsbabelFile("backfilldate.nmea")))
  func givenDate() throws {
    try Self.withCapture(Self.undated) { path in
      let times = try Self.tpvs(["--input", path, "--date", "2019-03-08"]).compactMap {
        $0["time"] as? String
      }
      #expect(times == ["2019-03-08T23:59:59.000Z", "2019-03-09T00:00:01.000Z"])
      let own = try Self.tpvs(
        ["--input", Self.gpsbabel("backfilldate.nmea"), "--date", "2001-01-01"])
      #expect(own.first?["time"] as? String == "2019-03-08T23:56:00.000Z")
      let bad = try CLI.run(["current", "--input", path, "--date", "2019-02-29"])
      #expect(bad.status == 64)
      #expect(
        bad.stderr
          == "locate: --date '2019-02-29': not a date from 1980 on as YYYY-MM-DD (e.g. --date"
          + " 2019-03-08)\n")
    }
  }

  // MARK: 4. Speed and course from their own epoch

  @Test("4: an airborne receiver's VTG after RMC carries the next epoch's: never taken")
  func airborne() throws {
    // Each RMC is followed by the VTG of the second after it (the receiver's habit).
    let knots = [148.8, 146.3, 143.1, 140.9, 139.0, 137.7]
    let courses = [84.6, 83.7, 82.5, 81.2, 80.4, 79.9]
    var bodies: [String] = []
    for index in 0..<5 {
      let time = "11012\(5 + index)"
      bodies.append(
        "GPRMC,\(time),A,4807.0380,N,01131.0000,E,\(knots[index]),\(courses[index]),150825,,,A")
      bodies.append("GPVTG,\(courses[index + 1]),T,,M,\(knots[index + 1]),N,,K,A")
    }
    try Self.withCapture(bodies) { path in
      let tpvs = try Self.tpvs(["--input", path])
      #expect(tpvs.count == 5)
      for (index, tpv) in tpvs.enumerated() {
        let speed = try #require(tpv["speed"] as? Double)
        #expect(abs(speed - knots[index] * 1852 / 3600) < 0.0005, "epoch \(index)")
        #expect(tpv["track"] as? Double == courses[index], "epoch \(index)")
      }
    }
  }

  // MARK: 5. No invented altitude

  @Test("5: epochs without GGA (RMC, GLL) or with an empty altitude have none, in every format")
  func noInventedAltitude() throws {
    // A SiRF IV's RMC-only epochs (a GSA saying 3D, no GGA), and a GGA with no altitude.
    try Self.withCapture(
      [
        "GPRMC,141802.000,A,5043.0850,N,00349.5450,E,0.11,18.76,200611,,,A",
        "GPGSA,A,3,07,08,10,13,23,,,,,,,,1.8,1.0,1.5",
        "GPRMC,141803.000,A,5043.0851,N,00349.5451,E,0.12,18.76,200611,,,A",
        "GPGSA,A,3,07,08,10,13,23,,,,,,,,1.8,1.0,1.5",
        "GPGGA,141804.000,5043.0852,N,00349.5452,E,1,05,1.0,,M,,M,,",
        "GPRMC,141804.000,A,5043.0852,N,00349.5452,E,0.10,18.76,200611,,,A",
      ]) { path in
        let watch = ["watch", "--input", path, "--no-pause"]
        let tpvs = try Self.tpvs(["--input", path])
        #expect(tpvs.count == 3)
        #expect(tpvs.allSatisfy { $0["altMSL"] == nil && $0["altHAE"] == nil && $0["alt"] == nil })
        #expect(tpvs.map { $0["mode"] as? Int } == [3, 3, 3])  // GSA 3D, and 1 s after it
        let gpx = try CLI.run(watch + ["--format", "gpx"]).stdout
        #expect(gpx.contains("<trkpt") && !gpx.contains("<ele>"))
        let geojson = try CLI.run(watch + ["--format", "geojson"]).stdout
        #expect(geojson.contains("\"coordinates\":[3.825750000,50.718083333]"))
        let csv = try CLI.run(watch + ["--format", "csv"]).lines
        #expect(csv.dropFirst().allSatisfy { $0.contains(",3.825") && $0.contains(",,,") })
        #expect(try CLI.run(watch).stdout.contains(" alt ") == false)
      }
  }

  @Test("5: a 4 Hz stream whose GGAs come at other sub-seconds: RMC epochs have no altitude")
  func fourHertz() throws {
    var bodies: [String] = []
    for quarter in 0..<8 {
      let rmc = String(format: "1200%02d.%02d", quarter / 4, quarter % 4 * 25)
      let gga = String(format: "1200%02d.%02d", quarter / 4, quarter % 4 * 25 + 10)
      bodies.append("GPRMC,\(rmc),A,4807.0380,N,01131.0000,E,0.0,,150825,,,A")
      bodies.append("GPGGA,\(gga),4807.0380,N,01131.0000,E,1,09,0.9,545.4,M,46.9,M,,")
    }
    try Self.withCapture(bodies) { path in
      let tpvs = try Self.tpvs(["--input", path])
      #expect(tpvs.count == 16)
      for tpv in tpvs {
        let time = tpv["time"] as? String ?? ""
        let fromGGA = [".100Z", ".350Z", ".600Z", ".850Z"].contains(String(time.suffix(5)))
        #expect(tpv["altMSL"] as? Double == (fromGGA ? 545.4 : nil), "\(time)")
      }
    }
  }

  // MARK: 6. The last epoch before a gap, a fix loss, the end

  @Test("6: the last epoch before a long silence, before a fix loss, and at the end are kept")
  func lastEpochs() throws {
    try Self.withCapture(
      [
        "GPGGA,141052.000,5043.0850,N,00349.5450,E,1,06,1.1,20.0,M,47.0,M,,",
        "GPGGA,141053.000,5043.0850,N,00349.5450,E,1,06,1.1,20.0,M,47.0,M,,",
        "GPGGA,141054.000,5043.0850,N,00349.5450,E,1,06,1.1,20.0,M,47.0,M,,",
        // 428 s of nothing
        "GPGGA,141742.000,5043.0850,N,00349.5450,E,1,06,1.1,20.0,M,47.0,M,,",
        // the fix is lost: the receiver sends no time any more
        "GPGGA,,,,,,0,00,,,M,,M,,",
        "GPGGA,,,,,,0,00,,,M,,M,,",
        "GPGGA,141800.000,5043.0850,N,00349.5450,E,1,05,1.3,20.0,M,47.0,M,,",
      ]) { path in
        let tpvs = try Self.tpvs(["--input", path, "--date", "2011-06-20"])
        #expect(
          tpvs.compactMap { $0["time"] as? String } == [
            "2011-06-20T14:10:52.000Z", "2011-06-20T14:10:53.000Z", "2011-06-20T14:10:54.000Z",
            "2011-06-20T14:17:42.000Z", "2011-06-20T14:18:00.000Z",
          ])
      }
  }

  // MARK: 7. current and watch agree

  @Test(
    "7: times stepping back 23 h between days: current gets the first fix watch prints",
    Paths.needsShared(gpsbabelFile("addmultipledaysbkw.nmea")))
  func currentAgreesWithWatch() throws {
    let path = Self.gpsbabel("addmultipledaysbkw.nmea")
    let times = try Self.tpvs(["--input", path]).compactMap { $0["time"] as? String }
    #expect(times.count == 28)
    #expect(times.first == "2019-03-08T22:00:00.000Z")
    #expect(times[2] == "2019-03-09T00:00:00.000Z")
    #expect(times.last == "2019-03-10T01:00:00.000Z")
    let current = try CLI.run(["current", "--input", path, "--json"])
    #expect(current.status == 0, "\(current)")
    #expect(current.stdout.contains("\"time\":\"2019-03-08T22:00:00.000Z\""))
  }

  @Test("7: every capture here: current gets a fix wherever watch prints one")
  func corpusCurrentAndWatch() throws {
    // gpsd's (57, or Debian's 45), GPSBabel's two in ../shared, and ours in Fixtures/.
    var captures = GpsdCaptures.names.map(GpsdCaptures.log)
    captures += ["backfilldate.nmea", "addmultipledaysbkw.nmea"].compactMap {
      Paths.sharedFile(Self.gpsbabelFile($0))
    }
    for folder in ["gpsd-other", "simulated"] {
      let directory = Paths.root + "/Fixtures/" + folder
      for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
      where name.hasSuffix(".log") || name.hasSuffix(".nmea") {
        captures.append(directory + "/" + name)
      }
    }
    #expect(captures.count >= 2)
    if GpsdCaptures.missing.isEmpty, Paths.shared != nil { #expect(captures.count == 61) }
    for capture in captures {
      let watch = try CLI.run(["watch", "--input", capture, "--no-pause", "--json"])
      let fixes = watch.stdout.components(separatedBy: "\"class\":\"TPV\"").count - 1
      let current = try CLI.run(["current", "--input", capture])
      if fixes > 0 {
        #expect(current.status == 0, "\(capture): watch printed \(fixes)\n\(current)")
      } else {
        #expect(current.status != 0, "\(capture)")
      }
    }
  }

  // MARK: 8. The height above the ellipsoid

  @Test(
    "8: no geoid separation sent: altHAE from EGM96; sent: the receiver's own",
    GpsdCaptures.needs("telit-he910", "bu353s4"))
  func geoid() throws {
    // Telit HE910: `$GPGGA,105153.71,…,109.44,M,,M,,` at 50.840203 N, 4.347110 E, where
    // EGM96 (cs2cs EPSG:4979 to EPSG:9707) puts the geoid 45.464 m above the ellipsoid.
    let telit = try CLI.run(["current", "--input", GpsdCaptures.log("telit-he910"), "--json"])
    let tpv = try #require(try DocumentChecks.jsonLines(telit.stdout).first)
    #expect(tpv["altMSL"] as? Double == 109.44)
    let separation = try #require(tpv["geoidSep"] as? Double)
    #expect(abs(separation - 45.464) < 0.03)
    #expect(abs((tpv["altHAE"] as? Double ?? 0) - (109.44 + separation)) < 0.001)
    let text = try CLI.run(["current", "--input", GpsdCaptures.log("telit-he910")]).stdout
    #expect(text.contains("Altitude  109.4 m above mean sea level, 154.9 m above the ellipsoid"))
    #expect(text.contains("(geoid: EGM96)"))
    // The receiver's own separation wins: bu353s4 sends 23.7 m where EGM96 says 30.8.
    let own = try CLI.run(["current", "--input", GpsdCaptures.log("bu353s4"), "--json"])
    let ownTPV = try #require(try DocumentChecks.jsonLines(own.stdout).first)
    #expect(ownTPV["geoidSep"] as? Double == 23.7)
    #expect(abs((ownTPV["altHAE"] as? Double ?? 0) - 83.6) < 0.0002)
  }

  // MARK: 9. Small things

  @Test(
    "9: before the first GSV, nothing is said about satellites in view",
    Paths.needsShared(gpsbabelFile("backfilldate.nmea")))
  func noSkyViewYet() throws {
    let path = Self.gpsbabel("backfilldate.nmea")
    let line = try #require(try CLI.run(["watch", "--input", path, "--count", "1"]).lines.first)
    #expect(line.hasSuffix("  3D 9 sats"), "\(line)")
    let current = try CLI.run(["current", "--input", path]).stdout
    #expect(current.contains("Fix       3D GPS, 9 satellites used\n"), "\(current)")
    let tpv = try #require(try Self.tpvs(["--input", path, "--count", "1"]).first)
    #expect(tpv["nSat"] == nil)
    let waiting = try CLI.run(
      ["current", "--input", path, "--accuracy", "0.1", "--timeout", "2", "--verbose"])
    #expect(waiting.stderr.contains("waiting for a fix: 9 satellites used, no signal yet"))
    #expect(!waiting.stderr.contains("in view"), "\(waiting.stderr)")
  }

  @Test("9: a time with bytes after its seconds keeps its fix: 222515.x, '222517 '")
  func timeWithJunk() throws {
    try Self.withCapture(
      [
        "GPRMC,222515.x,A,4807.0380,N,01131.0000,E,0.0,,150825,,,A",
        "GPRMC,222516,A,4807.0380,N,01131.0000,E,0.0,,150825,,,A",
        "GPRMC,222517 ,A,4807.0380,N,01131.0000,E,0.0,,150825,,,A",
      ]) { path in
        let times = try Self.tpvs(["--input", path]).compactMap { $0["time"] as? String }
        #expect(
          times == [
            "2025-08-15T22:25:15.000Z", "2025-08-15T22:25:16.000Z", "2025-08-15T22:25:17.000Z",
          ])
      }
  }
}
