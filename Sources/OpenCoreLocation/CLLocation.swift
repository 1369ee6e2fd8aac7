import Foundation
import Geodesy

/// Where a location came from (Core Location's `CLLocationSourceInformation`).
open class CLLocationSourceInformation: NSObject, NSSecureCoding, @unchecked Sendable {
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

  /// Archives are decoded with `requiringSecureCoding: true`.
  public class var supportsSecureCoding: Bool { true }

  /// Decodes source information archived by ``encode(with:)``.
  public required init?(coder: NSCoder) {
    isSimulatedBySoftware = coder.decodeBool(forKey: "isSimulatedBySoftware")
    isProducedByAccessory = coder.decodeBool(forKey: "isProducedByAccessory")
  }

  /// Archives both flags.
  open func encode(with coder: NSCoder) {
    coder.encode(isSimulatedBySoftware, forKey: "isSimulatedBySoftware")
    coder.encode(isProducedByAccessory, forKey: "isProducedByAccessory")
  }
}

/// A location fix, with Core Location's fields and sentinels (negative accuracy, speed, course
/// mean invalid).
///
/// As on Apple's platforms, every initializer is designated and every property can be
/// overridden, so apps' subclasses (`class TrackPoint: CLLocation`) compile unchanged; like
/// Apple's, the class adopts `NSSecureCoding` (see `CLLocation+Coding.swift`), so a subclass
/// that adds an initializer also writes `required init?(coder:)`.
open class CLLocation: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// The stored values (one struct, so that each designated initializer sets them at once).
  struct Fields: @unchecked Sendable {
    var coordinate: CLLocationCoordinate2D
    var altitude: CLLocationDistance
    var ellipsoidalAltitude: CLLocationDistance
    var horizontalAccuracy: CLLocationAccuracy
    var verticalAccuracy: CLLocationAccuracy
    var course: CLLocationDirection = -1
    var courseAccuracy: CLLocationDirectionAccuracy = -1
    var speed: CLLocationSpeed = -1
    var speedAccuracy: CLLocationSpeedAccuracy = -1
    var timestamp: Date
    var sourceInformation: CLLocationSourceInformation?
    var gnss: GNSSFixInfo?
  }

  let fields: Fields

  /// Latitude and longitude.
  open var coordinate: CLLocationCoordinate2D { fields.coordinate }
  /// Altitude above mean sea level (GGA or GNS of the fix's own epoch), metres; valid only when
  /// `verticalAccuracy` > 0 (a 3D fix with an altitude: in a 2D fix the receiver holds the
  /// altitude, it does not measure it; an epoch of RMC or GLL alone has none). 0 when invalid.
  open var altitude: CLLocationDistance { fields.altitude }
  /// Altitude above the WGS-84 ellipsoid, metres: `altitude` plus the receiver's geoid
  /// separation, or when it sends none EGM96's at the fix (`gnss.geoidSeparationFromModel`);
  /// 0 when the altitude is invalid.
  open var ellipsoidalAltitude: CLLocationDistance { fields.ellipsoidalAltitude }
  /// Horizontal accuracy, metres: gpsd's `eph`. From GST when the receiver sends it, the
  /// distance root mean square √(σlat² + σlon²); otherwise HDOP × 19 m (× 4.75 m with DGPS or
  /// RTK corrections), gpsd 3.22's UERE, with the HDOP of the epoch or of one at most 5 s
  /// earlier; −1 when unknown (RMC-only receivers send no HDOP).
  open var horizontalAccuracy: CLLocationAccuracy { fields.horizontalAccuracy }
  /// Vertical accuracy, metres, for a 3D fix: GST's altitude error when sent, else VDOP × 23 m
  /// (× 5.75 m corrected), else 1.5 × HDOP × 23 m; −1 when the altitude is invalid.
  open var verticalAccuracy: CLLocationAccuracy { fields.verticalAccuracy }
  /// Speed over ground, m/s: RMC or VTG (knots × 0.514444); for an epoch without either, the
  /// distance from the previous fix over the time between them when at most 5 s; −1 when
  /// unknown.
  open var speed: CLLocationSpeed { fields.speed }
  /// Speed accuracy, m/s; negative when invalid.
  open var speedAccuracy: CLLocationSpeedAccuracy { fields.speedAccuracy }
  /// Course over ground, degrees true; negative when invalid. It is the direction of travel,
  /// never the direction the vehicle points (that is ``CLHeading``).
  open var course: CLLocationDirection { fields.course }
  /// Course accuracy, degrees; negative when invalid.
  open var courseAccuracy: CLLocationDirectionAccuracy { fields.courseAccuracy }
  /// When the fix was made: the receiver's UTC date and time (see "Dates" in
  /// ``LocationPolicy``); a replay's may be shifted to start now
  /// (``ReplayTimestamps/startingNow``).
  open var timestamp: Date { fields.timestamp }
  /// Where it came from.
  open var sourceInformation: CLLocationSourceInformation? { fields.sourceInformation }
  /// GNSS details (Linux extension; `nil` for locations made by hand).
  open var gnss: GNSSFixInfo? { fields.gnss }

  init(fields: Fields) {
    self.fields = fields
    super.init()
  }

  /// The location of an engine's fix.
  convenience init(_ fix: Fix) {
    self.init(
      fields: Fields(
        coordinate: fix.coordinate, altitude: fix.altitude,
        ellipsoidalAltitude: fix.ellipsoidalAltitude,
        horizontalAccuracy: fix.horizontalAccuracy, verticalAccuracy: fix.verticalAccuracy,
        course: fix.course, courseAccuracy: fix.courseAccuracy, speed: fix.speed,
        speedAccuracy: fix.speedAccuracy, timestamp: fix.timestamp,
        sourceInformation: fix.source.map {
          CLLocationSourceInformation(
            softwareSimulationState: $0.isSimulatedBySoftware,
            andExternalAccessoryState: $0.isProducedByAccessory)
        }, gnss: fix.gnss))
  }

  /// The engine's fix for this location (what the engine's rules measure).
  var fix: Fix {
    Fix(
      coordinate: coordinate, altitude: altitude, ellipsoidalAltitude: ellipsoidalAltitude,
      horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy, course: course,
      courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: speedAccuracy,
      timestamp: timestamp,
      source: sourceInformation.map {
        FixSource(
          isSimulatedBySoftware: $0.isSimulatedBySoftware,
          isProducedByAccessory: $0.isProducedByAccessory)
      }, gnss: gnss)
  }

  /// A location at 0°, 0°, as `CLLocation(latitude: 0, longitude: 0)`: altitude 0, horizontal
  /// accuracy 0, vertical accuracy, speed and course −1, timestamped now (Apple's `init()`,
  /// inherited there from `NSObject`; designated here, so subclasses override it).
  public override init() {
    fields = Fields(
      coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 0), altitude: 0,
      ellipsoidalAltitude: 0, horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date())
    super.init()
  }

  /// A location at a coordinate, with unknown altitude and accuracy, timestamped now.
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    fields = Fields(
      coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
      ellipsoidalAltitude: 0, horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date())
    super.init()
  }

  /// A location with altitude and accuracies.
  public init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy,
    timestamp: Date
  ) {
    fields = Fields(
      coordinate: coordinate, altitude: altitude, ellipsoidalAltitude: altitude,
      horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy, timestamp: timestamp)
    super.init()
  }

  /// A location with course and speed.
  public init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy,
    course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
  ) {
    fields = Fields(
      coordinate: coordinate, altitude: altitude, ellipsoidalAltitude: altitude,
      horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy, course: course, speed: speed,
      timestamp: timestamp)
    super.init()
  }

  /// A location with course, speed and their accuracies.
  public init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy,
    course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
    speed: CLLocationSpeed, speedAccuracy sAccuracy: CLLocationSpeedAccuracy, timestamp: Date
  ) {
    fields = Fields(
      coordinate: coordinate, altitude: altitude, ellipsoidalAltitude: altitude,
      horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy, course: course,
      courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: sAccuracy,
      timestamp: timestamp)
    super.init()
  }

  /// Everything, with source information.
  public init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
    horizontalAccuracy hAccuracy: CLLocationAccuracy,
    verticalAccuracy vAccuracy: CLLocationAccuracy,
    course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
    speed: CLLocationSpeed, speedAccuracy sAccuracy: CLLocationSpeedAccuracy, timestamp: Date,
    sourceInfo: CLLocationSourceInformation?
  ) {
    fields = Fields(
      coordinate: coordinate, altitude: altitude, ellipsoidalAltitude: altitude,
      horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy, course: course,
      courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: sAccuracy,
      timestamp: timestamp, sourceInformation: sourceInfo)
    super.init()
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
    fields = Fields(
      coordinate: coordinate, altitude: altitude, ellipsoidalAltitude: ellipsoidalAltitude,
      horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy, course: course,
      courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: speedAccuracy,
      timestamp: timestamp, sourceInformation: sourceInfo, gnss: gnss)
    super.init()
  }

  /// Decodes a location archived by ``encode(with:)`` (`NSSecureCoding`); nil when the archive
  /// lacks the coordinate or the timestamp.
  public required init?(coder: NSCoder) {
    guard let fields = Fields(coder: coder) else { return nil }
    self.fields = fields
    super.init()
  }

  /// Archives what ``init(coder:)`` reads: every Core Location field and the source
  /// information (the ``gnss`` details are not archived).
  open func encode(with coder: NSCoder) { fields.encode(with: coder) }

  /// Archives are decoded with `requiringSecureCoding: true`.
  public class var supportsSecureCoding: Bool { true }

  /// The same location (locations are immutable).
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// The floor of a building: never known from a GNSS receiver.
  open var floor: CLFloor? { nil }

  /// The geodesic distance in metres to another location on the WGS-84 ellipsoid (Karney's
  /// inverse solution), ignoring altitude, as Apple's method does.
  open func distance(from location: CLLocation) -> CLLocationDistance {
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
open class CLFloor: NSObject, @unchecked Sendable {
  /// The floor, 0 at ground level.
  public let level: Int

  /// Makes a floor.
  public init(level: Int) { self.level = level }
}
