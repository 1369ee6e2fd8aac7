// Careful angle arithmetic in degrees, as Karney (2013, sec. 2 and the addenda) requires:
// reductions that are exact, so that 180° is 180° and a meridian stays a meridian.
import Glibc

/// Exact angle helpers used by the geodesic solvers.
enum AngleMath {
  /// Radians per degree.
  @inline(__always) static var degree: Double { .pi / 180 }
  /// √(smallest normal double) = 2⁻⁵¹¹: a "tiny" that can still be squared.
  @inline(__always) static var tiny: Double { 0x1p-511 }
  /// Machine epsilon, 2⁻⁵².
  @inline(__always) static var tol0: Double { 0x1p-52 }

  /// The error-free sum of two doubles: `s + t == u + v` exactly (Knuth's TwoSum).
  @inline(__always) static func sum(_ u: Double, _ v: Double) -> (s: Double, t: Double) {
    let s = u + v
    var up = s - v
    var vpp = s - up
    up -= u
    vpp -= v
    return (s, s != 0 ? 0 - (up + vpp) : s)
  }

  /// `x` reduced to [−180, 180] exactly (IEEE remainder), skipping the call when already there.
  @inline(__always) static func remainder360(_ x: Double) -> Double {
    abs(x) <= 180 ? x : x.remainder(dividingBy: 360)
  }

  /// An angle reduced to [−180, 180]; ±180 keeps the sign of `x`.
  @inline(__always) static func normalize(_ x: Double) -> Double {
    let y = remainder360(x)
    return abs(y) == 180 ? Double(signOf: x, magnitudeOf: 180) : y
  }

  /// `y − x` reduced to [−180, 180] exactly, with the rounding error `e` of the result
  /// (so that `d + e` is the difference to twice the precision).
  @inline(__always) static func difference(_ x: Double, _ y: Double) -> (d: Double, e: Double) {
    var (d, t) = sum(remainder360(-x), remainder360(y))
    (d, t) = sum(remainder360(d), t)
    if d == 0 || abs(d) == 180 {
      d = Double(signOf: t == 0 ? y - x : -t, magnitudeOf: d)
    }
    return (d, t)
  }

  /// Rounds tiny angles to multiples of 2⁻⁵⁷ so that points very near the equator behave like
  /// points on it (the paper's "AngRound"); 0 keeps its sign.
  @inline(__always) static func round(_ x: Double) -> Double {
    let z = 1.0 / 16
    var y = abs(x)
    let w = z - y
    y = w > 0 ? z - w : y
    return Double(signOf: x, magnitudeOf: y)
  }

  /// A latitude, or NaN when it is beyond ±90°.
  @inline(__always) static func latitudeOrNaN(_ x: Double) -> Double {
    abs(x) > 90 ? .nan : x
  }

  /// Splits `x` degrees into a quadrant count and a remainder in about [−45°, 45°], exactly.
  @inline(__always) static func quadrant(_ x: Double) -> (r: Double, q: Int) {
    // For |x| < 2^45 the product q·90 is exact and x − q·90 is exact (both are multiples of
    // ulp(x) ≤ 1 and the result is small), so this is remquo(x, 90) without the call.
    if abs(x) < 0x1p45 {
      let q = (x / 90).rounded(.toNearestOrEven)
      return (x - q * 90, Int(q))
    }
    if !x.isFinite { return (.nan, 0) }
    var q: Int32 = 0
    let r = remquo(x, 90, &q)
    return (r, Int(q))
  }

  /// Sine and cosine of `x` degrees, exact at multiples of 90° (sin 180° = +0, cos 90° = +0).
  @inline(__always) static func sincos(degrees x: Double) -> (sin: Double, cos: Double) {
    let (r, q) = quadrant(x)
    return rotate(radians: r * degree, quadrant: q, sign: x)
  }

  /// Sine and cosine of `x + t` degrees where `t` is a small correction to `x`
  /// (the paper's `sincosde`; the remainder is rounded like `round`).
  @inline(__always) static func sincos(degrees x: Double, plus t: Double)
    -> (sin: Double, cos: Double)
  {
    let (r, q) = quadrant(x)
    return rotate(radians: round(r + t) * degree, quadrant: q, sign: x)
  }

  /// sin and cos of `r` radians turned by `q` quadrants; a zero sine takes the sign of `sign`.
  @inline(__always) private static func rotate(radians r: Double, quadrant q: Int, sign: Double)
    -> (sin: Double, cos: Double)
  {
    let s = Glibc.sin(r)
    let c = Glibc.cos(r)
    var sinx: Double
    var cosx: Double
    switch q & 3 {
    case 0: (sinx, cosx) = (s, c)
    case 1: (sinx, cosx) = (c, -s)
    case 2: (sinx, cosx) = (-s, -c)
    default: (sinx, cosx) = (-c, s)
    }
    cosx += 0
    if sinx == 0 { sinx = Double(signOf: sign, magnitudeOf: 0) }
    return (sinx, cosx)
  }

  /// atan2 in degrees, exact at multiples of 90°, in [−180, 180].
  @inline(__always) static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
    var x = x
    var y = y
    var q = 0
    if abs(y) > abs(x) {
      swap(&x, &y)
      q = 2
    }
    if x.sign == .minus {
      x = -x
      q += 1
    }
    let angle = Glibc.atan2(y, x) / degree
    switch q {
    case 1: return Double(signOf: y, magnitudeOf: 180) - angle
    case 2: return 90 - angle
    case 3: return -90 + angle
    default: return angle
    }
  }

  /// `(s, c)` scaled to unit length. Uses the correctly rounded `hypot`, as GeographicLib does:
  /// sines of nearby latitudes are later subtracted, and the Newton iteration's stopping test
  /// then depends on their last bits.
  @inline(__always) static func normalized(_ s: Double, _ c: Double) -> (Double, Double) {
    let r = Glibc.hypot(s, c)
    return (s / r, c / r)
  }
}
