// CONTRACT STUB — the geodesy work makes this fast (prune with a cheap bound, exact geodesic
// for the survivors), keeping these signatures and brute force's exact results.

/// One result of a nearest-K query.
public struct Neighbor: Sendable, Hashable {
  /// Index of the point in the list the index was built from.
  public var index: Int
  /// Geodesic distance from the query, metres.
  public var distance: Double
  /// Initial azimuth from the query to the point, degrees in (−180, 180].
  public var azimuth: Double

  /// Makes a result.
  public init(index: Int, distance: Double, azimuth: Double) {
    self.index = index
    self.distance = distance
    self.azimuth = azimuth
  }
}

/// Nearest-K queries over a fixed list of points, exact by geodesic distance.
public struct NearestIndex: Sendable {
  /// The points, in the order given.
  public let points: [GeoPoint]

  /// Builds the index.
  public init(points: [GeoPoint]) { self.points = points }

  /// The `count` nearest points to `query` (all when `count` is nil), optionally only those
  /// within `maximumDistance` metres, nearest first; ties broken by index.
  public func nearest(to query: GeoPoint, count: Int?, within maximumDistance: Double? = nil)
    -> [Neighbor]
  {
    var all = points.indices.map { index in
      let line = Geodesic.wgs84.inverse(
        latitude1: query.latitude, longitude1: query.longitude,
        latitude2: points[index].latitude, longitude2: points[index].longitude)
      return Neighbor(index: index, distance: line.distance, azimuth: line.initialAzimuth)
    }
    if let maximumDistance { all.removeAll { $0.distance > maximumDistance } }
    all.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
    return count.map { Array(all.prefix($0)) } ?? all
  }
}
