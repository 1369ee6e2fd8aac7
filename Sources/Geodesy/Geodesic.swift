// Geodesics on an ellipsoid of revolution after C. F. F. Karney, "Algorithms for geodesics",
// J. Geodesy 87, 43–55 (2013), and its addenda: the public face. The solvers are in
// GeodesicInverse.swift, GeodesicInverseStart.swift and GeodesicDirect.swift.

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
  /// Longitude of the end point, degrees, in [−180, 180] (as GeographicLib: −180 only when the
  /// reduction of a negative longitude lands exactly there).
  public var longitude: Double
  /// Forward azimuth at the end point, degrees, in (−180, 180].
  public var finalAzimuth: Double

  /// Makes a result.
  public init(latitude: Double, longitude: Double, finalAzimuth: Double) {
    self.latitude = latitude
    self.longitude = longitude
    self.finalAzimuth = finalAzimuth
  }

  /// The end point.
  public var point: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }
}

/// Geodesics on an ellipsoid of revolution (Karney, "Algorithms for geodesics", 2013).
///
/// Accurate to about 15 nanometres on WGS-84 for any pair of points, including coincident,
/// antipodal and nearly antipodal points, the poles, meridians and the equator. Latitudes
/// beyond ±90° give NaN results; longitudes may be any finite value.
public struct Geodesic: Sendable {
  /// Equatorial radius in metres.
  public let equatorialRadius: Double
  /// Flattening.
  public let flattening: Double

  /// 1 − f.
  let f1: Double
  /// Second eccentricity squared, e′² = e²/(1 − e²).
  let ep2: Double
  /// Third flattening, n = f/(2 − f).
  let n: Double
  /// Polar semi-axis, b = a(1 − f).
  let b: Double
  /// Below this σ₁₂ the short-line start is used as the solution (Karney 2013, eq. 57 and the
  /// text after it).
  let etol2: Double
  /// The longitude series A₃, C₃ₗ for this ellipsoid.
  let longitudeSeries: LongitudeSeries

  /// The WGS-84 ellipsoid.
  public static let wgs84 = Geodesic(
    equatorialRadius: wgs84EquatorialRadius, flattening: wgs84Flattening)

  /// Makes a geodesic calculator for an ellipsoid. The series are accurate for |f| ≲ 0.01.
  public init(equatorialRadius: Double, flattening: Double) {
    self.equatorialRadius = equatorialRadius
    self.flattening = flattening
    let f = flattening
    f1 = 1 - f
    let e2 = f * (2 - f)
    ep2 = e2 / (f1 * f1)
    n = f / (2 - f)
    b = equatorialRadius * f1
    let tol2 = AngleMath.tol0.squareRoot()
    etol2 = 0.1 * tol2 / (max(0.001, abs(f)) * min(1, 1 - f / 2) / 2).squareRoot()
    longitudeSeries = LongitudeSeries(n: n)
  }

  /// Solves the inverse problem between two points given in degrees.
  public func inverse(
    latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
  ) -> GeodesicInverse {
    let r = solveInverse(latitude1, longitude1, latitude2, longitude2)
    return GeodesicInverse(
      distance: r.s12, initialAzimuth: Self.azimuth(r.salp1, r.calp1),
      finalAzimuth: Self.azimuth(r.salp2, r.calp2))
  }

  /// Solves the inverse problem between two points.
  public func inverse(from start: GeoPoint, to end: GeoPoint) -> GeodesicInverse {
    inverse(
      latitude1: start.latitude, longitude1: start.longitude, latitude2: end.latitude,
      longitude2: end.longitude)
  }

  /// The geodesic distance in metres between two points.
  public func distance(from start: GeoPoint, to end: GeoPoint) -> Double {
    solveInverse(start.latitude, start.longitude, end.latitude, end.longitude).s12
  }

  /// Solves the direct problem: start point and azimuth in degrees, distance in metres
  /// (negative distances go backwards).
  public func direct(
    latitude: Double, longitude: Double, azimuth: Double, distance: Double
  ) -> GeodesicDirect {
    let r = solveDirect(latitude, longitude, azimuth, distance)
    return GeodesicDirect(
      latitude: r.lat2, longitude: r.lon2, finalAzimuth: Self.azimuth(r.salp2, r.calp2))
  }

  /// Solves the direct problem from a point.
  public func direct(from start: GeoPoint, azimuth: Double, distance: Double) -> GeodesicDirect {
    direct(
      latitude: start.latitude, longitude: start.longitude, azimuth: azimuth, distance: distance)
  }

  /// An azimuth in (−180, 180] from its sine and cosine (GeographicLib's atan2d, with −180
  /// written as 180 and −0 as 0).
  @inline(__always) static func azimuth(_ s: Double, _ c: Double) -> Double {
    let angle = AngleMath.atan2Degrees(s, c)
    return angle == -180 ? 180 : angle + 0
  }
}
