// CONTRACT STUB — the geodesy work replaces the bodies (Karney 2013), keeping these signatures.
import Foundation

/// The WGS-84 ellipsoid's equatorial radius in metres.
public let wgs84EquatorialRadius = 6_378_137.0
/// The WGS-84 ellipsoid's flattening.
public let wgs84Flattening = 1 / 298.257_223_563

/// The result of the inverse problem: distance and azimuths between two points.
public struct GeodesicInverse: Sendable, Hashable {
  /// Geodesic distance in metres.
  public var distance: Double
  /// Azimuth at the first point, degrees clockwise from north, in (−180, 180].
  public var initialAzimuth: Double
  /// Azimuth at the second point (forward direction), degrees, in (−180, 180].
  public var finalAzimuth: Double

  /// Makes a result.
  public init(distance: Double, initialAzimuth: Double, finalAzimuth: Double) {
    self.distance = distance
    self.initialAzimuth = initialAzimuth
    self.finalAzimuth = finalAzimuth
  }
}

/// The result of the direct problem: where a geodesic of given start, azimuth and length ends.
public struct GeodesicDirect: Sendable, Hashable {
  /// Latitude of the end point, degrees.
  public var latitude: Double
  /// Longitude of the end point, degrees, in [−180, 180).
  public var longitude: Double
  /// Forward azimuth at the end point, degrees.
  public var finalAzimuth: Double

  /// Makes a result.
  public init(latitude: Double, longitude: Double, finalAzimuth: Double) {
    self.latitude = latitude
    self.longitude = longitude
    self.finalAzimuth = finalAzimuth
  }
}

/// Geodesics on an ellipsoid of revolution (Karney, "Algorithms for geodesics", 2013).
public struct Geodesic: Sendable {
  /// Equatorial radius in metres.
  public let equatorialRadius: Double
  /// Flattening.
  public let flattening: Double

  /// The WGS-84 ellipsoid.
  public static let wgs84 = Geodesic(
    equatorialRadius: wgs84EquatorialRadius, flattening: wgs84Flattening)

  /// Makes a geodesic calculator for an ellipsoid.
  public init(equatorialRadius: Double, flattening: Double) {
    self.equatorialRadius = equatorialRadius
    self.flattening = flattening
  }

  /// Solves the inverse problem between two points given in degrees.
  public func inverse(
    latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
  ) -> GeodesicInverse {
    // Placeholder (spherical) until the Karney implementation lands.
    let r = Double.pi / 180
    let dlat = (latitude2 - latitude1) * r
    let dlon = (longitude2 - longitude1) * r
    let a =
      sin(dlat / 2) * sin(dlat / 2)
      + cos(latitude1 * r) * cos(latitude2 * r) * sin(dlon / 2) * sin(dlon / 2)
    let distance = 2 * 6_371_008.8 * asin(min(1, sqrt(a)))
    let y = sin(dlon) * cos(latitude2 * r)
    let x =
      cos(latitude1 * r) * sin(latitude2 * r) - sin(latitude1 * r) * cos(latitude2 * r) * cos(dlon)
    let azimuth = atan2(y, x) / r
    return GeodesicInverse(distance: distance, initialAzimuth: azimuth, finalAzimuth: azimuth)
  }

  /// Solves the direct problem: start point and azimuth in degrees, distance in metres.
  public func direct(
    latitude: Double, longitude: Double, azimuth: Double, distance: Double
  ) -> GeodesicDirect {
    let r = Double.pi / 180
    let delta = distance / 6_371_008.8
    let lat1 = latitude * r
    let az = azimuth * r
    let lat2 = asin(sin(lat1) * cos(delta) + cos(lat1) * sin(delta) * cos(az))
    let lon2 =
      longitude * r + atan2(sin(az) * sin(delta) * cos(lat1), cos(delta) - sin(lat1) * sin(lat2))
    return GeodesicDirect(latitude: lat2 / r, longitude: lon2 / r, finalAzimuth: azimuth)
  }
}
