// CONTRACT — Apple's enums and constants. The service work owns this file.
import Foundation

/// Whether the app may use location services (here: may we use this receiver).
public enum CLAuthorizationStatus: Int32, Sendable {
  /// Not opened yet.
  case notDetermined = 0
  /// Another program holds the receiver.
  case restricted = 1
  /// The OS refused access.
  case denied = 2
  /// Open and talking NMEA.
  case authorizedAlways = 3
  /// Open and talking NMEA (the same as `authorizedAlways` on Linux).
  case authorizedWhenInUse = 4
}

/// What kind of movement to expect (sets the pause thresholds).
public enum CLActivityType: Int, Sendable {
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

/// Core Location's errors.
public struct CLError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Apple's error codes (the ones that apply to a serial receiver, with Apple's values).
  public enum Code: Int, Sendable {
    /// No fix yet (or not before the timeout).
    case locationUnknown = 0
    /// Access denied (permissions, or the receiver is held elsewhere).
    case denied = 1
    /// Network (TCP/gpsd source) failed.
    case network = 2
    /// Heading unavailable.
    case headingFailure = 3
    /// Updates deferred failed.
    case deferredFailed = 11
    /// Location unavailable because services are disabled (no receiver).
    case promptDeclined = 18
  }

  /// The code.
  public var code: Code
  /// A one-line explanation with the remedy, when known.
  public var reason: String?

  /// Makes an error.
  public init(_ code: Code, reason: String? = nil) {
    self.code = code
    self.reason = reason
  }

  /// The reason, or the code's name.
  public var description: String { reason ?? "\(code)" }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The largest distance, Core Location's name.
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude

/// The desired-accuracy constants, with Apple's values.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// Best available.
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
/// No distance filter.
public let kCLDistanceFilterNone: CLLocationDistance = -1
