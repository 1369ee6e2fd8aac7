// CONTRACT — data types shared with the CLI's formatters. The service work owns this file.
import Foundation

/// Degrees, as in Core Location.
public typealias CLLocationDegrees = Double
/// Metres, as in Core Location.
public typealias CLLocationDistance = Double
/// Metres of accuracy; negative means invalid.
public typealias CLLocationAccuracy = Double
/// Metres per second; negative means invalid.
public typealias CLLocationSpeed = Double
/// Metres per second of speed accuracy; negative means invalid.
public typealias CLLocationSpeedAccuracy = Double
/// Degrees true; negative means invalid.
public typealias CLLocationDirection = Double
/// Degrees of course accuracy; negative means invalid.
public typealias CLLocationDirectionAccuracy = Double

/// A latitude and longitude in degrees (WGS-84).
public struct CLLocationCoordinate2D: Sendable, Hashable {
  /// Degrees north (negative south).
  public var latitude: CLLocationDegrees
  /// Degrees east (negative west).
  public var longitude: CLLocationDegrees

  /// (0, 0).
  public init() {
    latitude = 0
    longitude = 0
  }

  /// Makes a coordinate.
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// Core Location's invalid coordinate sentinel (−180, −180).
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Whether a coordinate is within ±90° latitude and ±180° longitude.
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
  abs(coordinate.latitude) <= 90 && abs(coordinate.longitude) <= 180
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Makes a coordinate (Core Location's C-style constructor).
public func CLLocationCoordinate2DMake(
  _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
  CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// The GNSS fix mode, as gpsd's TPV `mode`.
public enum GNSSFixMode: Int, Sendable, Hashable {
  /// Nothing seen yet.
  case unknown = 0
  /// No fix.
  case noFix = 1
  /// Two-dimensional fix (no altitude).
  case fix2D = 2
  /// Three-dimensional fix.
  case fix3D = 3
}

/// How the fix was made, as gpsd's TPV `status`.
public enum GNSSFixStatus: Int, Sendable, Hashable {
  /// Unknown.
  case unknown = 0
  /// Plain GNSS.
  case gps = 1
  /// Differential GNSS.
  case dgps = 2
  /// RTK fixed.
  case rtkFixed = 3
  /// RTK float.
  case rtkFloat = 4
  /// Dead reckoning only.
  case deadReckoning = 5
  /// GNSS plus dead reckoning.
  case gnssDeadReckoning = 6
  /// Time only / surveyed.
  case timeOnly = 7
  /// Simulated.
  case simulated = 8
  /// PPS.
  case pps = 9
}

/// A GNSS constellation, as gpsd's `gnssid`.
public enum GNSSSystem: Int, Sendable, Hashable {
  /// GPS.
  case gps = 0
  /// SBAS.
  case sbas = 1
  /// Galileo.
  case galileo = 2
  /// BeiDou.
  case beidou = 3
  /// IMES.
  case imes = 4
  /// QZSS.
  case qzss = 5
  /// GLONASS.
  case glonass = 6
  /// NavIC (IRNSS).
  case navic = 7
}

/// One satellite of the sky view (gpsd's SKY `satellites` entry).
public struct GNSSSatellite: Sendable, Hashable {
  /// The constellation.
  public var system: GNSSSystem
  /// The ID within its constellation (gpsd's `svid`).
  public var svid: Int
  /// The NMEA/gpsd PRN (gpsd's `PRN`).
  public var prn: Int
  /// Elevation in degrees, if known.
  public var elevation: Double?
  /// Azimuth in degrees true, if known.
  public var azimuth: Double?
  /// Signal strength in dB-Hz, if tracked.
  public var snr: Double?
  /// Whether the receiver used it in the solution.
  public var used: Bool
  /// NMEA 4.10 signal ID, if sent.
  public var signalID: Int?

  /// Makes a satellite record.
  public init(
    system: GNSSSystem, svid: Int, prn: Int, elevation: Double? = nil, azimuth: Double? = nil,
    snr: Double? = nil, used: Bool = false, signalID: Int? = nil
  ) {
    self.system = system
    self.svid = svid
    self.prn = prn
    self.elevation = elevation
    self.azimuth = azimuth
    self.snr = snr
    self.used = used
    self.signalID = signalID
  }
}

/// The satellites in view at an epoch, with the DOPs (gpsd's SKY).
public struct GNSSSkyView: Sendable, Hashable {
  /// UTC time of the epoch, if known.
  public var time: Date?
  /// Satellites in view, across all constellations.
  public var satellites: [GNSSSatellite]
  /// Horizontal, vertical and position dilution of precision, if sent.
  public var hdop: Double?
  /// Vertical DOP.
  public var vdop: Double?
  /// Position DOP.
  public var pdop: Double?

  /// Satellites used in the solution.
  public var usedCount: Int { satellites.filter(\.used).count }

  /// Makes a sky view.
  public init(
    time: Date? = nil, satellites: [GNSSSatellite] = [], hdop: Double? = nil,
    vdop: Double? = nil, pdop: Double? = nil
  ) {
    self.time = time
    self.satellites = satellites
    self.hdop = hdop
    self.vdop = vdop
    self.pdop = pdop
  }
}

/// What a GNSS receiver says about a fix beyond Core Location's fields (Linux extension).
public struct GNSSFixInfo: Sendable, Hashable {
  /// No fix, 2D or 3D.
  public var mode: GNSSFixMode
  /// GPS, DGPS, RTK, dead reckoning, simulated…
  public var status: GNSSFixStatus
  /// Satellites used in the solution, if known.
  public var satellitesUsed: Int?
  /// Satellites in view, if known.
  public var satellitesInView: Int?
  /// Horizontal DOP.
  public var hdop: Double?
  /// Vertical DOP.
  public var vdop: Double?
  /// Position DOP.
  public var pdop: Double?
  /// Geoid separation (ellipsoid − geoid), metres.
  public var geoidSeparation: Double?
  /// Climb rate, m/s, if derivable.
  public var climb: Double?
  /// Magnetic variation, degrees (east positive), if sent.
  public var magneticVariation: Double?
  /// Latitude (north) 1-sigma error, metres (gpsd `epy`).
  public var latitudeError: Double?
  /// Longitude (east) 1-sigma error, metres (gpsd `epx`).
  public var longitudeError: Double?
  /// Age of differential corrections, seconds.
  public var dgpsAge: Double?
  /// Differential station ID.
  public var dgpsStation: Int?
  /// The device or source it came from (`/dev/ttyUSB0`, a file name, `tcp://…`).
  public var device: String?
  /// Whether the fix came from a replay rather than a live receiver.
  public var isReplay: Bool

  /// Makes fix information.
  public init(
    mode: GNSSFixMode, status: GNSSFixStatus, satellitesUsed: Int? = nil,
    satellitesInView: Int? = nil, hdop: Double? = nil, vdop: Double? = nil, pdop: Double? = nil,
    geoidSeparation: Double? = nil, climb: Double? = nil, magneticVariation: Double? = nil,
    latitudeError: Double? = nil, longitudeError: Double? = nil, dgpsAge: Double? = nil,
    dgpsStation: Int? = nil, device: String? = nil, isReplay: Bool = false
  ) {
    self.mode = mode
    self.status = status
    self.satellitesUsed = satellitesUsed
    self.satellitesInView = satellitesInView
    self.hdop = hdop
    self.vdop = vdop
    self.pdop = pdop
    self.geoidSeparation = geoidSeparation
    self.climb = climb
    self.magneticVariation = magneticVariation
    self.latitudeError = latitudeError
    self.longitudeError = longitudeError
    self.dgpsAge = dgpsAge
    self.dgpsStation = dgpsStation
    self.device = device
    self.isReplay = isReplay
  }
}

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
  /// Altitude above mean sea level, metres (valid when `verticalAccuracy` > 0).
  public let altitude: CLLocationDistance
  /// Altitude above the WGS-84 ellipsoid, metres.
  public let ellipsoidalAltitude: CLLocationDistance
  /// Horizontal accuracy radius, metres; negative when invalid.
  public let horizontalAccuracy: CLLocationAccuracy
  /// Vertical accuracy, metres; negative when the altitude is invalid.
  public let verticalAccuracy: CLLocationAccuracy
  /// Speed over ground, m/s; negative when invalid.
  public let speed: CLLocationSpeed
  /// Speed accuracy, m/s; negative when invalid.
  public let speedAccuracy: CLLocationSpeedAccuracy
  /// Course over ground, degrees true; negative when invalid.
  public let course: CLLocationDirection
  /// Course accuracy, degrees; negative when invalid.
  public let courseAccuracy: CLLocationDirectionAccuracy
  /// When the fix was made (the receiver's UTC time).
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
}
