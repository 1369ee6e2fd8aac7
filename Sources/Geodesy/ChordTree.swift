// A k-d tree over the points' positions in space (ECEF, on the WGS-84 ellipsoid). The straight
// chord between two points on the ellipsoid is never longer than the geodesic between them, so
// distances in this tree are lower bounds of geodesic distances: see ChordBound.

/// A point's position in space with its index in the caller's list.
struct ChordSlot {
  var x, y, z: Double
  var index: Int32
}

/// An axis-aligned box around the positions under one node.
struct ChordBox {
  var minX, minY, minZ, maxX, maxY, maxZ: Double

  /// The square of the shortest distance from `(x, y, z)` to the box (0 inside it).
  @inline(__always) func distanceSquared(_ x: Double, _ y: Double, _ z: Double) -> Double {
    let dx = max(minX - x, 0, x - maxX)
    let dy = max(minY - y, 0, y - maxY)
    let dz = max(minZ - z, 0, z - maxZ)
    return dx * dx + dy * dy + dz * dz
  }
}

/// A balanced k-d tree, stored implicitly: node `i` covers slots `lo..<hi`, its children
/// `2i + 1` and `2i + 2` cover the halves split at `(lo + hi) / 2`, and nodes of at most
/// `leafSize` slots are leaves.
struct ChordTree: Sendable {
  /// Positions, in tree order.
  let slots: [ChordSlot]
  /// Each node's bounding box.
  let boxes: [ChordBox]
  /// Largest leaf.
  static let leafSize = 8

  /// Builds the tree over the points that are valid (finite, latitude within ±90°).
  init(points: [GeoPoint]) {
    var slots: [ChordSlot] = []
    slots.reserveCapacity(points.count)
    for (i, p) in points.enumerated() {
      guard let (x, y, z) = ChordBound.position(p) else { continue }
      slots.append(ChordSlot(x: x, y: y, z: z, index: Int32(truncatingIfNeeded: i)))
    }
    var depth = 0
    var size = slots.count
    while size > Self.leafSize {
      size = (size + 1) / 2
      depth += 1
    }
    let empty = ChordBox(minX: 0, minY: 0, minZ: 0, maxX: 0, maxY: 0, maxZ: 0)
    var boxes = [ChordBox](repeating: empty, count: slots.isEmpty ? 0 : (2 << depth) - 1)
    if !slots.isEmpty {
      slots.withUnsafeMutableBufferPointer { s in
        boxes.withUnsafeMutableBufferPointer { b in
          Self.build(node: 0, lo: 0, hi: s.count, slots: s, boxes: b)
        }
      }
    }
    self.slots = slots
    self.boxes = boxes
  }

  /// Sets the node's box, splits its slots at the median of the widest axis, and recurses.
  private static func build(
    node: Int, lo: Int, hi: Int, slots: UnsafeMutableBufferPointer<ChordSlot>,
    boxes: UnsafeMutableBufferPointer<ChordBox>
  ) {
    var box = ChordBox(
      minX: .infinity, minY: .infinity, minZ: .infinity, maxX: -.infinity, maxY: -.infinity,
      maxZ: -.infinity)
    for i in lo..<hi {
      let s = slots[i]
      box.minX = min(box.minX, s.x)
      box.minY = min(box.minY, s.y)
      box.minZ = min(box.minZ, s.z)
      box.maxX = max(box.maxX, s.x)
      box.maxY = max(box.maxY, s.y)
      box.maxZ = max(box.maxZ, s.z)
    }
    boxes[node] = box
    guard hi - lo > leafSize else { return }
    let ex = box.maxX - box.minX
    let ey = box.maxY - box.minY
    let ez = box.maxZ - box.minZ
    let axis = ex >= ey && ex >= ez ? 0 : (ey >= ez ? 1 : 2)
    let mid = (lo + hi) / 2
    select(mid, lo: lo, hi: hi, axis: axis, slots: slots)
    build(node: 2 * node + 1, lo: lo, hi: mid, slots: slots, boxes: boxes)
    build(node: 2 * node + 2, lo: mid, hi: hi, slots: slots, boxes: boxes)
  }

  /// The index (in the caller's list) of the point whose chord from `(x, y, z)` is shortest
  /// (ties: whichever the search meets first); nil for an empty tree. Depth first, the nearer
  /// child first, skipping boxes farther than the best so far.
  func shortestChord(_ x: Double, _ y: Double, _ z: Double) -> Int? {
    guard !slots.isEmpty else { return nil }
    var best = Double.infinity
    var bestIndex: Int32 = -1
    slots.withUnsafeBufferPointer { slots in
      boxes.withUnsafeBufferPointer { boxes in
        var stack: [(node: Int32, lo: Int32, hi: Int32, bound: Double)] = []
        stack.reserveCapacity(64)
        stack.append((0, 0, Int32(slots.count), 0))
        while let entry = stack.popLast() {
          if entry.bound >= best { continue }
          let lo = Int(entry.lo)
          let hi = Int(entry.hi)
          if hi - lo > Self.leafSize {
            let mid = Int32((lo + hi) / 2)
            let left = 2 * entry.node + 1
            let leftBound = boxes[Int(left)].distanceSquared(x, y, z)
            let rightBound = boxes[Int(left) + 1].distanceSquared(x, y, z)
            // The nearer child is pushed last, so it is searched first.
            if leftBound <= rightBound {
              stack.append((left + 1, mid, entry.hi, rightBound))
              stack.append((left, entry.lo, mid, leftBound))
            } else {
              stack.append((left, entry.lo, mid, leftBound))
              stack.append((left + 1, mid, entry.hi, rightBound))
            }
            continue
          }
          for i in lo..<hi {
            let s = slots[i]
            let dx = s.x - x
            let dy = s.y - y
            let dz = s.z - z
            let d = dx * dx + dy * dy + dz * dz
            if d < best {
              best = d
              bestIndex = s.index
            }
          }
        }
      }
    }
    return Int(bestIndex)
  }

  /// The coordinate of a slot on an axis.
  @inline(__always) private static func key(_ s: ChordSlot, _ axis: Int) -> Double {
    axis == 0 ? s.x : (axis == 1 ? s.y : s.z)
  }

  /// Reorders `lo..<hi` so that slot `k` holds the value it would have if sorted on `axis`,
  /// with no larger value before it and no smaller after (Hoare's selection).
  private static func select(
    _ k: Int, lo: Int, hi: Int, axis: Int, slots: UnsafeMutableBufferPointer<ChordSlot>
  ) {
    var left = lo
    var right = hi - 1
    while left < right {
      // Median of three as the pivot.
      let m = left + (right - left) / 2
      let a = key(slots[left], axis)
      let b = key(slots[m], axis)
      let c = key(slots[right], axis)
      let pivot = max(min(a, b), min(max(a, b), c))
      var i = left
      var j = right
      while i <= j {
        while key(slots[i], axis) < pivot { i += 1 }
        while key(slots[j], axis) > pivot { j -= 1 }
        if i <= j {
          slots.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      if k <= j {
        right = j
      } else if k >= i {
        left = i
      } else {
        return
      }
    }
  }
}
