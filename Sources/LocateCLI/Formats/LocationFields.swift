import Geodesy
import OpenCoreLocation

/// Which of a location's fields are valid, by Core Location's sentinels, read the same way by
/// every format.
extension CLLocation {
  /// Whether the altitude is known: a 3D fix, or a valid vertical accuracy.
  var hasAltitude: Bool {
    if let mode = gnss?.mode { return mode == .fix3D || (mode != .fix2D && verticalAccuracy > 0) }
    return verticalAccuracy > 0
  }

  /// The fix mode, from the GNSS details, or guessed from the accuracies for hand-made fixes.
  var fixMode: GNSSFixMode {
    if let mode = gnss?.mode { return mode }
    if horizontalAccuracy < 0 { return .noFix }
    return verticalAccuracy > 0 ? .fix3D : .fix2D
  }

  /// Valid values only (Core Location marks invalid ones negative).
  var validHorizontalAccuracy: Double? { horizontalAccuracy >= 0 ? horizontalAccuracy : nil }
  var validVerticalAccuracy: Double? { verticalAccuracy > 0 ? verticalAccuracy : nil }
  var validSpeed: Double? { speed >= 0 ? speed : nil }
  var validCourse: Double? { course >= 0 ? course : nil }
  var validSpeedAccuracy: Double? { speedAccuracy >= 0 ? speedAccuracy : nil }
  var validCourseAccuracy: Double? { courseAccuracy >= 0 ? courseAccuracy : nil }

  /// The position as a Geodesy point.
  var point: GeoPoint {
    GeoPoint(latitude: coordinate.latitude, longitude: coordinate.longitude)
  }
}

/// Distance and bearing from a fix to the `--to` target.
struct TargetReading: Sendable, Hashable {
  /// The target.
  var target: GeoPoint
  /// Geodesic distance in metres.
  var distance: Double
  /// Initial bearing from the fix, degrees true in [0, 360).
  var bearing: Double
}

/// Bearings as people read them: [0, 360).
enum Bearing {
  /// An azimuth in (−180, 180] as degrees true in [0, 360).
  static func normalized(_ azimuth: Double) -> Double {
    var value = azimuth.truncatingRemainder(dividingBy: 360)
    if value < 0 { value += 360 }
    return value >= 360 ? 0 : value
  }
}

extension GNSSFixMode {
  /// `no fix`, `2D`, `3D`.
  var label: String {
    switch self {
    case .unknown: return "unknown"
    case .noFix: return "no fix"
    case .fix2D: return "2D"
    case .fix3D: return "3D"
    }
  }
}

extension GNSSFixStatus {
  /// `GPS`, `DGPS`, `RTK fixed`…; nil when unknown.
  var label: String? {
    switch self {
    case .unknown: return nil
    case .gps: return "GPS"
    case .dgps: return "DGPS"
    case .rtkFixed: return "RTK fixed"
    case .rtkFloat: return "RTK float"
    case .deadReckoning: return "dead reckoning"
    case .gnssDeadReckoning: return "GNSS + dead reckoning"
    case .timeOnly: return "time only"
    case .simulated: return "simulated"
    case .pps: return "PPS"
    }
  }
}

extension GNSSSystem {
  /// `GPS`, `GLONASS`, `Galileo`…
  var label: String {
    switch self {
    case .gps: return "GPS"
    case .sbas: return "SBAS"
    case .galileo: return "Galileo"
    case .beidou: return "BeiDou"
    case .imes: return "IMES"
    case .qzss: return "QZSS"
    case .glonass: return "GLONASS"
    case .navic: return "NavIC"
    }
  }
}
