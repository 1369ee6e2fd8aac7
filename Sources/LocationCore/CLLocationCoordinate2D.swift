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
