// The nearest point without an index: a linear scan that measures only the few points that
// could win. For a lookup or two among many points, where building a NearestIndex (its k-d
// tree) would cost more than the lookups themselves.
import Glibc

/// One nearest-point lookup over a list, exact by geodesic distance, without an index.
public enum NearestScan {
  /// The nearest of `points` to `query` on the WGS-84 ellipsoid: the same answer as measuring
  /// the geodesic to every point (ties: the lower index), and as ``NearestIndex``'s. Points
  /// that are not valid are never returned; nil for an invalid query or no valid point.
  ///
  /// A flat-earth pass (no trigonometry) picks a close point; its geodesic distance d bounds
  /// the answer's. A geodesic between latitudes φ₁ and φ₂ is never shorter than the meridian
  /// arc between them, which is at least a(1 − e²)·|φ₁ − φ₂| (the least radius of curvature of
  /// a meridian): only points within that band of latitude, and whose chord (a lower bound too,
  /// see ChordBound.swift) is at most d, are measured exactly.
  public static func nearest(to query: GeoPoint, among points: [GeoPoint]) -> Neighbor? {
    guard let (qx, qy, qz) = ChordBound.position(query) else { return nil }
    let shrink = cos(query.latitude * .pi / 180)
    var closest = -1
    var flat = Double.infinity
    points.withUnsafeBufferPointer { points in
      for i in points.indices {
        let p = points[i]
        guard p.latitude.isFinite, p.longitude.isFinite, abs(p.latitude) <= 90 else { continue }
        let north = p.latitude - query.latitude
        var east = abs(p.longitude - query.longitude).truncatingRemainder(dividingBy: 360)
        if east > 180 { east = 360 - east }
        east *= shrink
        let d = north * north + east * east
        if d < flat {
          flat = d
          closest = i
        }
      }
    }
    guard closest >= 0 else { return nil }
    let geodesic = Geodesic.wgs84
    let bound = geodesic.inverse(from: query, to: points[closest]).distance
    let chordLimit = ChordBound.squaredChordLimit(forDistance: bound)
    let band =
      (bound + ChordBound.margin) / (1 - ChordBound.relative) / leastMeridianRadius
      * 180 / .pi
    var best: Neighbor?
    for (i, p) in points.enumerated() where abs(p.latitude - query.latitude) <= band {
      guard let (x, y, z) = ChordBound.position(p) else { continue }
      let (dx, dy, dz) = (x - qx, y - qy, z - qz)
      guard dx * dx + dy * dy + dz * dz <= chordLimit else { continue }
      let line = geodesic.inverse(from: query, to: p)
      if let current = best,
        !NearestSearch.after(current, Neighbor(index: i, distance: line.distance, azimuth: 0))
      {
        continue
      }
      best = Neighbor(index: i, distance: line.distance, azimuth: line.initialAzimuth)
    }
    return best
  }

  /// The least radius of curvature of a meridian (at the equator): a(1 − e²), metres.
  static let leastMeridianRadius =
    wgs84EquatorialRadius * (1 - wgs84Flattening * (2 - wgs84Flattening))
}
