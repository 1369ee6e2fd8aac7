// The series of Karney (2013) to sixth order in ε (eqs. 15–25, 40–43): the distance integral
// I₁ (A₁, C₁ₗ), its reversion (C′₁ₗ), the reduced-length integral I₂ (A₂, C₂ₗ) and the
// longitude integral I₃ (A₃, C₃ₗ, whose coefficients also depend on the third flattening n).

/// The coefficients c₁…c₆ of a sine series Σ cₗ sin 2lσ.
struct SineSeries {
  var c1, c2, c3, c4, c5, c6: Double

  /// Σₗ cₗ sin 2lσ at the angle with sine `s` and cosine `c`, by Clenshaw summation (eq. 59).
  @inline(__always) func sum(sin s: Double, cos c: Double) -> Double {
    let ar = 2 * (c - s) * (c + s)  // 2 cos 2σ
    var y1 = c6
    var y0 = ar * y1 + c5
    y1 = ar * y0 - y1 + c4
    y0 = ar * y1 - y0 + c3
    y1 = ar * y0 - y1 + c2
    y0 = ar * y1 - y0 + c1
    return 2 * s * c * y0
  }
}

/// The ellipsoid-independent series in ε.
enum GeodesicSeries {
  /// A₁ − 1 (eq. 17, in the addenda's form divided by 1 − ε).
  @inline(__always) static func a1m1(_ eps: Double) -> Double {
    let e2 = eps * eps
    let t = ((e2 + 4) * e2 + 64) * e2 / 256
    return (t + eps) / (1 - eps)
  }

  /// C₁ₗ (eq. 18).
  @inline(__always) static func c1(_ eps: Double) -> SineSeries {
    let (e2, e3, e4, e5, e6) = powers(eps)
    return SineSeries(
      c1: eps * ((6 - e2) * e2 - 16) / 32,
      c2: e2 * ((64 - 9 * e2) * e2 - 128) / 2048,
      c3: e3 * (9 * e2 - 16) / 768,
      c4: e4 * (3 * e2 - 5) / 512,
      c5: e5 * -7 / 1280,
      c6: e6 * -7 / 2048)
  }

  /// C′₁ₗ, the coefficients of the reverted series for σ in terms of τ (eq. 21).
  @inline(__always) static func c1p(_ eps: Double) -> SineSeries {
    let (e2, e3, e4, e5, e6) = powers(eps)
    return SineSeries(
      c1: eps * ((205 * e2 - 432) * e2 + 768) / 1536,
      c2: e2 * ((4005 * e2 - 4736) * e2 + 3840) / 12288,
      c3: e3 * (116 - 225 * e2) / 384,
      c4: e4 * (2695 - 7173 * e2) / 7680,
      c5: e5 * 3467 / 7680,
      c6: e6 * 38081 / 61440)
  }

  /// A₂ − 1 (eq. 42, in the addenda's form divided by 1 + ε).
  @inline(__always) static func a2m1(_ eps: Double) -> Double {
    let e2 = eps * eps
    let t = ((-11 * e2 - 28) * e2 - 192) * e2 / 256
    return (t - eps) / (1 + eps)
  }

  /// C₂ₗ (eq. 43).
  @inline(__always) static func c2(_ eps: Double) -> SineSeries {
    let (e2, e3, e4, e5, e6) = powers(eps)
    return SineSeries(
      c1: eps * ((e2 + 2) * e2 + 16) / 32,
      c2: e2 * ((35 * e2 + 64) * e2 + 384) / 2048,
      c3: e3 * (15 * e2 + 80) / 768,
      c4: e4 * (7 * e2 + 35) / 512,
      c5: e5 * 63 / 1280,
      c6: e6 * 77 / 2048)
  }

  /// ε², …, ε⁶, each one multiplication from the last (so that every evaluation of a series
  /// rounds the same way, as GeographicLib's does: results then agree to the last bit).
  @inline(__always) static func powers(_ eps: Double)
    -> (Double, Double, Double, Double, Double)
  {
    let e2 = eps * eps
    let e3 = e2 * eps
    let e4 = e3 * eps
    let e5 = e4 * eps
    return (e2, e3, e4, e5, e5 * eps)
  }

  /// ε for k² = e′² cos²α₀ (eq. 16), written to avoid cancellation.
  @inline(__always) static func epsilon(k2: Double) -> Double {
    k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
  }
}

/// The longitude series I₃ for one ellipsoid: A₃ (eq. 24) and C₃ₗ (eq. 25) as polynomials in ε
/// whose coefficients, polynomials in n, are evaluated once.
struct LongitudeSeries: Sendable {
  /// A₃'s coefficients of ε⁰…ε⁵.
  let a: (Double, Double, Double, Double, Double, Double)
  /// C₃ₗ's coefficients: `cl` holds those of ε^l…ε⁵.
  let c1: (Double, Double, Double, Double, Double)
  let c2: (Double, Double, Double, Double)
  let c3: (Double, Double, Double)
  let c4: (Double, Double)
  let c5: Double

  /// The series for third flattening `n`.
  init(n: Double) {
    // Each coefficient is an integer polynomial in n by Horner's rule over its denominator.
    a = (
      1, (n - 1) / 2, ((3 * n - 1) * n - 2) / 8, ((-n - 3) * n - 1) / 16, (-2 * n - 3) / 64,
      -3.0 / 128
    )
    c1 = ((1 - n) / 4, (1 - n * n) / 8, ((3 - n) * n + 3) / 64, (2 * n + 5) / 128, 3.0 / 128)
    c2 = (((n - 3) * n + 2) / 32, ((-3 * n - 2) * n + 3) / 64, (n + 3) / 128, 5.0 / 256)
    c3 = (((5 * n - 9) * n + 5) / 192, (9 - 10 * n) / 384, 7.0 / 512)
    c4 = ((7 - 14 * n) / 512, 7.0 / 512)
    c5 = 21.0 / 2560
  }

  /// A₃(ε).
  @inline(__always) func a3(_ eps: Double) -> Double {
    a.0 + eps * (a.1 + eps * (a.2 + eps * (a.3 + eps * (a.4 + eps * a.5))))
  }

  /// C₃ₗ(ε), l = 1…5 (c₆ = 0).
  @inline(__always) func c3Series(_ eps: Double) -> SineSeries {
    let (e2, e3, e4, e5, _) = GeodesicSeries.powers(eps)
    return SineSeries(
      c1: eps * (c1.0 + eps * (c1.1 + eps * (c1.2 + eps * (c1.3 + eps * c1.4)))),
      c2: e2 * (c2.0 + eps * (c2.1 + eps * (c2.2 + eps * c2.3))),
      c3: e3 * (c3.0 + eps * (c3.1 + eps * c3.2)),
      c4: e4 * (c4.0 + eps * c4.1),
      c5: e5 * c5,
      c6: 0)
  }
}
