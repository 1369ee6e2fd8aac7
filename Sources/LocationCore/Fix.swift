import FoundationEssentials
import Geodesy

/// Where a fix came from (the facade's `CLLocationSourceInformation`).
public struct FixSource: Sendable, Hashable {
  /// Whether software simulation produced it (a simulator fix, `locate simulate`, or GGA
  /// quality 8 / mode `S`).
  public var isSimulatedBySoftware: Bool
  /// Whether an external accessory produced it: always true for a serial receiver.
  public var isProducedByAccessory: Bool

  /// Makes source information.
  public init(isSimulatedBySoftware: Bool, isProducedByAccessory: Bool) {
    self.isSimulatedBySoftware = isSimulatedBySoftware
    self.isProducedByAccessory = isProducedByAccessory
  }
}

/// The engine's location: one fix, with Core Location's fields and sentinels (negative
/// accuracy, speed, course mean invalid). The facade's `Fix` is built from one.
///
/// The time is ``timestamp``; whether the receiver's date is known (or only its time of day)
/// is ``GNSSFixInfo/hasDate`` in ``gnss``.
public struct Fix: Sendable, Hashable {
  /// Latitude and longitude.
  public var coordinate: CLLocationCoordinate2D
  /// Altitude above mean sea level, metres; valid only when ``verticalAccuracy`` > 0.
  public var altitude: CLLocationDistance
  /// Altitude above the WGS-84 ellipsoid, metres; 0 when the altitude is invalid.
  public var ellipsoidalAltitude: CLLocationDistance
  /// Horizontal accuracy, metres (gpsd's `eph`); −1 when unknown.
  public var horizontalAccuracy: CLLocationAccuracy
  /// Vertical accuracy, metres, for a 3D fix; −1 when the altitude is invalid.
  public var verticalAccuracy: CLLocationAccuracy
  /// Course over ground, degrees true; negative when invalid.
  public var course: CLLocationDirection
  /// Course accuracy, degrees; negative when invalid.
  public var courseAccuracy: CLLocationDirectionAccuracy
  /// Speed over ground, m/s; negative when unknown.
  public var speed: CLLocationSpeed
  /// Speed accuracy, m/s; negative when invalid.
  public var speedAccuracy: CLLocationSpeedAccuracy
  /// When the fix was made (the receiver's UTC date and time).
  public var timestamp: Date
  /// Where it came from; nil for a fix made by hand.
  public var source: FixSource?
  /// GNSS details; nil for a fix made by hand.
  public var gnss: GNSSFixInfo?

  /// Makes a fix; what is not given is invalid (negative) or absent.
  public init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance = 0,
    ellipsoidalAltitude: CLLocationDistance = 0, horizontalAccuracy: CLLocationAccuracy = -1,
    verticalAccuracy: CLLocationAccuracy = -1, course: CLLocationDirection = -1,
    courseAccuracy: CLLocationDirectionAccuracy = -1, speed: CLLocationSpeed = -1,
    speedAccuracy: CLLocationSpeedAccuracy = -1, timestamp: Date, source: FixSource? = nil,
    gnss: GNSSFixInfo? = nil
  ) {
    self.coordinate = coordinate
    self.altitude = altitude
    self.ellipsoidalAltitude = ellipsoidalAltitude
    self.horizontalAccuracy = horizontalAccuracy
    self.verticalAccuracy = verticalAccuracy
    self.course = course
    self.courseAccuracy = courseAccuracy
    self.speed = speed
    self.speedAccuracy = speedAccuracy
    self.timestamp = timestamp
    self.source = source
    self.gnss = gnss
  }

  /// The geodesic distance in metres to another fix on the WGS-84 ellipsoid (Karney's inverse
  /// solution), ignoring altitude, as Core Location's `distance(from:)` does.
  public func distance(from other: Fix) -> CLLocationDistance {
    Geodesic.wgs84.inverse(
      latitude1: coordinate.latitude, longitude1: coordinate.longitude,
      latitude2: other.coordinate.latitude, longitude2: other.coordinate.longitude
    ).distance
  }
}
