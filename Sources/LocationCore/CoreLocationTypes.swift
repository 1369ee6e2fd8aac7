import FoundationEssentials

/// Whether the app may use location services; here, whether we may use this receiver (the
/// facade's `CLAuthorizationStatus`).
///
/// How a receiver's state maps to a status (see ``LocationPolicy``):
/// - `notDetermined`: not opened yet, or open but no NMEA sentence seen yet.
/// - `authorizedAlways` / `authorizedWhenInUse`: open and talking NMEA.
/// - `denied`: the OS refused access (EACCES/EPERM; the error names the group to join), or no
///   receiver exists at all (then `CLLocationManager.locationServicesEnabled()` is false, as
///   Apple reports services disabled globally).
/// - `restricted`: another program holds the receiver (gpsd, ModemManager, another locate).
public enum Authorization: Int32, Sendable, Hashable {
  /// Not opened yet, or no NMEA seen yet.
  case notDetermined = 0
  /// Another program holds the receiver.
  case restricted = 1
  /// The OS refused access, or no receiver exists.
  case denied = 2
  /// Open and talking NMEA.
  case authorizedAlways = 3
  /// Open and talking NMEA, after `CLLocationManager.requestWhenInUseAuthorization()`.
  case authorizedWhenInUse = 4
}

/// What kind of movement to expect; sets the automatic-pause thresholds (see
/// ``PauseThresholds``; the facade's `CLActivityType`).
public enum ActivityType: Int, Sendable, Hashable {
  /// Unknown.
  case other = 1
  /// Driving.
  case automotiveNavigation = 2
  /// Walking, running, cycling.
  case fitness = 3
  /// Boats, trains and other non-road vehicles.
  case otherNavigation = 4
  /// Flying.
  case airborne = 5
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The largest distance, Core Location's name.
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The largest time interval, Core Location's name.
public let CLTimeIntervalMax: TimeInterval = .greatestFiniteMagnitude

/// The desired-accuracy constants, with Apple's values: the best the receiver gives, meant for
/// navigation (−2).
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// Best available (−1): any valid fix is accurate enough.
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// Ten metres.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// A hundred metres.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// A kilometre.
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
/// Three kilometres.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
/// Reduced accuracy (Apple's value).
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000
/// No distance filter (−1): every fix is delivered.
public let kCLDistanceFilterNone: CLLocationDistance = -1
/// No heading filter (−1).
public let kCLHeadingFilterNone: CLLocationDegrees = -1
/// Core Location's error domain, as `NSError` sees a ``EngineError``.
public let kCLErrorDomain = "kCLErrorDomain"
