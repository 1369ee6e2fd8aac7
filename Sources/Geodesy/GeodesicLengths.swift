// Distance and reduced length along a geodesic between σ₁ and σ₂ (Karney 2013, eqs. 7, 38–41),
// both divided by b.

extension Geodesic {
  /// s₁₂/b = A₁ (σ₁₂ + I₁(σ₂) − I₁(σ₁)) (eqs. 7, 15).
  @inline(__always)
  func distance(
    eps: Double, sig12: Double, ssig1: Double, csig1: Double, ssig2: Double, csig2: Double
  ) -> Double {
    let c1 = GeodesicSeries.c1(eps)
    let b1 = c1.sum(sin: ssig2, cos: csig2) - c1.sum(sin: ssig1, cos: csig1)
    return (1 + GeodesicSeries.a1m1(eps)) * (sig12 + b1)
  }

  /// m₁₂/b, the reduced length (eq. 38), with J₁₂ = I₁ − I₂ summed as one series (eq. 40).
  @inline(__always)
  func reducedLength(
    eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double, ssig2: Double,
    csig2: Double, dn2: Double
  ) -> Double {
    let a1m1 = GeodesicSeries.a1m1(eps)
    let a2m1 = GeodesicSeries.a2m1(eps)
    let a1 = 1 + a1m1
    let a2 = 1 + a2m1
    let c1 = GeodesicSeries.c1(eps)
    let c2 = GeodesicSeries.c2(eps)
    let j = SineSeries(
      c1: a1 * c1.c1 - a2 * c2.c1, c2: a1 * c1.c2 - a2 * c2.c2, c3: a1 * c1.c3 - a2 * c2.c3,
      c4: a1 * c1.c4 - a2 * c2.c4, c5: a1 * c1.c5 - a2 * c2.c5, c6: a1 * c1.c6 - a2 * c2.c6)
    let j12 =
      (a1m1 - a2m1) * sig12 + (j.sum(sin: ssig2, cos: csig2) - j.sum(sin: ssig1, cos: csig1))
    return dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
  }

  /// Both s₁₂/b and m₁₂/b, and m₀ = A₁ − A₂ (eq. 41), with the two integrals kept apart.
  func lengths(
    eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double, ssig2: Double,
    csig2: Double, dn2: Double
  ) -> (s12b: Double, m12b: Double, m0: Double) {
    let a1m1 = GeodesicSeries.a1m1(eps)
    let a2m1 = GeodesicSeries.a2m1(eps)
    let c1 = GeodesicSeries.c1(eps)
    let c2 = GeodesicSeries.c2(eps)
    let b1 = c1.sum(sin: ssig2, cos: csig2) - c1.sum(sin: ssig1, cos: csig1)
    let b2 = c2.sum(sin: ssig2, cos: csig2) - c2.sum(sin: ssig1, cos: csig1)
    let m0 = a1m1 - a2m1
    let j12 = m0 * sig12 + ((1 + a1m1) * b1 - (1 + a2m1) * b2)
    let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
    return ((1 + a1m1) * (sig12 + b1), m12b, m0)
  }
}
