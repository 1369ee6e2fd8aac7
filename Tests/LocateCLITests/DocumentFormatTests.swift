import Foundation
import LocationEngine
import OpenCoreLocation
import Platform
import Testing

@testable import LocateCLI

/// GPX, GeoJSON and CSV, exact to the byte, and parsed back where a parser exists.
@Suite struct DocumentFormatTests {
  @Test func gpxTrackPointInSchemaOrder() {
    #expect(
      GPXFormat.trackPoint(SampleFixes.full)
        == #"<trkpt lat="48.117300000" lon="11.516666667"><ele>545.400</ele>"#
        + "<time>2024-05-01T12:00:00.123Z</time><magvar>356.9</magvar>"
        + "<geoidheight>46.900</geoidheight><fix>dgps</fix><sat>8</sat><hdop>0.90</hdop>"
        + "<vdop>1.20</vdop><pdop>1.50</pdop><ageofdgpsdata>1.4</ageofdgpsdata>"
        + "<dgpsid>23</dgpsid></trkpt>\n")
    #expect(
      GPXFormat.trackPoint(SampleFixes.flat)
        == #"<trkpt lat="-33.925000000" lon="-18.500000000">"#
        + "<time>2000-01-01T00:00:00.000Z</time><fix>2d</fix><sat>3</sat><hdop>2.50</hdop>"
        + "</trkpt>\n")
  }

  @Test func gpxDocumentOfOneWaypoint() throws {
    let text = SingleFix.render(SampleFixes.plain, format: .gpx, now: Date(), style: .plain)
    #expect(
      text
        == """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="locate \(Locate.version)" \
        xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.topografix.com/GPX/1/1 \
        http://www.topografix.com/GPX/1/1/gpx.xsd">
        <wpt lat="1.500000000" lon="2.250000000"><ele>10.000</ele>\
        <time>1970-01-01T00:00:00.000Z</time><name>locate current</name><fix>3d</fix></wpt>
        </gpx>

        """)
    #expect(try DocumentChecks.xmllint(text: text) == nil)
  }

  @Test func gpxEscapesNames() {
    // A control XML 1.0 cannot hold is shown; tab, LF, CR, C1 and bidi are references.
    #expect(GPXFormat.escape("A&B <\"x\">\u{1}") == #"A&amp;B &lt;&quot;x&quot;&gt;\x01"#)
    #expect(GPXFormat.escape("\t\n\r\u{9B}\u{202E}") == "&#x9;&#xA;&#xD;&#x9B;&#x202E;")
  }

  @Test func geoJSONFeature() throws {
    let text = GeoJSONFormat.feature(SampleFixes.full)
    #expect(
      text
        == #"{"type":"Feature","geometry":{"type":"Point","coordinates":"#
        + #"[11.516666667,48.117300000,592.300]},"properties":{"#
        + #""time":"2024-05-01T12:00:00.123Z","mode":3,"status":2,"altMSL":545.400,"#
        + #""eph":4.200,"epv":6.100,"speed":12.300,"track":45.0000,"climb":0.100,"uSat":8,"#
        + #""nSat":12,"hdop":0.90,"vdop":1.20,"pdop":1.50,"device":"/dev/ttyACM0"}}"#)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let geometry = try #require(object["geometry"] as? [String: Any])
    #expect(geometry["coordinates"] as? [Double] == [11.516666667, 48.1173, 592.3])
  }

  @Test func geoJSONTextSequenceRecord() {
    let reading = TargetReading(
      target: .init(latitude: 0, longitude: 0), distance: 1000.5, bearing: 270)
    #expect(
      GeoJSONFormat.sequenceRecord(SampleFixes.flat, target: reading)
        == "\u{1E}"
        + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-18.500000000,"#
        + #"-33.925000000]},"properties":{"time":"2000-01-01T00:00:00.000Z","mode":2,"#
        + #""status":1,"eph":25.000,"uSat":3,"hdop":2.50,"device":"capture.log","#
        + #""target":{"lat":0,"lon":0,"distance":1000.500,"bearing":270.000}}}"# + "\n")
  }

  @Test func csvFixRows() {
    #expect(
      CSVFormat.fixHeader(target: false)
        == "time,lat,lon,altHAE,altMSL,eph,epv,speed,track,climb,mode,status,uSat,nSat,hdop,"
        + "vdop,pdop,device\r\n")
    #expect(
      CSVFormat.fixRow(SampleFixes.full, target: nil, hasTargetColumns: false)
        == "2024-05-01T12:00:00.123Z,48.117300000,11.516666667,592.300,545.400,4.200,6.100,"
        + "12.300,45.0000,0.100,3,2,8,12,0.90,1.20,1.50,/dev/ttyACM0\r\n")
    #expect(
      CSVFormat.fixRow(SampleFixes.flat, target: nil, hasTargetColumns: true)
        == "2000-01-01T00:00:00.000Z,-33.925000000,-18.500000000,,,25.000,,,,,2,1,3,,2.50,,,"
        + "capture.log,,\r\n")
    #expect(CSVFormat.field("a,\"b\"") == "\"a,\"\"b\"\"\"")
  }

  @Test func singleFixInEveryFormatEndsWithALineEnd() {
    for format in OutputFormat.allCases where format != .text {
      let text = SingleFix.render(SampleFixes.full, format: format, now: Date(), style: .plain)
      #expect(text.utf8.last == UInt8(ascii: "\n"), "\(format)")
    }
  }

  @Test func streamWriterClosesGPXAndBreaksSegments() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/track.gpx"
    FileManager.default.createFile(atPath: path, contents: nil)
    let descriptor = open(path, O_WRONLY)
    defer { close(descriptor) }
    let writer = FixStreamWriter(
      output: OutputSink(descriptor: FileDescriptor(rawValue: descriptor)), format: .gpx,
      hasTarget: false,
      satellites: false)
    try writer.begin()
    try writer.location(SampleFixes.plain, target: nil)
    writer.receiverLost()
    try writer.location(SampleFixes.plain, target: nil)
    try writer.end()
    try writer.end()
    try writer.location(SampleFixes.plain, target: nil)
    let text = Files.text(path)
    let point =
      #"<trkpt lat="1.500000000" lon="2.250000000"><ele>10.000</ele>"#
      + "<time>1970-01-01T00:00:00.000Z</time><fix>3d</fix></trkpt>\n"
    #expect(
      text
        == GPXFormat.header(version: Locate.version) + "<trk>\n<name>locate watch</name>\n"
        + "<trkseg>\n" + point + "</trkseg>\n<trkseg>\n" + point + "</trkseg>\n</trk>\n</gpx>\n")
    #expect(writer.points == 2)
  }

  @Test func emptyGPXIsStillADocument() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/empty.gpx"
    FileManager.default.createFile(atPath: path, contents: nil)
    let descriptor = open(path, O_WRONLY)
    defer { close(descriptor) }
    let writer = FixStreamWriter(
      output: OutputSink(descriptor: FileDescriptor(rawValue: descriptor)), format: .gpx,
      hasTarget: false,
      satellites: false)
    try writer.begin()
    try writer.end()
    let text = Files.text(path)
    #expect(text == GPXFormat.header(version: Locate.version) + "</gpx>\n")
    #expect(try DocumentChecks.xmllint(text: text) == nil)
  }
}
