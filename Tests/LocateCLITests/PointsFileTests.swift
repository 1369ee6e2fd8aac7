import Foundation
import Geodesy
import Testing

@testable import LocateCLI

/// `--points` files: CSV found by header names, GeoJSON, and a clear error per bad input.
@Suite struct PointsFileTests {
  func failure(_ path: String) -> LocateError? {
    do {
      _ = try PointsFile.read(path)
      return nil
    } catch {
      return error
    }
  }

  @Test func csvRecords() throws {
    let text = "a,\"b,c\",\"d\"\"e\"\r\n\r\n1,\"two\nlines\",3\n4,5,"
    let records = try CSVReader.records(Array(text.utf8))
    #expect(
      records == [
        .init(line: 1, fields: ["a", "b,c", "d\"e"]),
        .init(line: 3, fields: ["1", "two\nlines", "3"]),
        .init(line: 5, fields: ["4", "5", ""]),
      ])
    #expect(
      try CSVReader.records(Array("\u{FEFF}x,y\n".utf8)) == [.init(line: 1, fields: ["x", "y"])])
  }

  @Test func ourAirportsLayout() throws {
    let points = try PointsFile.read(Paths.fixture("navaids-layout.csv"))
    #expect(points.map(\.name) == ["Isar Test", "Wurm Test", "Amper Test", "Far Away"])
    #expect(points[0].point == GeoPoint(latitude: 48.2, longitude: 11.6))
    #expect(points[2].point == GeoPoint(latitude: 48.25, longitude: 11.2))
    #expect(points[3].point == GeoPoint(latitude: -45.5, longitude: 170.25))
  }

  /// OurAirports' navaids.csv (public domain) as it is, read in place from ../shared/data.
  @Test(Paths.needsShared("data/ourairports-navaids.csv"))
  func ourAirportsNavaidsAsTheyAre() throws {
    let points = try PointsFile.read(
      try #require(Paths.sharedFile("data/ourairports-navaids.csv")))
    #expect(points.count == 11_008)
    #expect(points[0].name == "Williams Harbour")
    #expect(points[0].point == GeoPoint(latitude: 52.55889892578125, longitude: -55.78219985961914))
    #expect(points.last?.name == "Nicklebelt")
  }

  @Test func geoJSON() throws {
    let points = try PointsFile.read(Paths.fixture("places.geojson"))
    #expect(
      Array(points) == [
        NamedPoint(name: "EDDM", point: GeoPoint(latitude: 48.3538, longitude: 11.7861)),
        NamedPoint(name: "LOWS", point: GeoPoint(latitude: 47.7933, longitude: 13.0043)),
        NamedPoint(name: "EDMO", point: GeoPoint(latitude: 48.0814, longitude: 11.2831)),
      ])
  }

  @Test(arguments: [
    (
      "bad-no-longitude.csv", LocateCLI.ExitStatus.dataError,
      "bad-no-longitude.csv line 1: no longitude column in the header "
        + "(name one longitude, lon, lng)"
    ),
    (
      "bad-short-row.csv", .dataError,
      "bad-short-row.csv line 2: 2 fields, but the header has 3 (fix the row)"
    ),
    (
      "bad-quote.csv", .dataError,
      "bad-quote.csv line 2: a quoted field is never closed (fix the file)"
    ),
    (
      "bad-linestring.geojson", .dataError,
      "bad-linestring.geojson feature 1: geometry is a LineString, not a Point "
        + "(give each feature a Point)"
    ),
    (
      "bad-swapped.geojson", .dataError,
      "bad-swapped.geojson feature 1: [48.3538, 111.7861] is off the globe "
        + "(GeoJSON puts the longitude first)"
    ),
    ("missing.csv", .noInput, "missing.csv: no such file or directory (check the path)"),
  ])
  func errors(name: String, status: LocateCLI.ExitStatus, message: String) throws {
    let error = try #require(failure(Paths.fixture(name)))
    #expect(error.status == status)
    #expect(error.description == "locate: " + Paths.fixture("") + message)
  }

  /// The reason is Geodesy's; the line number and the remedy are the command line's.
  @Test func badLatitudeNamesTheLine() throws {
    let error = try #require(failure(Paths.fixture("bad-latitude.csv")))
    let reason = geodesyReason { () throws(GeodesyError) in _ = try Coordinates.parseLatitude("abc")
    }
    #expect(error.status == .dataError)
    #expect(
      error.description
        == "locate: " + Paths.fixture("bad-latitude.csv") + " line 3: \(reason) (fix the row)")
  }

  func geodesyReason(_ body: () throws(GeodesyError) -> Void) -> String {
    do {
      try body()
      return "accepted"
    } catch {
      return error.description
    }
  }

  @Test func emptyAndNonJSON() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try #require(FileManager.default.createFile(atPath: directory + "/empty.csv", contents: Data()))
    try #require(
      FileManager.default.createFile(
        atPath: directory + "/bad.json", contents: Data("{\"type\":".utf8)))
    try #require(
      FileManager.default.createFile(
        atPath: directory + "/line.json", contents: Data(#"{"type":"LineString"}"#.utf8)))
    #expect(
      failure(directory + "/empty.csv")?.description
        == "locate: \(directory)/empty.csv: empty (give a CSV header and rows, or GeoJSON)")
    #expect(
      failure(directory + "/bad.json")?.description
        == "locate: \(directory)/bad.json: not valid JSON (give a GeoJSON FeatureCollection)")
    #expect(
      failure(directory + "/line.json")?.description
        == "locate: \(directory)/line.json: a GeoJSON LineString, not a FeatureCollection of "
        + "Points (give a FeatureCollection)")
  }

  @Test func pointArguments() throws {
    #expect(
      try DistanceCommand.point("EDDM=48.3538,11.7861")
        == NamedPoint(name: "EDDM", point: GeoPoint(latitude: 48.3538, longitude: 11.7861)))
    #expect(
      try DistanceCommand.point("-33.9,18.4")
        == NamedPoint(name: "-33.9,18.4", point: GeoPoint(latitude: -33.9, longitude: 18.4)))
  }
}
