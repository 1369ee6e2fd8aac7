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

// Nearest-K for one query without an index: what `locate distance` asks, once. Building a
// NearestIndex over 500,000 points costs 22 MB (its k-d tree's slots and boxes) to answer a
// single query; a scan over the points themselves answers it exactly with no memory beyond the
// results, using the same chord lower bound (ChordBound.swift) to skip most geodesics.

extension NearestIndex {
  /// The `count` nearest of `points` to `query` (all when `count` is nil), optionally only
  /// those within `maximumDistance` metres (inclusive), nearest first, ties broken by index:
  /// exactly what `NearestIndex(points: points).nearest(to:count:within:)` returns, for a
  /// single query, without building the index (no memory but the results).
  ///
  /// Two passes over the points: the `count` smallest chords first, whose geodesics bound the
  /// answer, then every other point whose chord could still beat that bound. So a few geodesics
  /// more than `count` are computed, whatever the order of the points.
  public static func nearest(
    among points: [GeoPoint], to query: GeoPoint, count: Int?,
    within maximumDistance: Double? = nil
  ) -> [Neighbor] {
    let limit = count ?? Int.max
    let within = maximumDistance ?? .infinity
    guard limit > 0, within >= 0, !points.isEmpty,
      let (qx, qy, qz) = ChordBound.position(query)
    else { return [] }
    let geodesic = Geodesic.wgs84
    var search = NearestSearch(limit: limit, within: within)
    func chordSquared(_ point: GeoPoint) -> Double? {
      guard let (x, y, z) = ChordBound.position(point) else { return nil }
      let (dx, dy, dz) = (x - qx, y - qy, z - qz)
      return dx * dx + dy * dy + dz * dz
    }
    func offer(_ index: Int) {
      let line = geodesic.inverse(from: query, to: points[index])
      search.offer(Neighbor(index: index, distance: line.distance, azimuth: line.initialAzimuth))
    }
    // Pass 1 (a limited count): the points of the smallest chords, offered first.
    var offered: [UInt64] = []
    if limit < points.count {
      var smallest = ChordHeap(limit: limit)
      let withinLimit = search.chordLimit
      for index in points.indices {
        guard let chord = chordSquared(points[index]), chord <= withinLimit else { continue }
        smallest.offer(chord, index)
      }
      offered = [UInt64](repeating: 0, count: (points.count + 63) / 64)
      for index in smallest.indices {
        offered[index >> 6] |= 1 << UInt64(index & 63)
        offer(index)
      }
    }
    // Pass 2: every other point whose chord could still qualify.
    for index in points.indices {
      if !offered.isEmpty, offered[index >> 6] & (1 << UInt64(index & 63)) != 0 { continue }
      guard let chord = chordSquared(points[index]), chord <= search.chordLimit else { continue }
      offer(index)
    }
    return search.sorted()
  }
}

/// The `limit` smallest squared chords seen (a max-heap), with their points' indices.
private struct ChordHeap {
  let limit: Int
  private var heap: [(chord: Double, index: Int)] = []

  init(limit: Int) { self.limit = limit }

  /// The indices kept.
  var indices: [Int] { heap.map(\.index) }

  mutating func offer(_ chord: Double, _ index: Int) {
    if heap.count < limit {
      heap.append((chord, index))
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard heap[child].chord > heap[parent].chord else { break }
        heap.swapAt(child, parent)
        child = parent
      }
      return
    }
    guard chord < heap[0].chord else { return }
    heap[0] = (chord, index)
    var parent = 0
    while true {
      let left = 2 * parent + 1
      var largest = parent
      if left < heap.count, heap[left].chord > heap[largest].chord { largest = left }
      if left + 1 < heap.count, heap[left + 1].chord > heap[largest].chord { largest = left + 1 }
      if largest == parent { return }
      heap.swapAt(parent, largest)
      parent = largest
    }
  }
}
