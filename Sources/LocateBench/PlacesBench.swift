// Offline geocoding and magnetic variation: how long the gazetteer takes to load and index,
// a reverse lookup (scan and k-d tree), a forward lookup, and one WMM2025 declination.
import Foundation
import Gazetteer
import Geodesy
import TestSupport

/// `LocateBench places [--queries Q] [--seed S]`: loads the gazetteer, times reverse lookups
/// (the first ones, by scan; then `Places.nearest` with its k-d tree) at Q random points on
/// populated land, forward lookups of Q random places' names, and Q WMM2025 declinations;
/// checks that the tree and the scan agree, and prints the times.
func placesBench(_ arguments: [String]) -> Int32 {
  let queries = option("--queries", in: arguments).flatMap(Int.init) ?? 100_000
  let seed = option("--seed", in: arguments).flatMap(UInt64.init) ?? 1
  var t0 = monotonicSeconds()
  Places.load()
  let loadSeconds = monotonicSeconds() - t0
  let count = Places.count
  var random = SeededRandom(seed: seed)
  let all = (0..<count).compactMap(Places.place(at:))
  guard !all.isEmpty else { return 1 }
  // Random points within 20 km of random places: populated land.
  let targets = (0..<queries).map { _ -> GeoPoint in
    let place = all[Int.random(in: 0..<all.count, using: &random)]
    return Geodesic.wgs84.direct(
      from: GeoPoint(latitude: place.latitude, longitude: place.longitude),
      azimuth: Double.random(in: 0..<360, using: &random),
      distance: Double.random(in: 0...20_000, using: &random)
    ).point
  }
  let points = all.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
  let scans = min(200, queries)
  t0 = monotonicSeconds()
  let scanned = targets.prefix(scans).map { NearestScan.nearest(to: $0, among: points) }
  let scanSeconds = (monotonicSeconds() - t0) / Double(max(scans, 1))
  t0 = monotonicSeconds()
  Places.prepare()
  let indexSeconds = monotonicSeconds() - t0
  t0 = monotonicSeconds()
  let c0 = threadCPUSeconds()
  var found: [NearbyPlace?] = []
  found.reserveCapacity(queries)
  for target in targets { found.append(Places.nearest(to: target)) }
  let lookupSeconds = (monotonicSeconds() - t0) / Double(max(queries, 1))
  let lookupCPU = (threadCPUSeconds() - c0) / Double(max(queries, 1))
  // The k-d tree alone (no place made, no bearing): what the search itself costs.
  let tree = NearestIndex(points: points)
  let k0 = threadCPUSeconds()
  var hits = 0
  for target in targets where tree.nearest(to: target) != nil { hits += 1 }
  let treeCPU = (threadCPUSeconds() - k0) / Double(max(queries, 1))
  let agree = zip(scanned, found).filter { $0?.index == $1?.place.index }.count
  let names = (0..<queries).map { _ in all[Int.random(in: 0..<all.count, using: &random)].name }
  t0 = monotonicSeconds()
  var matches = 0
  for name in names { matches += Places.named(name).isEmpty ? 0 : 1 }
  let forwardSeconds = (monotonicSeconds() - t0) / Double(max(queries, 1))
  t0 = monotonicSeconds()
  let w0 = threadCPUSeconds()
  var sum = 0.0
  for (i, target) in targets.enumerated() {
    sum +=
      MagneticModel.declination(
        latitude: target.latitude, longitude: target.longitude, height: 100,
        year: 2025 + Double(i % 5000) / 1000) ?? 0
  }
  let wmmSeconds = (monotonicSeconds() - t0) / Double(max(queries, 1))
  let wmmCPU = (threadCPUSeconds() - w0) / Double(max(queries, 1))
  var out = OutputBuffer()
  out.line(
    "places places=\(count) queries=\(queries) load_ms=\(fixed(loadSeconds * 1e3, 1)) "
      + "scan_us=\(fixed(scanSeconds * 1e6, 1)) index_ms=\(fixed(indexSeconds * 1e3, 1)) "
      + "lookup_us=\(fixed(lookupSeconds * 1e6, 2)) lookup_cpu_us=\(fixed(lookupCPU * 1e6, 2)) "
      + "tree_cpu_us=\(fixed(treeCPU * 1e6, 2)) "
      + "scan_agrees=\(agree)/\(scans) "
      + "forward_us=\(fixed(forwardSeconds * 1e6, 2)) forward_found=\(matches)/\(queries) "
      + "wmm_us=\(fixed(wmmSeconds * 1e6, 2)) wmm_cpu_us=\(fixed(wmmCPU * 1e6, 2)) "
      + "wmm_checksum=\(fixed(sum, 3))")
  out.flush()
  return agree == scans && matches == queries && hits == queries ? 0 : 1
}

/// This thread's CPU time, seconds (what a lookup costs, whatever else the machine runs).
func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
