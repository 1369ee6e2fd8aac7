// The reference for reverse geocoding: every place measured, no index. The straight chord
// between two points on the ellipsoid is never longer than the geodesic between them, so the
// place whose chord is shortest gives a bound, and the exact geodesic (Karney's, Geodesy's) is
// computed for every place whose chord is within it: what measuring the geodesic to every
// place would find, ties going to the lower index. (This target is compiled with -O: 10,000
// queries × 170,354 places × 2 passes is 3.4 billion chords.)
import Geodesy
import Glibc

enum BruteForce {
  /// The nearest place to each query, by brute force, on two threads.
  static func nearest(_ queries: [GeoPoint], among points: [GeoPoint]) async throws -> [Neighbor] {
    let positions = Positions(points)
    let halves = [
      Array(queries.prefix(queries.count / 2)), Array(queries.dropFirst(queries.count / 2)),
    ]
    let results = try await withThrowingTaskGroup(of: (Int, [Neighbor]).self) { group in
      for (part, half) in halves.enumerated() {
        group.addTask {
          try (part, half.map { query in try nearest(query, positions, points) })
        }
      }
      var parts: [Int: [Neighbor]] = [:]
      for try await (part, found) in group { parts[part] = found }
      return (parts[0] ?? []) + (parts[1] ?? [])
    }
    return results
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Every place's position in space (ECEF, metres), on the WGS-84 ellipsoid.
  struct Positions: Sendable {
    var x: [Double] = []
    var y: [Double] = []
    var z: [Double] = []

    init(_ points: [GeoPoint]) {
      for point in points {
        let (px, py, pz) = Self.position(point)
        x.append(px)
        y.append(py)
        z.append(pz)
      }
    }

    static func position(_ p: GeoPoint) -> (Double, Double, Double) {
      let a = wgs84EquatorialRadius
      let e2 = wgs84Flattening * (2 - wgs84Flattening)
      let phi = p.latitude * .pi / 180
      let lambda = p.longitude * .pi / 180
      let n = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
      return (n * cos(phi) * cos(lambda), n * cos(phi) * sin(lambda), n * (1 - e2) * sin(phi))
    }
  }

  static func nearest(_ query: GeoPoint, _ positions: Positions, _ points: [GeoPoint]) throws
    -> Neighbor
  {
    let (qx, qy, qz) = Positions.position(query)
    var shortest = Double.infinity
    var closest = -1
    for i in points.indices {
      let dx = positions.x[i] - qx
      let dy = positions.y[i] - qy
      let dz = positions.z[i] - qz
      let d = dx * dx + dy * dy + dz * dz
      if d < shortest {
        shortest = d
        closest = i
      }
    }
    guard closest >= 0 else { throw Failure(description: "no places") }
    let geodesic = Geodesic.wgs84
    let bound = geodesic.inverse(from: query, to: points[closest]).distance
    // A chord is within a millimetre or so of exact here; a metre of margin is plenty.
    let limit = (bound + 1) * (bound + 1)
    var best: Neighbor?
    for i in points.indices {
      let dx = positions.x[i] - qx
      let dy = positions.y[i] - qy
      let dz = positions.z[i] - qz
      guard dx * dx + dy * dy + dz * dz <= limit else { continue }
      let distance = geodesic.inverse(from: query, to: points[i]).distance
      if let current = best,
        current.distance < distance || (current.distance == distance && current.index < i)
      {
        continue
      }
      best = Neighbor(index: i, distance: distance, azimuth: 0)
    }
    guard let best else { throw Failure(description: "no place within the bound") }
    return best
  }
}
