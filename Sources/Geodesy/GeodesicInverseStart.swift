// The starting guess for the inverse problem (Karney 2013, sec. 5): a short-line solution that
// is final when the points are close enough, the spherical guess otherwise, and the astroid
// (eqs. 55–57) for nearly antipodal points.
import Glibc

extension Geodesic {
  /// InverseStart's answer. `sig12 ≥ 0` means the line was short and this is the solution.
  struct InverseStartGuess {
    var sig12: Double
    var salp1, calp1, salp2, calp2, dnm: Double
  }

  /// The first guess for α₁ (sec. 5), or the whole solution of a very short line.
  func inverseStart(
    sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, lam12: Double,
    slam12: Double, clam12: Double
  ) -> InverseStartGuess {
    var guess = InverseStartGuess(
      sig12: -1, salp1: 0, calp1: 0, salp2: .nan, calp2: .nan, dnm: .nan)
    let sbet12 = sbet2 * cbet1 - cbet2 * sbet1  // sin(β₂ − β₁)
    let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
    let sbet12a = sbet2 * cbet1 + cbet2 * sbet1  // sin(β₂ + β₁)
    let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
    var somg12: Double
    var comg12: Double
    if shortline {
      // ω₁₂ from λ₁₂ with the mean w (eq. 48).
      var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
      sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
      guess.dnm = (1 + ep2 * sbetm2).squareRoot()
      let omg12 = lam12 / (f1 * guess.dnm)
      somg12 = sin(omg12)
      comg12 = cos(omg12)
    } else {
      somg12 = slam12
      comg12 = clam12
    }
    // The great-circle azimuth (eq. 49), in forms free of cancellation.
    var salp1 = cbet2 * somg12
    var calp1 =
      comg12 >= 0
      ? sbet12 + cbet2 * sbet1 * (somg12 * somg12) / (1 + comg12)
      : sbet12a - cbet2 * sbet1 * (somg12 * somg12) / (1 - comg12)
    let ssig12 = hypot(salp1, calp1)
    let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

    if shortline && ssig12 < etol2 {
      // Really short: α₂ (eq. 50) and σ₁₂ complete the solution.
      let t = comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12
      (guess.salp2, guess.calp2) = AngleMath.normalized(cbet1 * somg12, sbet12 - cbet1 * sbet2 * t)
      guess.sig12 = atan2(ssig12, csig12)
    } else if abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * (cbet1 * cbet1) {
      // The spherical guess is good enough.
    } else {
      (salp1, calp1) = antipodalStart(
        sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, sbet12a: sbet12a,
        slam12: slam12, clam12: clam12)
    }
    if !(salp1 <= 0) {
      (guess.salp1, guess.calp1) = AngleMath.normalized(salp1, calp1)
    } else {
      (guess.salp1, guess.calp1) = (1, 0)
    }
    return guess
  }

  /// The start for nearly antipodal points: scale to the astroid's coordinates x, y (eq. 53)
  /// and solve for the azimuth (eqs. 55–57), or use the limit near the cut along the equator.
  private func antipodalStart(
    sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, sbet12a: Double,
    slam12: Double, clam12: Double
  ) -> (Double, Double) {
    let tol1 = 200 * AngleMath.tol0
    let xthresh = 1000 * AngleMath.tol0.squareRoot()
    let f = flattening
    let lam12x = atan2(-slam12, -clam12)  // λ₁₂ − π
    let x: Double
    let y: Double
    let lamscale: Double
    if f >= 0 {
      let eps = GeodesicSeries.epsilon(k2: sbet1 * sbet1 * ep2)
      lamscale = f * cbet1 * longitudeSeries.a3(eps) * .pi
      x = lam12x / lamscale
      y = sbet12a / (lamscale * cbet1)
    } else {
      // Prolate: scale by the reduced length of the meridian through the pole instead.
      let cbet12a = cbet2 * cbet1 - sbet2 * sbet1
      let bet12a = atan2(sbet12a, cbet12a)
      let l = lengths(
        eps: n, sig12: .pi + bet12a, ssig1: sbet1, csig1: -cbet1, dn1: dn1, ssig2: sbet2,
        csig2: cbet2, dn2: (1 + ep2 * (sbet2 * sbet2)).squareRoot())
      x = -1 + l.m12b / (cbet1 * cbet2 * l.m0 * .pi)
      let betscale = x < -0.01 ? sbet12a / x : -f * (cbet1 * cbet1) * .pi
      lamscale = betscale / cbet1
      y = lam12x / lamscale
    }
    if y > -tol1 && x > -1 - xthresh {
      // Near the cut: the limit of the astroid solution.
      if f >= 0 {
        let salp1 = min(1, -x)
        return (salp1, -(1 - salp1 * salp1).squareRoot())
      }
      let calp1 = max(x > -tol1 ? 0 : -1, x)
      return ((1 - calp1 * calp1).squareRoot(), calp1)
    }
    let k = Self.astroid(x, y)
    let omg12a = lamscale * (f >= 0 ? -x * k / (1 + k) : -y * (1 + k) / k)
    let somg12 = sin(omg12a)
    let comg12 = -cos(omg12a)
    return (cbet2 * somg12, sbet12a - cbet2 * sbet1 * (somg12 * somg12) / (1 - comg12))
  }

  /// The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 (eq. 55), solved in
  /// closed form as in the paper's appendix, in a way that avoids cancellation.
  static func astroid(_ x: Double, _ y: Double) -> Double {
    let p = x * x
    let q = y * y
    let r = (p + q - 1) / 6
    if q == 0 && r <= 0 { return 0 }
    let s = p * q / 4
    let r2 = r * r
    let r3 = r * r2
    let disc = s * (s + 2 * r3)  // the discriminant of the cubic in u
    var u = r
    if disc >= 0 {
      var t3 = s + r3
      t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()  // no cancellation
      let t = cbrt(t3)
      u += t + (t != 0 ? r2 / t : 0)
    } else {
      let angle = atan2((-disc).squareRoot(), -(s + r3))  // three real roots: take the largest
      u += 2 * r * cos(angle / 3)
    }
    let v = (u * u + q).squareRoot()
    let uv = u < 0 ? q / (v - u) : u + v  // u + v, free of cancellation
    let w = (uv - q) / (2 * v)
    return uv / ((uv + w * w).squareRoot() + w)
  }
}
