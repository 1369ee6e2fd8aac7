// The random geometry behind GeodesicTestPairs: uniform points on the sphere, log-uniform
// offsets, and each kind of hard pair.
import Foundation

/// Draws points and pairs from a seeded generator.
struct PointSampler {
  var random: SeededRandom

  /// Uniform in [a, b).
  mutating func uniform(_ a: Double, _ b: Double) -> Double {
    Double.random(in: a..<b, using: &random)
  }

  /// Log-uniform in [a, b).
  mutating func logUniform(_ a: Double, _ b: Double) -> Double {
    exp(uniform(log(a), log(b)))
  }

  /// +1 or −1.
  mutating func sign() -> Double { Bool.random(using: &random) ? 1 : -1 }

  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool { uniform(0, 1) < p }

  /// A latitude uniform by area.
  mutating func latitude() -> Double { asin(uniform(-1, 1)) * 180 / .pi }

  /// A point uniform on the sphere.
  mutating func point() -> (Double, Double) { (latitude(), uniform(-180, 180)) }

  /// Longitude reduced to [−180, 180).
  static func wrap(_ lon: Double) -> Double {
    var x = fmod(lon + 180, 360)
    if x < 0 { x += 360 }
    return x - 180
  }

  /// A pair of the given kind: lat1, lon1, lat2, lon2.
  mutating func pair(_ kind: GeodesicTestPair.Kind) -> (Double, Double, Double, Double) {
    switch kind {
    case .global:
      let (a, b) = point()
      let (c, d) = point()
      return (a, b, c, d)
    case .local: return local()
    case .antipodal:
      let (lat1, lon1) = point()
      if chance(0.05) { return (lat1, lon1, -lat1, Self.wrap(lon1 + 180)) }
      let d = logUniform(1e-11, 1) * sign()
      let e = logUniform(1e-11, 1) * sign()
      return (lat1, lon1, max(-90, min(90, -lat1 + d)), Self.wrap(lon1 + 180 + e))
    case .polar:
      let p = sign()
      let lat1 = chance(0.1) ? p * 90 : p * (90 - logUniform(1e-7, 1))
      let lon1 = uniform(-180, 180)
      if chance(0.5) {
        let q = sign()
        let lat2 = chance(0.1) ? q * 90 : q * (90 - logUniform(1e-7, 1))
        return (lat1, lon1, lat2, uniform(-180, 180))
      }
      let (lat2, lon2) = point()
      return (lat1, lon1, lat2, lon2)
    case .equatorial:
      let lat1 = chance(0.5) ? 0 : uniform(-1e-6, 1e-6)
      let lat2 = chance(0.5) ? 0 : uniform(-1e-6, 1e-6)
      let lon1 = uniform(-180, 180)
      let dl = chance(0.5) ? 180 - logUniform(1e-6, 5) : uniform(0, 180)
      return (lat1, lon1, lat2, Self.wrap(lon1 + sign() * dl))
    case .meridional:
      let (lat1, lon1) = point()
      if chance(0.2) { return (lat1, lon1, lat1, lon1) }
      return (lat1, lon1, latitude(), lon1)
    case .wrapped:
      var (lat1, lon1, lat2, lon2) = chance(0.5) ? pair(.global) : local()
      lon1 += lon1 < 0 ? 360 : -360
      if chance(0.5) { lon2 += lon2 < 0 ? 360 : -360 }
      return (lat1, lon1, lat2, lon2)
    }
  }

  /// The second point 0.1 m to 100 km from the first, by a spherical offset.
  mutating func local() -> (Double, Double, Double, Double) {
    let r = 6_371_008.8
    let lat1 = asin(uniform(-0.97, 0.97)) * 180 / .pi
    let lon1 = uniform(-180, 180)
    let d = logUniform(0.1, 100e3)
    let bearing = uniform(0, 360) * .pi / 180
    let dlat = d * cos(bearing) / r * 180 / .pi
    let dlon = d * sin(bearing) / (r * cos(lat1 * .pi / 180)) * 180 / .pi
    return (lat1, lon1, max(-90, min(90, lat1 + dlat)), Self.wrap(lon1 + dlon))
  }
}
