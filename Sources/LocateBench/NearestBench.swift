// Owned by the geodesy work: nearest-K timings against brute force.
import Foundation
import Geodesy
import TestSupport

/// `LocateBench nearest [--points N] [--queries Q] [--k K] [--seed S] [--brute B]`: builds a
/// NearestIndex over N seeded points uniform on the globe, times Q nearest-K queries, times B
/// brute-force queries (the exact geodesic to every point), checks that their results are
/// identical, and prints the times and the ratio.
func nearestBench(_ arguments: [String]) -> Int32 {
  let n = option("--points", in: arguments).flatMap(Int.init) ?? 1_000_000
  let queries = option("--queries", in: arguments).flatMap(Int.init) ?? 1000
  let k = option("--k", in: arguments).flatMap(Int.init) ?? 10
  let seed = option("--seed", in: arguments).flatMap(UInt64.init) ?? 1
  let bruteQueries = option("--brute", in: arguments).flatMap(Int.init) ?? 3
  var random = SeededRandom(seed: seed)
  let points = (0..<n).map { _ in randomPoint(&random) }
  let targets = (0..<max(queries, bruteQueries)).map { _ in randomPoint(&random) }

  var t0 = monotonicSeconds()
  let index = NearestIndex(points: points)
  let buildSeconds = monotonicSeconds() - t0

  t0 = monotonicSeconds()
  var found: [[Neighbor]] = []
  found.reserveCapacity(queries)
  for q in targets.prefix(queries) { found.append(index.nearest(to: q, count: k)) }
  let querySeconds = (monotonicSeconds() - t0) / Double(max(queries, 1))

  t0 = monotonicSeconds()
  var brute: [[Neighbor]] = []
  for q in targets.prefix(bruteQueries) { brute.append(bruteForce(points, q, k)) }
  let bruteSeconds = (monotonicSeconds() - t0) / Double(max(bruteQueries, 1))
  let identical = zip(brute, targets.prefix(bruteQueries)).filter { result, q in
    result == index.nearest(to: q, count: k)
  }.count

  var out = OutputBuffer()
  out.line(
    "nearest points=\(n) k=\(k) queries=\(queries) build_s=\(fixed(buildSeconds, 3)) "
      + "query_us=\(fixed(querySeconds * 1e6, 1)) brute_queries=\(bruteQueries) "
      + "brute_ms=\(fixed(bruteSeconds * 1e3, 1)) ratio=\(fixed(bruteSeconds / querySeconds, 0)) "
      + "identical=\(identical)/\(bruteQueries)")
  out.flush()
  return identical == bruteQueries ? 0 : 1
}

/// A point uniform on the sphere.
func randomPoint(_ random: inout SeededRandom) -> GeoPoint {
  let latitude = asin(Double.random(in: -1...1, using: &random)) * 180 / .pi
  return GeoPoint(latitude: latitude, longitude: Double.random(in: -180..<180, using: &random))
}

/// The `k` nearest by computing every geodesic: the reference the index must equal.
func bruteForce(_ points: [GeoPoint], _ query: GeoPoint, _ k: Int) -> [Neighbor] {
  var best: [Neighbor] = []
  for (i, p) in points.enumerated() {
    let line = Geodesic.wgs84.inverse(from: query, to: p)
    let n = Neighbor(index: i, distance: line.distance, azimuth: line.initialAzimuth)
    if best.count == k, let last = best.last,
      (n.distance, n.index) >= (last.distance, last.index)
    {
      continue
    }
    let at = best.firstIndex { (n.distance, n.index) < ($0.distance, $0.index) } ?? best.count
    best.insert(n, at: at)
    if best.count > k { best.removeLast() }
  }
  return best
}
