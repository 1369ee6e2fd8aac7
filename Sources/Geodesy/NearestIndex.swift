// Nearest-K by exact geodesic distance over large point lists: a k-d tree over the points'
// positions in space gives chord lengths, which are provable lower bounds of geodesic
// distances (ChordBound.swift); the tree is searched nearest box first, and the exact
// geodesic is computed only for points whose chord could still beat the K-th best so far.

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
///
/// Results are identical to computing `Geodesic.wgs84.inverse(from: query, to: point)` for every
/// point and sorting by (distance, index). Points that are not valid (a coordinate not finite,
/// or latitude beyond ±90°) are never returned. Building takes O(n log n); a query for a few
/// neighbours computes a few dozen geodesics instead of n.
public struct NearestIndex: Sendable {
  /// The points, in the order given.
  public let points: [GeoPoint]
  /// The tree over the valid points.
  let tree: ChordTree

  /// Builds the index.
  public init(points: [GeoPoint]) {
    self.points = points
    tree = ChordTree(points: points)
  }

  /// The `count` nearest points to `query` (all when `count` is nil), optionally only those
  /// within `maximumDistance` metres (inclusive), nearest first; ties broken by index.
  /// An invalid query, a count of 0 or less, or a negative or NaN distance give no results.
  public func nearest(to query: GeoPoint, count: Int?, within maximumDistance: Double? = nil)
    -> [Neighbor]
  {
    let limit = count ?? Int.max
    let within = maximumDistance ?? .infinity
    guard limit > 0, within >= 0, !tree.slots.isEmpty,
      let (qx, qy, qz) = ChordBound.position(query)
    else { return [] }
    var search = NearestSearch(limit: limit, within: within)
    let geodesic = Geodesic.wgs84
    tree.slots.withUnsafeBufferPointer { slots in
      tree.boxes.withUnsafeBufferPointer { boxes in
        var queue = NodeQueue()
        queue.push(NodeQueue.Entry(bound: 0, node: 0, lo: 0, hi: Int32(slots.count)))
        while let entry = queue.pop() {
          if entry.bound > search.chordLimit { break }
          let lo = Int(entry.lo)
          let hi = Int(entry.hi)
          if hi - lo > ChordTree.leafSize {
            let mid = Int32((lo + hi) / 2)
            let left = 2 * entry.node + 1
            let leftBound = boxes[Int(left)].distanceSquared(qx, qy, qz)
            if leftBound <= search.chordLimit {
              queue.push(NodeQueue.Entry(bound: leftBound, node: left, lo: entry.lo, hi: mid))
            }
            let rightBound = boxes[Int(left) + 1].distanceSquared(qx, qy, qz)
            if rightBound <= search.chordLimit {
              queue.push(NodeQueue.Entry(bound: rightBound, node: left + 1, lo: mid, hi: entry.hi))
            }
            continue
          }
          for i in lo..<hi {
            let s = slots[i]
            let dx = s.x - qx
            let dy = s.y - qy
            let dz = s.z - qz
            if dx * dx + dy * dy + dz * dz > search.chordLimit { continue }
            let index = Int(s.index)
            let point = points[index]
            let line = geodesic.inverse(from: query, to: point)
            search.offer(
              Neighbor(index: index, distance: line.distance, azimuth: line.initialAzimuth))
          }
        }
      }
    }
    return search.sorted()
  }

  /// The nearest point to `query`: the same as `nearest(to: query, count: 1).first`, in a few
  /// microseconds. The chord tree finds the point whose chord is shortest, with no geodesic;
  /// its geodesic distance d bounds the answer's, so only points whose chord is at most d
  /// (usually that one alone) are then measured exactly.
  public func nearest(to query: GeoPoint) -> Neighbor? {
    guard let (qx, qy, qz) = ChordBound.position(query),
      let closest = tree.shortestChord(qx, qy, qz)
    else { return nil }
    let bound = Geodesic.wgs84.inverse(from: query, to: points[closest]).distance
    return nearest(to: query, count: 1, within: bound).first
  }
}

/// The best results so far and the chord limit they imply.
struct NearestSearch {
  let limit: Int
  let within: Double
  /// A max-heap on (distance, index) while fewer than `limit` are kept, or all when unlimited.
  private var heap: [Neighbor] = []
  /// Candidates whose chord² exceeds this cannot qualify.
  private(set) var chordLimit: Double

  init(limit: Int, within: Double) {
    self.limit = limit
    self.within = within
    chordLimit = ChordBound.squaredChordLimit(forDistance: within)
  }

  /// Whether `a` sorts after `b`: by distance, then by index.
  @inline(__always) static func after(_ a: Neighbor, _ b: Neighbor) -> Bool {
    a.distance > b.distance || (a.distance == b.distance && a.index > b.index)
  }

  /// Considers a candidate.
  mutating func offer(_ n: Neighbor) {
    guard n.distance <= within else { return }
    if heap.count < limit {
      heap.append(n)
      var i = heap.count - 1
      while i > 0 {
        let parent = (i - 1) / 2
        guard Self.after(heap[i], heap[parent]) else { break }
        heap.swapAt(i, parent)
        i = parent
      }
    } else {
      guard Self.after(heap[0], n) else { return }
      heap[0] = n
      var i = 0
      while true {
        let l = 2 * i + 1
        let r = l + 1
        var largest = i
        if l < heap.count && Self.after(heap[l], heap[largest]) { largest = l }
        if r < heap.count && Self.after(heap[r], heap[largest]) { largest = r }
        if largest == i { break }
        heap.swapAt(i, largest)
        i = largest
      }
    }
    if heap.count == limit {
      chordLimit = ChordBound.squaredChordLimit(forDistance: min(within, heap[0].distance))
    }
  }

  /// The results, nearest first.
  func sorted() -> [Neighbor] {
    heap.sorted { Self.after($1, $0) }
  }
}
