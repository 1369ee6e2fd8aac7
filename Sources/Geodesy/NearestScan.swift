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
