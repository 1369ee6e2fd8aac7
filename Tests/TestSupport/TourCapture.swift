// The region and visit tests' drives as NMEA captures: one shared writer for the library's
// and the command line's tests.
import NMEA

/// A capture of one fix per second from 2025-06-15T10:00:00Z: GGA, GST and RMC by the NMEA
/// module's encoder (lossless), each fix's horizontal accuracy exact through GST (errors 0.6a
/// and 0.8a give √(σlat² + σlon²) = a).
public enum TourCapture {
  /// 2025-06-15T10:00:00Z, seconds since 1970.
  public static let start = 1_749_981_600

  /// The capture's bytes for fixes given as (latitude, longitude, accuracy in metres).
  public static func nmea(_ fixes: [(latitude: Double, longitude: Double, accuracy: Double)])
    -> [UInt8]
  {
    let encoder = NMEAEncoder(format: .lossless)
    var bytes: [UInt8] = []
    for (index, fix) in fixes.enumerated() {
      let daySeconds = (start + index) % 86_400
      let time = UTCTime(
        hour: UInt8(daySeconds / 3600), minute: UInt8(daySeconds / 60 % 60),
        second: UInt8(daySeconds % 60))
      var gga = GGA(talker: .gps)
      gga.time = time
      gga.latitude = fix.latitude
      gga.longitude = fix.longitude
      gga.quality = .gps
      gga.satellitesUsed = 10
      gga.hdop = 0.8
      gga.altitudeMSL = 520
      gga.geoidSeparation = 47
      var gst = GST(talker: .gps)
      gst.time = time
      gst.rangeRMS = 1
      gst.latitudeError = 0.6 * fix.accuracy
      gst.longitudeError = 0.8 * fix.accuracy
      gst.altitudeError = 8
      var rmc = RMC(talker: .gps)
      rmc.time = time
      rmc.status = .valid
      rmc.latitude = fix.latitude
      rmc.longitude = fix.longitude
      rmc.speedKnots = 19.4
      rmc.course = 90
      rmc.date = NMEADate(year: 2025, month: 6, day: 15)
      rmc.mode = .autonomous
      encoder.encode(.gga(gga), appendingTo: &bytes)
      encoder.encode(.gst(gst), appendingTo: &bytes)
      encoder.encode(.rmc(rmc), appendingTo: &bytes)
    }
    return bytes
  }
}
