import Foundation
import LocationEngine

/// Fixes built by hand for the formatter tests.
enum SampleFixes {
  /// 2024-05-01T12:00:00.123Z.
  static let time = Date(timeIntervalSince1970: 1_714_564_800.123)

  /// A 3D DGPS fix with every field.
  static let full = Fix(
    coordinate: CLLocationCoordinate2D(latitude: 48.1173, longitude: 11.516666667),
    altitude: 545.4, ellipsoidalAltitude: 592.3, horizontalAccuracy: 4.2, verticalAccuracy: 6.1,
    course: 45, courseAccuracy: -1, speed: 12.3, speedAccuracy: -1, timestamp: time,
    gnss: GNSSFixInfo(
      mode: .fix3D, status: .dgps, satellitesUsed: 8, satellitesInView: 12, hdop: 0.9, vdop: 1.2,
      pdop: 1.5, geoidSeparation: 46.9, climb: 0.1, magneticVariation: -3.1, latitudeError: 2.1,
      longitudeError: 1.9, dgpsAge: 1.4, dgpsStation: 23, device: "/dev/ttyACM0"))

  /// A 2D fix south and west, no speed, course or vertical accuracy, from a replay.
  static let flat = Fix(
    coordinate: CLLocationCoordinate2D(latitude: -33.925, longitude: -18.5),
    altitude: 0, ellipsoidalAltitude: 0, horizontalAccuracy: 25, verticalAccuracy: -1,
    course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1,
    timestamp: Date(timeIntervalSince1970: 946_684_799.9996),
    gnss: GNSSFixInfo(
      mode: .fix2D, status: .gps, satellitesUsed: 3, hdop: 2.5, device: "capture.log",
      isReplay: true))

  /// A fix made by hand (no GNSS details).
  static let plain = Fix(
    coordinate: CLLocationCoordinate2D(latitude: 1.5, longitude: 2.25), altitude: 10,
    ellipsoidalAltitude: 10, horizontalAccuracy: 5, verticalAccuracy: 3,
    timestamp: Date(timeIntervalSince1970: 0))

  /// A sky view: a used GPS satellite, a GLONASS one without signal, a Galileo one with a
  /// signal ID.
  static let sky = GNSSSkyView(
    time: time,
    satellites: [
      GNSSSatellite(
        system: .gps, svid: 13, prn: 13, elevation: 22, azimuth: 62, snr: 23, used: true),
      GNSSSatellite(system: .glonass, svid: 5, prn: 69, elevation: 41, azimuth: 301, snr: nil),
      GNSSSatellite(
        system: .galileo, svid: 7, prn: 307, elevation: nil, azimuth: nil, snr: 38, used: true,
        signalID: 7),
    ], hdop: 0.9, vdop: 1.2, pdop: 1.5)
}
