import Foundation
import GPSDServer
import JSON
import LocationEngine
import OpenCoreLocation
import Receivers
import Testing
import TimeService

@testable import LocateCLI

/// gpsd's JSON objects, exact to the byte, and parsed back.
@Suite struct GPSDJSONTests {
  @Test func fullTPV() {
    #expect(
      GPSDJSON.tpv(SampleFixes.full)
        == #"{"class":"TPV","device":"/dev/ttyACM0","status":2,"mode":3,"#
        + #""time":"2024-05-01T12:00:00.123Z","lat":48.117300000,"lon":11.516666667,"#
        + #""altHAE":592.3000,"altMSL":545.4000,"alt":545.4000,"epx":1.900,"epy":2.100,"#
        + #""epv":6.100,"track":45.0000,"magtrack":48.1000,"magvar":-3.1,"speed":12.300,"#
        + #""climb":0.100,"#
        + #""geoidSep":46.900,"eph":4.200,"dgpsAge":1.4,"dgpsSta":23}"#)
  }

  @Test func twoDimensionalTPVHasNoAltitudeSpeedOrTrack() {
    #expect(
      GPSDJSON.tpv(SampleFixes.flat)
        == #"{"class":"TPV","device":"capture.log","status":1,"mode":2,"#
        + #""time":"2000-01-01T00:00:00.000Z","lat":-33.925000000,"lon":-18.500000000,"#
        + #""magvar":-23.2,"eph":25.000}"#)
  }

  @Test func handMadeLocationGuessesTheMode() {
    #expect(
      GPSDJSON.tpv(SampleFixes.plain)
        == #"{"class":"TPV","mode":3,"time":"1970-01-01T00:00:00.000Z","lat":1.500000000,"#
        + #""lon":2.250000000,"altHAE":10.0000,"altMSL":10.0000,"alt":10.0000,"epv":3.000,"#
        + #""magvar":-2.9,"eph":5.000}"#)
  }

  @Test func tpvParsesBackWithGpsdUnits() throws {
    let data = Data(GPSDJSON.tpv(SampleFixes.full).utf8)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["class"] as? String == "TPV")
    #expect(object["mode"] as? Int == 3)
    #expect(object["lat"] as? Double == 48.1173)
    #expect(object["speed"] as? Double == 12.3)  // m/s, as gpsd
    #expect(object["track"] as? Double == 45)  // degrees true
    #expect(object["altHAE"] as? Double == 592.3)
    #expect(object["eph"] as? Double == 4.2)
    #expect(object["time"] as? String == "2024-05-01T12:00:00.123Z")
  }

  @Test func sky() throws {
    let text = GPSDJSON.sky(SampleFixes.sky, device: "/dev/pts/3")
    #expect(
      text
        == #"{"class":"SKY","device":"/dev/pts/3","time":"2024-05-01T12:00:00.123Z","#
        + #""vdop":1.20,"hdop":0.90,"pdop":1.50,"nSat":3,"uSat":2,"satellites":["#
        + #"{"PRN":13,"el":22.0,"az":62.0,"ss":23.0,"used":true,"gnssid":0,"svid":13},"#
        + #"{"PRN":69,"el":41.0,"az":301.0,"used":false,"gnssid":6,"svid":5},"#
        + #"{"PRN":307,"ss":38.0,"used":true,"gnssid":2,"svid":7}]}"#)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect((object["satellites"] as? [[String: Any]])?.count == 3)
  }

  /// gpsd 3.22's first SKY in its output for bt451.log (GpsdCaptures), settled by the GSA
  /// and GSV it follows: HDOP, VDOP and PDOP as the receiver sent them (1.7, 3.0, 3.4), the
  /// others from the four satellites used (28, 9, 10, 13).
  @Test("SKY: xdop, ydop, tdop and gdop from the satellites used, as gpsd's")
  func skyDOPsFromGeometry() throws {
    let used = [(28, 14.0, 150.0), (9, 15.0, 254.0), (10, 43.0, 192.0), (13, 6.0, 81.0)]
    let satellites =
      used.map { prn, el, az in
        GNSSSatellite(
          system: .gps, svid: prn, prn: prn, elevation: el, azimuth: az, snr: 40, used: true)
      } + [
        GNSSSatellite(system: .gps, svid: 2, prn: 2, elevation: 56, azimuth: 323, used: false)
      ]
    let view = GNSSSkyView(time: nil, satellites: satellites, hdop: 1.7, vdop: 3.0, pdop: 3.4)
    let text = GPSDJSON.sky(view, device: nil)
    #expect(
      text.hasPrefix(
        #"{"class":"SKY","xdop":0.76,"ydop":1.60,"vdop":3.00,"tdop":0.99,"hdop":1.70,"#
          + #""gdop":3.70,"pdop":3.40,"nSat":5,"uSat":4,"#), "\(text)")
    // Three satellites used fix no geometry: only the receiver's DOPs.
    let three = GNSSSkyView(
      time: nil, satellites: Array(satellites.prefix(3)), hdop: 1.7, vdop: nil, pdop: nil)
    #expect(GPSDJSON.sky(three, device: nil).hasPrefix(#"{"class":"SKY","hdop":1.70,"nSat":3"#))
  }

  @Test(
    "sigid in gpsd's numbering (u-blox), from NMEA 4.11 signal IDs; 0 is left out",
    arguments: [(1, 0), (2, 5), (3, 2), (5, 4), (6, 3), (7, 0), (8, 0)])
  func signalIDs(nmea: Int, gpsd: Int) {
    #expect(GPSDJSON.gpsdSignalID(nmea) == gpsd)
    let satellite = GNSSSatellite(system: .gps, svid: 5, prn: 5, signalID: nmea)
    let text = GPSDJSON.sky(GNSSSkyView(time: nil, satellites: [satellite]), device: nil)
    #expect(text.contains(#""sigid":"#) == (gpsd != 0))
    if gpsd != 0 { #expect(text.contains(#""svid":5,"sigid":\#(gpsd)}"#)) }
  }

  @Test func events() {
    #expect(
      GPSDJSON.authorization(.denied, .denied(path: "/dev/ttyUSB0", group: "dialout"))
        == #"{"class":"EVENT","event":"authorization","authorization":"denied","#
        + #""state":"denied","device":"/dev/ttyUSB0","group":"dialout"}"#)
    #expect(
      GPSDJSON.authorization(.authorizedAlways, .connected(path: "/dev/pts/4", baud: 9600))
        == #"{"class":"EVENT","event":"authorization","authorization":"authorizedAlways","#
        + #""state":"connected","device":"/dev/pts/4","bps":9600}"#)
    #expect(
      GPSDJSON.authorization(
        .restricted, .busy(path: "/dev/ttyACM0", holder: DeviceHolder(pid: 812, command: "gpsd")))
        == #"{"class":"EVENT","event":"authorization","authorization":"restricted","#
        + #""state":"busy","device":"/dev/ttyACM0","holder":"gpsd","pid":812}"#)
    #expect(
      GPSDJSON.device(.unplugged(path: "/tmp/gps"))
        == #"{"class":"EVENT","event":"device","state":"unplugged","device":"/tmp/gps"}"#)
    #expect(
      GPSDJSON.device(.silent(path: "/tmp/gps", seconds: 3))
        == #"{"class":"EVENT","event":"device","state":"silent","device":"/tmp/gps","seconds":3.0}"#
    )
    #expect(GPSDJSON.device(.ended) == #"{"class":"EVENT","event":"device","state":"ended"}"#)
    #expect(
      GPSDJSON.device(.unavailable(path: nil))
        == #"{"class":"EVENT","event":"device","state":"unavailable"}"#)
    #expect(GPSDJSON.paused(true) == #"{"class":"EVENT","event":"paused"}"#)
    #expect(GPSDJSON.paused(false) == #"{"class":"EVENT","event":"resumed"}"#)
    #expect(
      GPSDJSON.stale(SampleFixes.full, age: 7.25)
        == #"{"class":"EVENT","event":"stale","time":"2024-05-01T12:00:00.123Z","age":7.2}"#)
  }

  @Test func target() {
    let reading = TargetReading(
      target: .init(latitude: 48.3538, longitude: 11.7861), distance: 31_707.1234, bearing: 36.9)
    #expect(
      LocateJSON.target(reading, time: SampleFixes.time)
        == #"{"class":"TARGET","time":"2024-05-01T12:00:00.123Z","lat":48.3538,"lon":11.7861,"#
        + #""distance":31707.123,"bearing":36.900}"#)
  }

  @Test(arguments: [
    (0.0, "1970-01-01T00:00:00.000Z"), (-0.0005, "1970-01-01T00:00:00.000Z"),
    (-1.5, "1969-12-31T23:59:58.500Z"), (1_714_564_799.9996, "2024-05-01T12:00:00.000Z"),
    (4_102_444_800.001, "2100-01-01T00:00:00.001Z"),
  ])
  func times(seconds: Double, text: String) {
    #expect(TimeText.iso8601(Date(timeIntervalSince1970: seconds)) == text)
  }

  @Test func jsonStringsAreEscaped() {
    #expect(JSONText.string("a\"b\\c\n\u{1}é") == #""a\"b\\c\n\u0001é""#)
    #expect(JSONText.fixed(-0.0001, 3) == "0.000")
    #expect(JSONText.fixed(-1.25, 1) == "-1.2")
    #expect(JSONText.shortest(48.3538) == "48.3538")
    #expect(JSONText.shortest(-12) == "-12")
  }

  @Test func timeObjects() {
    let sample = TimeSample(reference: 1_796_208_750_000_000_000, system: -1)
    #expect(
      String(decoding: GPSDJSON.toff(sample, device: "/dev/ttyUSB0"), as: UTF8.self)
        == #"{"class":"TOFF","device":"/dev/ttyUSB0","real_sec":1796208750, "real_nsec":0,"#
        + #""clock_sec":-1,"clock_nsec":999999999}"#)
    #expect(
      String(decoding: GPSDJSON.pps(sample, device: "a\"b", precision: -20), as: UTF8.self)
        == #"{"class":"PPS","device":"a\"b","real_sec":1796208750,"real_nsec":0,"#
        + #""clock_sec":-1,"clock_nsec":999999999,"precision":-20}"#)
  }
}
