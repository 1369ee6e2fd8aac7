import Foundation
import Testing

/// `locate watch --region` through the built binary over the region tour's capture: the exact
/// lines, in every format.
@Suite struct RegionEndToEndTests {
  /// The tour's capture in a temporary directory, removed by `clean`.
  struct Capture {
    let directory: String
    let path: String

    init() throws {
      directory = try Paths.temporaryDirectory()
      path = directory + "/tour.nmea"
      try #require(
        FileManager.default.createFile(
          atPath: path, contents: Data(RegionTour.nmea(RegionTour.fixes))))
    }

    func clean() { try? FileManager.default.removeItem(atPath: directory) }

    /// `locate watch --input CAPTURE --region …` (every region of the tour) plus `options`.
    func watch(_ options: [String]) throws -> RunResult {
      let regions = RegionTour.regions.flatMap { ["--region", $0.spec] }
      return try CLI.run(["watch", "--input", path] + regions + options)
    }
  }

  @Test func eventsOnlyTextIsExact() throws {
    let capture = try Capture()
    defer { capture.clean() }
    let result = try capture.watch(["--events-only"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    let expected = RegionTour.events.map { RegionTour.line($0.0, $0.1, $0.2) }
    #expect(result.lines == expected)
    // The distances that follow from the construction, spelled out.
    #expect(
      expected[0].hasSuffix("inside depot (48.1173, 11.5167 r 200 m): 5.0 m from centre ±5.0 m"))
    #expect(expected[2].hasSuffix("r 100 m): 1208.6 m from centre ±5.0 m"))
    #expect(
      expected[4]
        == "2025-06-15T10:00:22.000Z  exited depot (48.1173, 11.5167 r 200 m): 225.0 m from centre ±5.0 m"
    )
    #expect(
      expected[5].hasPrefix(
        "2025-06-15T10:01:56.000Z  entered yard (48.1173, 11.533 r 100 m): 48.6 m"))
    #expect(
      expected[6].hasPrefix("2025-06-15T10:02:13.000Z  exited yard")
        && expected[6].contains("125.0 m"))
    #expect(
      expected[7].hasPrefix("2025-06-15T10:13:42.000Z  entered gate")
        && expected[7].contains("175.0 m"))
    #expect(
      expected[8].hasPrefix("2025-06-15T10:14:22.000Z  exited gate")
        && expected[8].contains("225.0 m"))
  }

  /// With every fix printed: each event line comes just before the line of its fix.
  @Test func eventLinesPrecedeTheirFix() throws {
    let capture = try Capture()
    defer { capture.clean() }
    let result = try capture.watch(["--no-pause"])
    #expect(result.status == 0, "\(result)")
    let lines = result.lines
    #expect(lines.count == RegionTour.fixes.count + RegionTour.events.count)
    let events = lines.enumerated().filter { $0.element.contains(" from centre ") }
    #expect(events.map(\.element) == RegionTour.events.map { RegionTour.line($0.0, $0.1, $0.2) })
    for (index, line) in events {
      let fix = lines[(index + 1)...].first { !$0.contains(" from centre ") } ?? ""
      #expect(fix.hasPrefix(String(line.prefix(24)) + "  48.1"), "\(line) → \(fix)")
    }
  }

  /// The filters hide fixes, not events; --count with --events-only counts events.
  @Test func filtersAndCount() throws {
    let capture = try Capture()
    defer { capture.clean() }
    let filtered = try capture.watch(["--distance-filter", "995", "--accuracy", "10"])
    #expect(filtered.status == 0, "\(filtered)")
    #expect(filtered.lines.filter { $0.contains(" from centre ") }.count == 9)
    #expect(filtered.lines.filter { !$0.contains(" from centre ") }.count == 3)
    let counted = try capture.watch(["--events-only", "--count", "6"])
    #expect(counted.lines == RegionTour.events.prefix(6).map { RegionTour.line($0.0, $0.1, $0.2) })
    let fixes = try capture.watch(["--count", "2", "--no-pause"])
    #expect(fixes.lines.count == 6)  // four first states, two fixes
  }

  /// --hysteresis 0 leaves only the accuracy (5 m) as the band: the parked jitter flaps.
  @Test func hysteresisMargin() throws {
    let capture = try Capture()
    defer { capture.clean() }
    let none = try capture.watch(["--events-only", "--hysteresis", "0"])
    let gate = none.lines.filter { $0.contains(" gate ") }
    #expect(gate.count > 20, "\(none)")
    let wide = try capture.watch(["--events-only", "--hysteresis", "30"])
    // Left at 235 m, not 225 m; entered at 48.6 m as before.
    #expect(wide.lines[4].hasPrefix("2025-06-15T10:00:23.000Z  exited depot"))
    #expect(wide.lines[5].hasPrefix("2025-06-15T10:01:56.000Z  entered yard"))
  }

  /// JSON: a REGION object (region members, then the TPV members of the deciding fix) before
  /// the fix's TPV.
  @Test func jsonRegionObjects() throws {
    let capture = try Capture()
    defer { capture.clean() }
    let result = try capture.watch(["--json", "--no-pause"])
    #expect(result.status == 0, "\(result)")
    let lines = result.lines
    let regionLines = lines.enumerated().filter { $0.element.hasPrefix(#"{"class":"REGION""#) }
    #expect(regionLines.count == 9)
    for ((index, line), (fix, verb, region)) in zip(regionLines, RegionTour.events) {
      let event =
        ["inside": "initial", "outside": "initial", "entered": "enter", "exited": "exit"][verb]
        ?? ""
      let state = verb == "entered" || verb == "inside" ? "inside" : "outside"
      let head =
        #"{"class":"REGION","region":""# + region.name + #"","event":""# + event
        + #"","state":""# + state + #"","distance":"#
        + String(format: "%.3f", RegionTour.distance(fix, region)) + #","radius":"#
        + "\(Int(region.radius)),"
      #expect(line.hasPrefix(head), "\(line)")
      let tpv = lines[(index + 1)...].first { $0.hasPrefix(#"{"class":"TPV""#) } ?? ""
      #expect(tpv.contains(#""time":""# + RegionTour.time(fix) + "\""))
      #expect(
        String(line.dropFirst(head.count)) == String(tpv.dropFirst(#"{"class":"TPV","#.count)))
    }
  }

  /// GPX: the deciding fixes' track points are named; the document is valid.
  @Test func gpxNamesTheDecidingPoints() throws {
    let capture = try Capture()
    defer { capture.clean() }
    let result = try capture.watch(["--format", "gpx", "--no-pause"])
    #expect(result.status == 0, "\(result)")
    #expect(try DocumentChecks.xmllint(text: result.stdout) == nil)
    #expect(result.stdout.components(separatedBy: "<trkpt ").count - 1 == RegionTour.fixes.count)
    let names = result.stdout.components(separatedBy: "<name>").dropFirst(2).map {
      $0.prefix { $0 != "<" }
    }
    #expect(
      names == [
        "inside depot; outside graze; outside yard; outside gate", "exited depot",
        "entered yard", "exited yard", "entered gate", "exited gate",
      ])
    #expect(
      result.stdout.contains(
        "<time>2025-06-15T10:13:42.000Z</time><geoidheight>47.000</geoidheight><name>entered gate</name>"
      ))
    let eventsOnly = try capture.watch(["--format", "gpx", "--events-only"])
    #expect(try DocumentChecks.xmllint(text: eventsOnly.stdout) == nil)
    #expect(eventsOnly.stdout.components(separatedBy: "<trkpt ").count - 1 == 6)
  }

  /// GeoJSON: a Feature at each deciding fix; CSV: region columns, filled on event rows.
  @Test func geoJSONAndCSV() throws {
    let capture = try Capture()
    defer { capture.clean() }
    let geojson = try capture.watch(["--format", "geojson", "--events-only"])
    let features = try DocumentChecks.geoJSONSequence(geojson.stdout)
    let properties = features.map { $0["properties"] as? [String: Any] ?? [:] }
    #expect(properties.map { $0["region"] as? String } == RegionTour.events.map { $0.2.name })
    #expect(
      properties.map { $0["time"] as? String } == RegionTour.events.map { RegionTour.time($0.0) })
    #expect(properties[5]["event"] as? String == "enter")
    #expect(properties[5]["state"] as? String == "inside")
    let csv = try capture.watch(["--format", "csv", "--no-pause"])
    let rows = csv.lines.map(DocumentChecks.cells)
    #expect(
      csv.lines.first?.hasSuffix(",device,region,region_event,region_state,region_distance") == true
    )
    #expect(Set(rows.map(\.count)).count == 1)
    let events = rows.dropFirst().filter { !$0[18].isEmpty }
    #expect(
      events.map { $0.suffix(3).joined(separator: " ") }
        == RegionTour.events.map { fix, verb, region in
          let event =
            ["inside": "initial", "outside": "initial", "entered": "enter", "exited": "exit"][verb]
            ?? ""
          let state = verb == "entered" || verb == "inside" ? "inside" : "outside"
          return "\(event) \(state) " + String(format: "%.3f", RegionTour.distance(fix, region))
        })
    #expect(rows.count == 1 + RegionTour.fixes.count + 9)
  }
}
