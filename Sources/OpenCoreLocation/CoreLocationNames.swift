import LocationEngine

/// Whether the app may use location services: the engine's ``Authorization`` under Core
/// Location's name.
public typealias CLAuthorizationStatus = Authorization

/// What kind of movement to expect: the engine's ``ActivityType`` under Core Location's name.
public typealias CLActivityType = ActivityType

/// Whether full accuracy is available: always full on a serial receiver.
public enum CLAccuracyAuthorization: Int, Sendable, Hashable {
  /// Full accuracy.
  case fullAccuracy = 0
  /// Reduced accuracy (never reported here).
  case reducedAccuracy = 1
}
