import Geodesy
import JSON

/// One place of `locate distance`, measured from the origin.
struct DistanceResult: Sendable, Hashable {
  /// The name given (`EDDM`), or the text of the point when it had none.
  var name: String
  /// Degrees north.
  var latitude: Double
  /// Degrees east.
  var longitude: Double
  /// Geodesic distance from the origin, metres.
  var distance: Double
  /// Initial bearing from the origin, degrees true in [0, 360); nil for a place at the origin
  /// (closer than ``sameSpot``), which has no direction.
  var bearing: Double?

  /// Below this distance (half a millimetre: 0.000 m as printed) a place is at the origin.
  static let sameSpot = 0.0005

  /// Makes a result; `azimuth` may be in (−180, 180].
  init(name: String, latitude: Double, longitude: Double, distance: Double, azimuth: Double) {
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
    self.distance = distance
    self.bearing = distance < Self.sameSpot ? nil : Bearing.normalized(azimuth)
  }

  /// The 16-wind compass point of the bearing (`NNE`); nil without a bearing.
  var compass: String? { bearing.map(Coordinates.compassPoint) }
}

/// The units `--units` offers for human output and `--within`.
enum DistanceUnit: String, Sendable, CaseIterable {
  /// Metres.
  case m
  /// Kilometres.
  case km
  /// Statute miles.
  case mi
  /// Nautical miles.
  case nmi

  /// Metres per unit.
  var metres: Double {
    switch self {
    case .m: return 1
    case .km: return 1000
    case .mi: return 1609.344
    case .nmi: return 1852
    }
  }

  /// `31.707 km`, `850.2 m`.
  func format(_ metres: Double) -> String {
    let value = metres / self.metres
    return JSONText.fixed(value, self == .m ? 1 : 3) + " " + rawValue
  }
}
