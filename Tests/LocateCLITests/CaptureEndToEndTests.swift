import Foundation
import Geodesy
import Testing

/// `current` and `watch` over a real receiver's capture (gpsd's, read in place: GpsdCaptures),
/// through the built binary, every format read back and compared with gpsd 3.22's TPVs for the same capture.
@Suite
struct CaptureEndToEndTests {
  /// A u-blox NEO-M9N, 2020 (no week-rollover shift in gpsd's output), 61 epochs, stationary.
  static let capture = "ublox-neo-m9n-nmea"
  static var path: String { GpsdCaptures.log(capture) }
  static let watch = ["watch", "--input", path, "--no-pause"]

  /// The TPV objects of `watch --json` over the capture.
  func tpvs() throws -> [[String: Any]] {
    try DocumentChecks.jsonLines(try CLI.run(Self.watch + ["--json"]).stdout).filter {
      $0["class"] as? String == "TPV"
    }
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func watchJSONMatchesGpsd() throws {
    let gpsd = try GpsdExpectations(capture: Self.capture)
    let result = try CLI.run(Self.watch + ["--json"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    let tpvs = try DocumentChecks.jsonLines(result.stdout).filter {
      $0["class"] as? String == "TPV"
    }
    #expect(tpvs.count >= gpsd.fixes.count - 2, "ours \(tpvs.count), gpsd \(gpsd.fixes.count)")
    for tpv in tpvs {
      #expect(gpsd.disagreement(tpv) == nil, "\(gpsd.disagreement(tpv) ?? "")")
      #expect(tpv["device"] as? String == Self.path)
      #expect((tpv["speed"] as? Double ?? -1) >= 0)  // m/s
      #expect(tpv["altHAE"] != nil && tpv["altMSL"] != nil && tpv["eph"] != nil)
    }
    let times = tpvs.compactMap { $0["time"] as? String }
    #expect(times == times.sorted())
    #expect(Set(times).count == times.count)
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func watchText() throws {
    let result = try CLI.run(Self.watch + ["--count", "3"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout
        == """
        2020-07-11T22:37:45.000Z  38.110494, -122.626897  ±1.4 m  alt 83.1 m  0.1 km/h  3D 25/43 sats
        2020-07-11T22:37:46.000Z  38.110494, -122.626897  ±1.4 m  alt 83.0 m  0.1 km/h  3D 25/43 sats
        2020-07-11T22:37:47.000Z  38.110495, -122.626898  ±1.4 m  alt 83.0 m  0.2 km/h  3D 25/43 sats

        """)
  }

  /// The sky view of the last fix's epoch comes after it, and is still printed.
  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func watchTextWithSatellites() throws {
    let result = try CLI.run(Self.watch + ["--count", "1", "--satellites"])
    let lines = result.lines
    #expect(lines.first?.hasPrefix("2020-07-11T22:37:45.000Z  38.110494, -122.626897") == true)
    #expect(lines.dropFirst().first == "sky: 43 in view, 25 used, hdop 0.54, vdop 0.83, pdop 0.99")
    #expect(lines.count == 45)
    #expect(lines.contains("  GPS      13  el 22°  az  62°  23 dB-Hz  used"))
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func filters() throws {
    let all = try tpvs().count
    let moved = try DocumentChecks.jsonLines(
      try CLI.run(Self.watch + ["--json", "--distance-filter", "1"]).stdout
    ).filter { $0["class"] as? String == "TPV" }
    #expect(moved.count >= 2 && moved.count < all / 4, "\(moved.count) of \(all)")
    let accurate = try CLI.run(Self.watch + ["--json", "--accuracy", "1"])
    #expect(accurate.status == 0)
    #expect(!accurate.stdout.contains(#""class":"TPV""#))
    let realtime = try CLI.run(
      ["watch", "--input", Self.path, "--realtime=20", "--count", "3", "--json", "--no-pause"])
    #expect(realtime.status == 0)
    #expect(realtime.stdout.components(separatedBy: #""class":"TPV""#).count == 4)
    // With a space, as newcomers type it (it used to need the =).
    let spaced = try CLI.run(
      ["watch", "--input", Self.path, "--realtime", "20", "--count", "3", "--json", "--no-pause"])
    #expect(spaced.status == 0, "\(spaced)")
    #expect(spaced.stdout.components(separatedBy: #""class":"TPV""#).count == 4)
  }

  /// An NMEA-over-TCP bridge (socat serving the capture once per connection).
  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func tcpSource() throws {
    let port = 20_000 + Int(getpid() % 20_000)
    let server = try Spawned(
      ["TCP-LISTEN:\(port),reuseaddr,fork", "SYSTEM:cat '\(Self.path)'"],
      program: "/usr/bin/socat")
    defer { server.stop() }
    var result = try CLI.run(["current", "--input", "tcp://127.0.0.1:\(port)", "--json"])
    for _ in 0..<50 where result.status != 0 {
      usleep(100_000)
      result = try CLI.run(["current", "--input", "tcp://127.0.0.1:\(port)", "--json"])
    }
    #expect(result.status == 0, "\(result)")
    let tpv = try #require(try DocumentChecks.jsonLines(result.stdout).first)
    #expect(tpv["device"] as? String == "tcp://127.0.0.1:\(port)")
    #expect(abs((tpv["lat"] as? Double ?? 0) - 38.1105) < 0.001)
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func watchGPXHoldsEveryFix() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let json = try tpvs()
    let result = try CLI.run(Self.watch + ["--format", "gpx"])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("</trkseg>\n</trk>\n</gpx>\n"))
    let path = DocumentChecks.write(result.stdout, to: directory, name: "track.gpx")
    #expect(try DocumentChecks.xmllint(path) == nil)
    let points = try DocumentChecks.gpsbabel(path, tracks: true)
    #expect(points.count == json.count)
    for (point, tpv) in zip(points, json) {
      #expect(point.latitude == String(format: "%.6f", tpv["lat"] as? Double ?? 0))
      #expect(point.longitude == String(format: "%.6f", tpv["lon"] as? Double ?? 0))
      let time = (tpv["time"] as? String ?? "").replacingOccurrences(of: "-", with: "/")
      #expect(time.hasPrefix(point.fields["Date"] ?? "?"))
    }
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func watchGeoJSONSequence() throws {
    let json = try tpvs()
    let result = try CLI.run(Self.watch + ["--format", "geojson"])
    let features = try DocumentChecks.geoJSONSequence(result.stdout)
    #expect(features.count == json.count)
    for (feature, tpv) in zip(features, json) {
      #expect(feature["type"] as? String == "Feature")
      let geometry = feature["geometry"] as? [String: Any]
      let coordinates = geometry?["coordinates"] as? [Double] ?? []
      #expect(coordinates.first == tpv["lon"] as? Double)
      #expect(coordinates.dropFirst().first == tpv["lat"] as? Double)
      #expect(
        (feature["properties"] as? [String: Any])?["time"] as? String == tpv["time"] as? String)
    }
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func watchCSV() throws {
    let json = try tpvs()
    let result = try CLI.run(Self.watch + ["--format", "csv"])
    let lines = result.lines
    #expect(
      lines.first
        == "time,lat,lon,altHAE,altMSL,eph,epv,speed,track,climb,mode,status,uSat,nSat,hdop,vdop,"
        + "pdop,device")
    #expect(lines.count == json.count + 1)
    #expect(
      lines.dropFirst().allSatisfy {
        $0.split(separator: ",", omittingEmptySubsequences: false).count == 18
      })
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func countSatellitesAndTarget() throws {
    let result = try CLI.run(
      Self.watch + ["--json", "--count", "3", "--satellites", "--to", "38.5,-122.5"])
    #expect(result.status == 0, "\(result)")
    let objects = try DocumentChecks.jsonLines(result.stdout)
    let tpvs = objects.filter { $0["class"] as? String == "TPV" }
    #expect(tpvs.count == 3)
    let skies = objects.filter { $0["class"] as? String == "SKY" }
    #expect(!skies.isEmpty)
    for sky in skies {
      let satellites = sky["satellites"] as? [[String: Any]] ?? []
      #expect(sky["nSat"] as? Int == satellites.count)
      #expect(
        satellites.allSatisfy { $0["PRN"] is Int && $0["gnssid"] is Int && $0["used"] is Bool })
    }
    let targets = objects.filter { $0["class"] as? String == "TARGET" }
    #expect(targets.count == 3)
    for (tpv, target) in zip(tpvs, targets) {
      #expect(target["time"] as? String == tpv["time"] as? String)
      let line = Geodesic.wgs84.inverse(
        latitude1: tpv["lat"] as? Double ?? 0, longitude1: tpv["lon"] as? Double ?? 0,
        latitude2: 38.5, longitude2: -122.5)
      #expect(abs((target["distance"] as? Double ?? 0) - line.distance) < 0.001)
    }
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func durationUsesTheCapturesOwnTime() throws {
    let result = try CLI.run(Self.watch + ["--json", "--duration", "10"])
    let times = try DocumentChecks.jsonLines(result.stdout).compactMap { $0["time"] as? String }
    #expect(times.count == 10, "\(times)")
    #expect(result.status == 0)
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func standardInputIsTheSameAsTheFile() throws {
    let file = try CLI.run(Self.watch + ["--json"])
    let data = Files.read(Self.path)
    let piped = try CLI.run(["watch", "--input", "-", "--no-pause", "--json"], stdin: data)
    #expect(piped.status == 0)
    let strip = { (text: String) in
      try DocumentChecks.jsonLines(text).map { object in
        [object["time"] as? String ?? "", "\(object["lat"] ?? "")", "\(object["lon"] ?? "")"]
      }
    }
    #expect(try strip(piped.stdout) == strip(file.stdout))
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func currentFromACapture() throws {
    let gpsd = try GpsdExpectations(capture: Self.capture)
    let result = try CLI.run(["current", "--input", Self.path, "--json"])
    #expect(result.status == 0, "\(result)")
    let tpvs = try DocumentChecks.jsonLines(result.stdout)
    #expect(tpvs.count == 1)
    let tpv = try #require(tpvs.first)
    #expect(gpsd.disagreement(tpv) == nil, "\(gpsd.disagreement(tpv) ?? "")")
    #expect(tpv["time"] as? String == gpsd.fixes.first?.time)
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func currentTextFromACapture() throws {
    let result = try CLI.run(["current", "--input", Self.path])
    #expect(result.status == 0, "\(result)")
    let lines = result.lines
    #expect(lines.count == 9)
    #expect(lines.first == "Position  38.110494, -122.626897")
    #expect(lines.dropFirst().first == "          38°06′37.78″N, 122°37′36.83″W")
    #expect(lines.dropFirst(2).first == "Place     5.0 km W of Novato, California, US")
    #expect(lines.contains("Time      2020-07-11T22:37:45.000Z, replayed"))
    #expect(lines.last == "Device    " + Self.path)
    for label in [
      "Altitude  ", "Accuracy  ", "Speed     ", "Fix       3D DGPS, ",
    ] {
      #expect(lines.contains { $0.hasPrefix(label) }, "\(label)")
    }
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea"), arguments: ["gpx", "geojson", "csv"])
  func currentInOtherFormats(format: String) throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["current", "--input", Self.path, "--format", format])
    #expect(result.status == 0, "\(result)")
    switch format {
    case "gpx":
      let path = DocumentChecks.write(result.stdout, to: directory, name: "fix.gpx")
      #expect(try DocumentChecks.xmllint(path) == nil)
      #expect(try DocumentChecks.gpsbabel(path, tracks: false).map(\.latitude) == ["38.110494"])
    case "geojson":
      let feature = try DocumentChecks.json(result.stdout)
      #expect(feature["type"] as? String == "Feature")
    default:
      #expect(result.lines.count == 2)
    }
  }

  @Test func captureWithoutAFixEndsWithStatus5() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var text = ""
    for second in 0..<5 {
      text += NMEAText.sentence("GPRMC,12000\(second).00,V,,,,,,,010524,,,N")
      text += NMEAText.sentence("GPGGA,12000\(second).00,,,,,0,00,99.99,,,,,,")
    }
    let path = DocumentChecks.write(text, to: directory, name: "nofix.nmea")
    let result = try CLI.run(["current", "--input", path])
    #expect(
      result.stderr == "locate: \(path): the input ended before a fix (use a longer capture)\n")
    #expect(result.stdout == "")
    #expect(result.status == 5)
  }

  /// The timeout runs on the capture's own clock.
  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func notAccurateEnoughIsStatus4() throws {
    let result = try CLI.run(
      ["current", "--input", Self.path, "--accuracy", "0.001", "--timeout", "5"])
    #expect(result.stderr.hasPrefix("locate: no fix within ±0.001 m in 5 s: the best was ±"))
    #expect(
      result.stderr.hasSuffix(" m (wait longer with --timeout, or accept less with --accuracy)\n"))
    #expect(result.status == 4)
  }

  @Test(GpsdCaptures.needs("ublox-neo-m9n-nmea")) func checksumlessSentencesNeedLenient() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var text = ""
    for line in Files.text(Self.path).split(separator: "\n")
    where line.hasPrefix("$") {
      text += String(line.prefix(while: { $0 != "*" })) + "\r\n"
    }
    let path = DocumentChecks.write(text, to: directory, name: "nochecksum.nmea")
    #expect(try CLI.run(["current", "--input", path]).status == 5)
    let lenient = try CLI.run(["current", "--input", path, "--lenient", "--json"])
    #expect(lenient.status == 0, "\(lenient)")
  }
}
