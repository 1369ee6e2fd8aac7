import Foundation
import Geodesy
import Testing

@testable import LocateCLI

/// `distance` output in each format.
@Suite struct DistanceFormatTests {
  let results = [
    DistanceResult(
      name: "EDDM", latitude: 48.3538, longitude: 11.7861, distance: 33_010.4567, azimuth: 37.1),
    DistanceResult(
      name: "Salzburg, \"LOWS\"", latitude: 47.7933, longitude: 13.0043, distance: 116_488,
      azimuth: 107.5),
    DistanceResult(name: "", latitude: -33.9, longitude: 18.4, distance: 9_145_607, azimuth: -5.8),
  ]
  let origin = DistanceFormat.Origin(
    point: GeoPoint(latitude: 48.1173, longitude: 11.5167), note: "--from")

  func render(_ format: OutputFormat, unit: DistanceUnit = .km) -> String {
    DistanceFormat.render(
      results, origin: origin, format: format, unit: unit, within: nil, style: .plain)
  }

  @Test func jsonLines() throws {
    #expect(
      render(.json)
        == #"{"name":"EDDM","lat":48.3538,"lon":11.7861,"distance":33010.457,"bearing":37.100,"#
        + #""compass":"NE"}"# + "\n"
        + #"{"name":"Salzburg, \"LOWS\"","lat":47.7933,"lon":13.0043,"distance":116488.000,"#
        + #""bearing":107.500,"compass":"ESE"}"# + "\n"
        + #"{"name":"","lat":-33.9,"lon":18.4,"distance":9145607.000,"bearing":354.200,"#
        + #""compass":"N"}"# + "\n")
    for line in render(.json).split(separator: "\n") {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(Set(object.keys) == ["name", "lat", "lon", "distance", "bearing", "compass"])
    }
  }

  @Test("CSV: RFC 4180 (CRLF, quoted cells)")
  func csv() {
    #expect(
      render(.csv)
        == "name,lat,lon,distance,bearing,compass\r\n"
        + "EDDM,48.3538,11.7861,33010.457,37.100,NE\r\n"
        + "\"Salzburg, \"\"LOWS\"\"\",47.7933,13.0043,116488.000,107.500,ESE\r\n"
        + ",-33.9,18.4,9145607.000,354.200,N\r\n")
  }

  @Test func geoJSONCollection() throws {
    let text = render(.geojson)
    #expect(
      text.hasPrefix(
        #"{"type":"FeatureCollection","features":["# + "\n"
          + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[11.7861,48.3538]},"#
          + #""properties":{"name":"EDDM","distance":33010.457,"bearing":37.100,"compass":"NE"}},"#
          + "\n"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect((object["features"] as? [Any])?.count == 3)
    #expect(
      DistanceFormat.render(
        [], origin: origin, format: .geojson, unit: .km, within: 5, style: .plain)
        == #"{"type":"FeatureCollection","features":[]}"# + "\n")
  }

  @Test func gpxWaypoints() throws {
    let text = render(.gpx, unit: .nmi)
    #expect(
      text.contains(
        #"<wpt lat="48.353800000" lon="11.786100000"><name>EDDM</name>"#
          + "<desc>17.824 nmi, bearing 37.1° NE</desc></wpt>\n"))
    #expect(try DocumentChecks.xmllint(text: text) == nil)
    #expect(text.components(separatedBy: "<wpt ").count == 4)
  }

  @Test
  func humanTable() {
    #expect(
      render(.text)
        == """
        From 48.117300, 11.516700 (--from)
        EDDM                     33.010 km   37.1° NE
        Salzburg, "LOWS"        116.488 km  107.5° ESE
        -33.900000, 18.400000  9145.607 km  354.2° N

        """)
  }

  @Test func units() {
    #expect(DistanceUnit.km.format(33_010.4567) == "33.010 km")
    #expect(DistanceUnit.m.format(850.24) == "850.2 m")
    #expect(DistanceUnit.mi.format(1609.344) == "1.000 mi")
    #expect(DistanceUnit.nmi.format(1852) == "1.000 nmi")
  }

  @Test(arguments: [
    (-180.0, 180.0), (-0.0, 0.0), (359.99999, 359.99999), (360.0, 0.0), (-5.8, 354.2),
  ])
  func bearings(azimuth: Double, bearing: Double) {
    #expect(abs(Bearing.normalized(azimuth) - bearing) < 1e-9)
  }
}
