import FoundationEssentials
import Geodesy
import LocationEngine

/// What the formats of `locate` alone read from a location (the valid fields, read the same way
/// by every format and by gpsd's objects, are `LocationEngine`'s: FixFields.swift).
extension Fix {
  /// The fix's time as outputs write it: ISO 8601 UTC with milliseconds, or for a fix without
  /// a date the time of day alone (`23:56:00.000Z`).
  var timeText: String {
    let text = TimeText.iso8601(timestamp)
    guard !hasDate, let separator = text.firstIndex(of: "T") else { return text }
    return String(text[text.index(after: separator)...])
  }

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
