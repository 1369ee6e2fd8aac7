// The cheap lower bound that lets NearestIndex skip most geodesics, and why it is safe.
//
// Claim: for points P, Q on the ellipsoid, the geodesic distance s(P, Q) ≥ |P − Q|, the length
// of the straight chord between their positions in space. The geodesic is a curve from P to Q
// (on the surface), and no curve between two points is shorter than the segment joining them.
// This holds on the ellipsoid itself, so no spherical approximation enters.
//
// In floating point, three errors separate the computed quantities from the true ones:
// 1. The positions (ECEF, metres): each coordinate is a few roundings of products of terms
//    ≤ 6.4e6 m with sines and cosines accurate to about 1e-16, so errs by well under 1e-8 m;
//    a computed chord errs by under 1e-7 m plus a relative 1e-15.
// 2. The box distance of a k-d tree node: min/max of the same computed coordinates and a few
//    more roundings: the same order.
// 3. The computed geodesic: Karney's algorithm is accurate to about 15 nm on WGS-84; ours
//    agrees with GeographicLib to 6e-11 m on 1,000,000 test pairs (docs/bench/geodesy.md).
// A candidate is therefore skipped only when its chord c satisfies
//     c · (1 − 1e-12) − 0.001 m > D,
// where D is the distance it would have to beat. The margin (1 mm plus 1e-12 relative) is
// more than 10,000 times the sum of the three errors, so a skipped point's computed geodesic
// distance is certainly greater than D, and the results equal brute force's exactly.
import Glibc

/// The chord lower bound and the positions it is measured between.
enum ChordBound {
  /// The absolute part of the safety margin, metres.
  static let margin = 0.001
  /// The relative part of the safety margin.
  static let relative = 1e-12

  /// The squared chord length beyond which a point's geodesic distance exceeds `distance`
  /// (infinity when `distance` is infinite).
  @inline(__always) static func squaredChordLimit(forDistance distance: Double) -> Double {
    let c = (distance + margin) / (1 - relative)
    return c * c
  }

  /// The position in space (ECEF, metres) of a point on the WGS-84 ellipsoid, or nil when the
  /// point is not valid (a coordinate not finite, or latitude beyond ±90°).
  static func position(_ p: GeoPoint) -> (Double, Double, Double)? {
    guard p.latitude.isFinite, p.longitude.isFinite, abs(p.latitude) <= 90 else { return nil }
    let a = wgs84EquatorialRadius
    let f = wgs84Flattening
    let e2 = f * (2 - f)
    let (sphi, cphi) = AngleMath.sincos(degrees: p.latitude)
    let (slam, clam) = AngleMath.sincos(degrees: p.longitude)
    let n = a / (1 - e2 * sphi * sphi).squareRoot()  // prime vertical radius of curvature
    return (n * cphi * clam, n * cphi * slam, n * (1 - e2) * sphi)
  }
}
