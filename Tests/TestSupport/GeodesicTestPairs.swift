// Seeded point pairs that exercise every case of the inverse problem, for the tests against
// GeographicLib and for the benchmarks. The mix follows ../shared/bench/make_pairs.py's
// categories, plus longitudes beyond ±180°.
import VirtualReceiver

/// One pair of points for the inverse problem, in degrees, each value a multiple of 10⁻¹²° so
/// that its 12-decimal text (`line`) reads back as exactly the same doubles.
public struct GeodesicTestPair: Sendable, Hashable {
  /// Which hard case the pair exercises.
  public enum Kind: String, Sendable, CaseIterable {
    /// Both points uniform on the sphere.
    case global
    /// The second point 0.1 m to 100 km from the first.
    case local
    /// Nearly antipodal (offsets 10⁻¹¹° to 1°), some exactly antipodal.
    case antipodal
    /// One or both points within 1° of a pole, some exactly at it.
    case polar
    /// Both on or within 10⁻⁶° of the equator, including nearly 180° apart.
    case equatorial
    /// Both on one meridian, some coincident.
    case meridional
    /// Longitudes written beyond ±180° (up to ±540°).
    case wrapped
  }

  /// The case.
  public var kind: Kind
  /// First point's latitude.
  public var latitude1: Double
  /// First point's longitude.
  public var longitude1: Double
  /// Second point's latitude.
  public var latitude2: Double
  /// Second point's longitude.
  public var longitude2: Double

  /// `lat1 lon1 lat2 lon2` with 12 decimals: the input line of `GeodSolve -i`.
  public var line: String {
    [latitude1, longitude1, latitude2, longitude2].map(Self.decimal12).joined(separator: " ")
  }

  /// `x` (a multiple of 10⁻¹²) written exactly with 12 decimals.
  static func decimal12(_ x: Double) -> String {
    let units = Int64((abs(x) * 1e12).rounded())
    let whole = String(units / 1_000_000_000_000)
    let fraction = String(units % 1_000_000_000_000)
    let padded = String(repeating: "0", count: 12 - fraction.count) + fraction
    return (x.sign == .minus && units != 0 ? "-" : "") + whole + "." + padded
  }
}

/// The seeded pair generator.
public enum GeodesicTestPairs {
  /// Percentages of each kind (they add up to 100; rounding remainders become `global`).
  static let mix: [(GeodesicTestPair.Kind, Int)] = [
    (.global, 38), (.local, 25), (.antipodal, 15), (.polar, 10), (.equatorial, 5),
    (.meridional, 5), (.wrapped, 2),
  ]

  /// `count` pairs (none when `count` ≤ 0) in a shuffled, seeded mix of every kind.
  public static func make(count: Int, seed: UInt64) -> [GeodesicTestPair] {
    let count = max(0, count)
    var random = SeededRandom(seed: seed)
    var kinds: [GeodesicTestPair.Kind] = []
    kinds.reserveCapacity(count)
    for (kind, percent) in mix { kinds += repeatElement(kind, count: count * percent / 100) }
    kinds += repeatElement(.global, count: max(0, count - kinds.count))
    kinds.shuffle(using: &random)
    return kinds.map { make($0, using: &random) }
  }

  /// One pair of a given kind.
  public static func make(_ kind: GeodesicTestPair.Kind, using random: inout SeededRandom)
    -> GeodesicTestPair
  {
    var g = PointSampler(random: random)
    defer { random = g.random }
    let (a, b, c, d) = g.pair(kind)
    return GeodesicTestPair(
      kind: kind, latitude1: quantize(a), longitude1: quantize(b), latitude2: quantize(c),
      longitude2: quantize(d))
  }

  /// `x` rounded to a multiple of 10⁻¹².
  static func quantize(_ x: Double) -> Double { (x * 1e12).rounded() / 1e12 }
}
