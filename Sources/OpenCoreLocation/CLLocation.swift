// CONTRACT — data types shared with the CLI's formatters. The service work owns this file.
import Foundation
import Geodesy

/// Where a location came from (Core Location's `CLLocationSourceInformation`).
public final class CLLocationSourceInformation: NSObject, @unchecked Sendable {
  /// Whether the location was produced by software simulation (a simulator fix, `locate
  /// simulate`, or GGA quality 8 / mode `S`).
  public let isSimulatedBySoftware: Bool
  /// Whether an external accessory produced it: always true for a serial receiver.
  public let isProducedByAccessory: Bool

  /// Makes source information.
  public init(softwareSimulationState: Bool, andExternalAccessoryState: Bool) {
    isSimulatedBySoftware = softwareSimulationState
    isProducedByAccessory = andExternalAccessoryState
  }
}

/// A location fix, with Core Location's fields and sentinels (negative accuracy, speed, course
/// mean invalid).
open class CLLocation: NSObject, NSCopying, @unchecked Sendable {
  /// Latitude and longitude.
  public let coordinate: CLLocationCoordinate2D
  /// Altitude above mean sea level (GGA or GNS of the fix's own epoch), metres; valid only when
  /// `verticalAccuracy` > 0 (a 3D fix with an altitude: in a 2D fix the receiver holds the
  /// altitude, it does not measure it; an epoch of RMC or GLL alone has none). 0 when invalid.
  public let altitude: CLLocationDistance
  /// Altitude above the WGS-84 ellipsoid, metres: `altitude` plus the receiver's geoid
  /// separation, or when it sends none EGM96's at the fix (`gnss.geoidSeparationFromModel`);
  /// 0 when the altitude is invalid.
  public let ellipsoidalAltitude: CLLocationDistance
  /// Horizontal accuracy, metres: gpsd's `eph`. From GST when the receiver sends it, the
  /// distance root mean square √(σlat² + σlon²); otherwise HDOP × 19 m (× 4.75 m with DGPS or
  /// RTK corrections), gpsd 3.22's UERE, with the HDOP of the epoch or of one at most 5 s
  /// earlier; −1 when unknown (RMC-only receivers send no HDOP).
  public let horizontalAccuracy: CLLocationAccuracy
  /// Vertical accuracy, metres, for a 3D fix: GST's altitude error when sent, else VDOP × 23 m
  /// (× 5.75 m corrected), else 1.5 × HDOP × 23 m; −1 when the altitude is invalid.
  public let verticalAccuracy: CLLocationAccuracy
  /// Speed over ground, m/s: RMC or VTG (knots × 0.514444); for an epoch without either, the
  /// distance from the previous fix over the time between them when at most 5 s; −1 when
  /// unknown.
  public let speed: CLLocationSpeed
  /// Speed accuracy, m/s; negative when invalid.
  public let speedAccuracy: CLLocationSpeedAccuracy
  /// Course over ground, degrees true; negative when invalid.
  public let course: CLLocationDirection
  /// Course accuracy, degrees; negative when invalid.
  public let courseAccuracy: CLLocationDirectionAccuracy
  /// When the fix was made: the receiver's UTC date and time (see "Dates" in
  /// ``LocationPolicy``); a replay's may be shifted to start now
  /// (``ReplayTimestamps/startingNow``).
  public let timestamp: Date
  /// Where it came from.
  public let sourceInformation: CLLocationSourceInformation?
  /// GNSS details (Linux extension; `nil` for locations made by hand).
  public let gnss: GNSSFixInfo?

  /// A location at a coordinate, with unknown altitude and accuracy, timestamped now.
  public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.init(
      coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
      horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date())
  }

  /// A location with altitude and accuracies.
  public convenience init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy,
    timestamp: Date
  ) {
    self.init(
      coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
      verticalAccuracy: vAccuracy, course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1,
      timestamp: timestamp)
  }

  /// A location with course and speed.
  public convenience init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy,
    course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
  ) {
    self.init(
      coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
      verticalAccuracy: vAccuracy, course: course, courseAccuracy: -1, speed: speed,
      speedAccuracy: -1, timestamp: timestamp)
  }

  /// A location with course, speed and their accuracies.
  public convenience init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy,
    course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
    speed: CLLocationSpeed, speedAccuracy sAccuracy: CLLocationSpeedAccuracy, timestamp: Date
  ) {
    self.init(
      coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
      verticalAccuracy: vAccuracy, course: course, courseAccuracy: courseAccuracy, speed: speed,
      speedAccuracy: sAccuracy, timestamp: timestamp, sourceInfo: nil)
  }

  /// The designated initializer: everything, with source information.
  public convenience init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy,
    course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
    speed: CLLocationSpeed, speedAccuracy sAccuracy: CLLocationSpeedAccuracy, timestamp: Date,
    sourceInfo: CLLocationSourceInformation?
  ) {
    self.init(
      coordinate: coordinate, altitude: altitude, ellipsoidalAltitude: altitude,
      horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy, course: course,
      courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: sAccuracy,
      timestamp: timestamp, sourceInfo: sourceInfo, gnss: nil)
  }

  /// Everything, including the ellipsoidal altitude and GNSS details (Linux extension).
  public init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    ellipsoidalAltitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
    verticalAccuracy: CLLocationAccuracy, course: CLLocationDirection,
    courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed,
    speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date,
    sourceInfo: CLLocationSourceInformation?, gnss: GNSSFixInfo?
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
    self.sourceInformation = sourceInfo
    self.gnss = gnss
    super.init()
  }

  /// The same location (locations are immutable).
  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// The floor of a building: never known from a GNSS receiver.
  public var floor: CLFloor? { nil }

  /// The geodesic distance in metres to another location on the WGS-84 ellipsoid (Karney's
  /// inverse solution), ignoring altitude, as Apple's method does.
  public func distance(from location: CLLocation) -> CLLocationDistance {
    Geodesic.wgs84.inverse(
      latitude1: coordinate.latitude, longitude1: coordinate.longitude,
      latitude2: location.coordinate.latitude, longitude2: location.coordinate.longitude
    ).distance
  }

  /// Apple's format: `<+37.33233141,-122.03121860> +/- 5.00m (speed 0.00 mps / course -1.00) @
  /// 1/2/24, 10:41:41 AM Coordinated Universal Time` (dates in UTC).
  open override var description: String {
    let position = String(
      format: "<%+.8f,%+.8f> +/- %.2fm", coordinate.latitude, coordinate.longitude,
      horizontalAccuracy)
    let motion = String(format: "(speed %.2f mps / course %.2f)", speed, course)
    return "\(position) \(motion) @ \(Self.describe(timestamp))"
  }

  static func describe(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "M/d/yy, h:mm:ss a"
    return formatter.string(from: date) + " Coordinated Universal Time"
  }
}

/// A building floor (Core Location's `CLFloor`); a serial receiver never reports one.
public final class CLFloor: NSObject, @unchecked Sendable {
  /// The floor, 0 at ground level.
  public let level: Int

  /// Makes a floor.
  public init(level: Int) { self.level = level }
}
