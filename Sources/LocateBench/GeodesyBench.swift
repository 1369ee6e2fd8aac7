// Owned by the geodesy work: inverse pairs/s, the seeded pair files, and the accuracy check
// against GeodSolve's output.
import Foundation
import Geodesy
import TestSupport

/// `LocateBench geodesy …`:
/// - `--make-pairs N --seed S --out FILE`: seeded `lat1 lon1 lat2 lon2` lines (GeodSolve -i input).
/// - `--make-direct N --seed S --out FILE`: seeded `lat1 lon1 azi1 s12` lines (GeodSolve input).
/// - `PAIRS [--reps R]`: inverse on every pair, prints compute-only pairs/s and a checksum.
/// - `PAIRS --print`: prints `azi1 azi2 s12` per pair like `GeodSolve -i -p 12`.
/// - `PAIRS --check REF`: compares with `GeodSolve -i -p 12` output REF; exit 1 beyond 1 µm or
///   1e-9°. `DIRECT --direct --check REF` does the same for the direct problem.
func geodesyBench(_ arguments: [String]) -> Int32 {
  let seed = UInt64(option("--seed", in: arguments) ?? "1") ?? 1
  if let n = option("--make-pairs", in: arguments).flatMap(Int.init),
    let out = option("--out", in: arguments)
  {
    var text = ""
    for pair in GeodesicTestPairs.make(count: n, seed: seed) { text += pair.line + "\n" }
    return FileManager.default.createFile(atPath: out, contents: Data(text.utf8)) ? 0 : 1
  }
  if let n = option("--make-direct", in: arguments).flatMap(Int.init),
    let out = option("--out", in: arguments)
  {
    var text = ""
    for line in directCases(count: n, seed: seed) { text += line + "\n" }
    return FileManager.default.createFile(atPath: out, contents: Data(text.utf8)) ? 0 : 1
  }
  guard let path = arguments.first, !path.hasPrefix("-") else {
    printError(
      "usage: LocateBench geodesy PAIRS [--reps R | --print | --check REF] | --make-pairs N")
    return 64
  }
  let direct = arguments.contains("--direct")
  guard let values = readNumbers(path: path, perLine: 4) else {
    printError("cannot read \(path)")
    return 66
  }
  if let reference = option("--check", in: arguments) {
    guard let expected = readNumbers(path: reference, perLine: 3) else {
      printError("cannot read \(reference)")
      return 66
    }
    return direct
      ? checkDirect(values, against: expected) : checkInverse(values, against: expected)
  }
  if arguments.contains("--print") {
    printInverse(values)
    return 0
  }
  let reps = option("--reps", in: arguments).flatMap(Int.init) ?? 1
  timeInverse(values, reps: reps)
  return 0
}

/// Seeded direct-problem cases: a start point (any kind of pair's first point), an azimuth and
/// a distance from 0 to 20,000 km (log-uniform from 1 mm for a quarter of them).
func directCases(count: Int, seed: UInt64) -> [String] {
  var random = SeededRandom(seed: seed)
  let pairs = GeodesicTestPairs.make(count: count, seed: seed &+ 1)
  return pairs.map { pair in
    let azimuth = Double.random(in: -180..<180, using: &random)
    let distance =
      Double.random(in: 0..<1, using: &random) < 0.25
      ? exp(Double.random(in: log(1e-3)..<log(2e7), using: &random))
      : Double.random(in: 0..<2.0e7, using: &random)
    // The pair's values are multiples of 1e-12, so %.12f writes them exactly.
    return "\(fixed(pair.latitude1, 12)) \(fixed(pair.longitude1, 12)) "
      + "\(fixed(azimuth, 12)) \(fixed(distance, 6))"
  }
}

/// Times the inverse on every pair (compute only) and prints pairs/s, like geod_c.
func timeInverse(_ v: [Double], reps: Int) {
  let geodesic = Geodesic.wgs84
  let n = v.count / 4
  var sum = 0.0
  var azimuths = 0.0
  let t0 = monotonicSeconds()
  v.withUnsafeBufferPointer { p in
    for _ in 0..<reps {
      for i in 0..<n {
        let r = geodesic.inverse(
          latitude1: p[4 * i], longitude1: p[4 * i + 1], latitude2: p[4 * i + 2],
          longitude2: p[4 * i + 3])
        sum += r.distance
        azimuths += r.initialAzimuth + r.finalAzimuth
      }
    }
  }
  let seconds = monotonicSeconds() - t0
  let rate = Double(n * reps) / seconds
  var out = OutputBuffer()
  out.line(
    "locate pairs=\(n) reps=\(reps) compute_s=\(fixed(seconds, 3)) "
      + "compute_pairs_per_s=\(fixed(rate, 0)) checksum=\(scientific(sum / Double(reps), 6)) "
      + "azimuth_checksum=\(scientific(azimuths / Double(reps), 6))")
  out.flush()
}

/// Prints `azi1 azi2 s12` per pair.
func printInverse(_ v: [Double]) {
  var out = OutputBuffer()
  for i in 0..<v.count / 4 {
    let r = Geodesic.wgs84.inverse(
      latitude1: v[4 * i], longitude1: v[4 * i + 1], latitude2: v[4 * i + 2],
      longitude2: v[4 * i + 3])
    out.line("\(fixed(r.initialAzimuth, 15)) \(fixed(r.finalAzimuth, 15)) \(fixed(r.distance, 10))")
  }
  out.flush()
}

/// Angle difference reduced to [−180, 180], so that 180 and −180 agree.
func angleError(_ a: Double, _ b: Double) -> Double {
  abs((a - b).remainder(dividingBy: 360))
}

/// Compares the inverse on every pair with GeodSolve's `azi1 azi2 s12` lines.
func checkInverse(_ v: [Double], against expected: [Double]) -> Int32 {
  let n = v.count / 4
  guard expected.count == 3 * n else {
    printError("reference has \(expected.count / 3) lines for \(n) pairs")
    return 1
  }
  var worstDistance = (error: 0.0, index: 0)
  var worstAzimuth = (error: 0.0, index: 0)
  for i in 0..<n {
    let r = Geodesic.wgs84.inverse(
      latitude1: v[4 * i], longitude1: v[4 * i + 1], latitude2: v[4 * i + 2],
      longitude2: v[4 * i + 3])
    let ds = abs(r.distance - expected[3 * i + 2])
    let da = max(
      angleError(r.initialAzimuth, expected[3 * i]), angleError(r.finalAzimuth, expected[3 * i + 1])
    )
    if !(ds <= worstDistance.error) { worstDistance = (ds, i) }
    if !(da <= worstAzimuth.error) { worstAzimuth = (da, i) }
  }
  return report(
    "inverse", count: n, distance: worstDistance, distanceUnit: "m", angle: worstAzimuth,
    values: v)
}

/// Compares the direct problem on every case with GeodSolve's `lat2 lon2 azi2` lines.
func checkDirect(_ v: [Double], against expected: [Double]) -> Int32 {
  let n = v.count / 4
  guard expected.count == 3 * n else {
    printError("reference has \(expected.count / 3) lines for \(n) cases")
    return 1
  }
  var worstPosition = (error: 0.0, index: 0)
  var worstAzimuth = (error: 0.0, index: 0)
  for i in 0..<n {
    let r = Geodesic.wgs84.direct(
      latitude: v[4 * i], longitude: v[4 * i + 1], azimuth: v[4 * i + 2], distance: v[4 * i + 3])
    // Position error in metres: the distance between our end point and GeodSolve's.
    let ds = Geodesic.wgs84.inverse(
      latitude1: r.latitude, longitude1: r.longitude, latitude2: expected[3 * i],
      longitude2: expected[3 * i + 1]
    ).distance
    let da = angleError(r.finalAzimuth, expected[3 * i + 2])
    if !(ds <= worstPosition.error) { worstPosition = (ds, i) }
    if !(da <= worstAzimuth.error) { worstAzimuth = (da, i) }
  }
  return report(
    "direct", count: n, distance: worstPosition, distanceUnit: "m (end point)",
    angle: worstAzimuth, values: v)
}

/// Prints the maxima and whether they are within 1 µm and 1e-9°.
func report(
  _ name: String, count: Int, distance: (error: Double, index: Int), distanceUnit: String,
  angle: (error: Double, index: Int), values v: [Double]
) -> Int32 {
  let pass = distance.error <= 1e-6 && angle.error <= 1e-9
  var out = OutputBuffer()
  out.line(
    "\(name) cases=\(count) max_distance_error=\(scientific(distance.error, 3)) \(distanceUnit) "
      + "(line \(distance.index + 1)) max_azimuth_error=\(scientific(angle.error, 3)) deg "
      + "(line \(angle.index + 1)) \(pass ? "PASS" : "FAIL") (limits 1e-6 m, 1e-9 deg)")
  out.flush()
  return pass ? 0 : 1
}
