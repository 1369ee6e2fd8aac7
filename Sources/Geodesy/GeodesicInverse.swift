// The inverse problem (Karney 2013, sec. 4–5): reduce to the canonical configuration, settle
// the meridional and equatorial cases directly, otherwise start from InverseStart's guess and
// solve λ₁₂(α₁) = λ₁₂ by Newton's method, bracketed by bisection.
import Glibc

extension Geodesic {
  /// The inverse problem's raw answer: distance and the azimuths as sine/cosine pairs.
  struct InverseSolution {
    /// Distance, metres.
    var s12: Double
    var salp1, calp1, salp2, calp2: Double
  }

  /// One evaluation of λ₁₂(α₁) on the auxiliary sphere (eqs. 5–13 and 23).
  struct LambdaEvaluation {
    /// λ₁₂(α₁) minus the wanted λ₁₂.
    var v: Double
    var salp2, calp2, sig12, ssig1, csig1, ssig2, csig2, eps: Double
  }

  /// Iteration limits and tolerances of the Newton/bisection solution.
  private static var maxit1: Int { 20 }
  private static var maxit2: Int { 20 + 53 + 10 }

  /// Solves the inverse problem; latitudes and longitudes in degrees.
  func solveInverse(
    _ latitude1: Double, _ longitude1: Double, _ latitude2: Double,
    _ longitude2: Double
  ) -> InverseSolution {
    // Longitude difference, made non-negative; its sine and cosine carry the rounding error.
    var (lon12, lon12s) = AngleMath.difference(longitude1, longitude2)
    var lonsign: Double = lon12.sign == .minus ? -1 : 1
    lon12 *= lonsign
    lon12s *= lonsign
    let lam12 = lon12 * AngleMath.degree
    let (slam12, clam12) = AngleMath.sincos(degrees: lon12, plus: lon12s)
    lon12s = (180 - lon12) - lon12s  // the supplementary longitude difference

    // Point 1 is the one with the larger |latitude|, and it is in the southern hemisphere.
    var lat1 = AngleMath.round(AngleMath.latitudeOrNaN(latitude1))
    var lat2 = AngleMath.round(AngleMath.latitudeOrNaN(latitude2))
    let swapp: Double = abs(lat1) < abs(lat2) || lat2.isNaN ? -1 : 1
    if swapp < 0 {
      lonsign = -lonsign
      swap(&lat1, &lat2)
    }
    let latsign: Double = lat1.sign == .minus ? 1 : -1
    lat1 *= latsign
    lat2 *= latsign

    // Reduced latitudes β (eq. 6), cos β kept positive even at the poles.
    var (sbet1, cbet1) = AngleMath.sincos(degrees: lat1)
    (sbet1, cbet1) = AngleMath.normalized(f1 * sbet1, cbet1)
    cbet1 = max(AngleMath.tiny, cbet1)
    var (sbet2, cbet2) = AngleMath.sincos(degrees: lat2)
    (sbet2, cbet2) = AngleMath.normalized(f1 * sbet2, cbet2)
    cbet2 = max(AngleMath.tiny, cbet2)
    // Make |β₂| = |β₁| exactly when the latitudes are equal in magnitude.
    if cbet1 < -sbet1 {
      if cbet2 == cbet1 { sbet2 = Double(signOf: sbet2, magnitudeOf: sbet1) }
    } else if abs(sbet2) == -sbet1 {
      cbet2 = cbet1
    }
    let dn1 = (1 + ep2 * (sbet1 * sbet1)).squareRoot()
    let dn2 = (1 + ep2 * (sbet2 * sbet2)).squareRoot()

    var s12x = 0.0
    var salp1 = 0.0
    var calp1 = 0.0
    var salp2 = 0.0
    var calp2 = 0.0
    // Along a meridian (or from the pole): the geodesic is the meridian unless it passes a
    // conjugate point, which only happens for nearly antipodal points.
    var meridian = lat1 == -90 || slam12 == 0
    if meridian {
      calp1 = clam12
      salp1 = slam12
      calp2 = 1
      salp2 = 0
      let ssig1 = sbet1
      let csig1 = calp1 * cbet1
      let ssig2 = sbet2
      let csig2 = calp2 * cbet2
      let sig12 = atan2(
        Self.positivePart(csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
      let lengths = lengths(
        eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1, ssig2: ssig2, csig2: csig2,
        dn2: dn2)
      if sig12 < 1 || lengths.m12b >= 0 {
        let zero =
          sig12 < 3 * AngleMath.tiny
          || (sig12 < AngleMath.tol0 && (lengths.s12b < 0 || lengths.m12b < 0))
        s12x = zero ? 0 : lengths.s12b * b
      } else {
        meridian = false
      }
    }

    if !meridian && sbet1 == 0 && (flattening <= 0 || lon12s >= flattening * 180) {
      // Along the equator (not nearly antipodal on an oblate ellipsoid).
      calp1 = 0
      calp2 = 0
      salp1 = 1
      salp2 = 1
      s12x = equatorialRadius * lam12
    } else if !meridian {
      let start = inverseStart(
        sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, lam12: lam12,
        slam12: slam12, clam12: clam12)
      salp1 = start.salp1
      calp1 = start.calp1
      if start.sig12 >= 0 {
        // A short line: the start is the answer.
        s12x = start.sig12 * b * start.dnm
        salp2 = start.salp2
        calp2 = start.calp2
      } else {
        let line = solveAzimuth(
          salp1: &salp1, calp1: &calp1, sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2,
          cbet2: cbet2, dn2: dn2, slam12: slam12, clam12: clam12)
        s12x =
          distance(
            eps: line.eps, sig12: line.sig12, ssig1: line.ssig1, csig1: line.csig1,
            ssig2: line.ssig2, csig2: line.csig2) * b
        salp2 = line.salp2
        calp2 = line.calp2
      }
    }

    // Undo the swaps and reflections.
    if swapp < 0 {
      swap(&salp1, &salp2)
      swap(&calp1, &calp2)
    }
    salp1 *= swapp * lonsign
    calp1 *= swapp * latsign
    salp2 *= swapp * lonsign
    calp2 *= swapp * latsign
    return InverseSolution(
      s12: 0 + s12x, salp1: salp1, calp1: calp1, salp2: salp2, calp2: calp2)
  }

  /// Finds α₁ with λ₁₂(α₁) = λ₁₂ (sec. 5): Newton's method from the start, falling back to
  /// bisection of the bracket [α₁ₐ, α₁ᵦ] when a step leaves it. Returns the last evaluation.
  @inline(__always)
  func solveAzimuth(
    salp1: inout Double, calp1: inout Double, sbet1: Double, cbet1: Double, dn1: Double,
    sbet2: Double, cbet2: Double, dn2: Double, slam12: Double, clam12: Double
  ) -> LambdaEvaluation {
    let tol0 = AngleMath.tol0
    var salp1a = AngleMath.tiny
    var calp1a = 1.0
    var salp1b = AngleMath.tiny
    var calp1b = -1.0
    var tripn = false
    var tripb = false
    var numit = 0
    while true {
      let line = lambda12(
        sbet1: sbet1, cbet1: cbet1, sbet2: sbet2, cbet2: cbet2, salp1: salp1, calp1: calp1,
        slam120: slam12, clam120: clam12)
      let v = line.v
      // The test is written so that a NaN ends the loop.
      if tripb || !(abs(v) >= (tripn ? 8 : 1) * tol0) || numit == Self.maxit2 { return line }
      // Update the bracket.
      if v > 0 && (numit > Self.maxit1 || calp1 / salp1 > calp1b / salp1b) {
        salp1b = salp1
        calp1b = calp1
      } else if v < 0 && (numit > Self.maxit1 || calp1 / salp1 < calp1a / salp1a) {
        salp1a = salp1
        calp1a = calp1
      }
      if numit < Self.maxit1 {
        let dv = lambdaDerivative(
          line, sbet1: sbet1, cbet1: cbet1, dn1: dn1, cbet2: cbet2, dn2: dn2)
        let dalp1 = -v / dv
        if dv > 0 && abs(dalp1) < .pi {
          let sdalp1 = sin(dalp1)
          let cdalp1 = cos(dalp1)
          let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
          if nsalp1 > 0 {
            (salp1, calp1) = AngleMath.normalized(nsalp1, calp1 * cdalp1 - salp1 * sdalp1)
            tripn = abs(v) <= 16 * tol0
            numit += 1
            continue
          }
        }
      }
      // Bisect: the Newton step failed or the iteration is taking too long.
      (salp1, calp1) = AngleMath.normalized((salp1a + salp1b) / 2, (calp1a + calp1b) / 2)
      tripn = false
      tripb =
        abs(salp1a - salp1) + (calp1a - calp1) < tol0
        || abs(salp1 - salp1b) + (calp1 - calp1b) < tol0
      numit += 1
    }
  }

  /// λ₁₂ as a function of α₁ (eqs. 5–10, 23), minus the wanted λ₁₂ given by its sine and cosine.
  @inline(__always)
  func lambda12(
    sbet1: Double, cbet1: Double, sbet2: Double, cbet2: Double, salp1: Double, calp1: Double,
    slam120: Double, clam120: Double
  ) -> LambdaEvaluation {
    // An equatorial start heading due north or south: nudge it off the equator's degeneracy.
    let calp1 = sbet1 == 0 && calp1 == 0 ? -AngleMath.tiny : calp1
    let salp0 = salp1 * cbet1  // α₀: azimuth at the node (eq. 5)
    let calp0 = hypot(calp1, salp1 * sbet1)
    let somg1 = salp0 * sbet1
    let comg1 = calp1 * cbet1
    let (ssig1, csig1) = AngleMath.normalized(sbet1, comg1)  // σ₁ (eq. 11)
    // α₂ (eqs. 5 and 45), computed so that it is accurate near the equator and the poles.
    let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
    let calp2: Double
    if cbet2 != cbet1 || abs(sbet2) != -sbet1 {
      let d =
        cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)
      calp2 = ((calp1 * cbet1) * (calp1 * cbet1) + d).squareRoot() / cbet2
    } else {
      calp2 = abs(calp1)
    }
    let somg2 = salp0 * sbet2
    let comg2 = calp2 * cbet2
    let (ssig2, csig2) = AngleMath.normalized(sbet2, comg2)
    let sig12 = atan2(
      Self.positivePart(csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
    // ω₁₂ on the auxiliary sphere, as the angle relative to the wanted λ₁₂.
    let somg12 = Self.positivePart(comg1 * somg2 - somg1 * comg2)
    let comg12 = comg1 * comg2 + somg1 * somg2
    let eta = atan2(
      somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
    let eps = GeodesicSeries.epsilon(k2: calp0 * calp0 * ep2)
    let c3 = longitudeSeries.c3Series(eps)
    let b312 = c3.sum(sin: ssig2, cos: csig2) - c3.sum(sin: ssig1, cos: csig1)
    let domg12 = -flattening * longitudeSeries.a3(eps) * salp0 * (sig12 + b312)
    return LambdaEvaluation(
      v: eta + domg12, salp2: salp2, calp2: calp2, sig12: sig12, ssig1: ssig1, csig1: csig1,
      ssig2: ssig2, csig2: csig2, eps: eps)
  }

  /// dλ₁₂/dα₁ (eq. 46; the limit at a pole when α₂ = ±90°).
  @inline(__always)
  func lambdaDerivative(
    _ line: LambdaEvaluation, sbet1: Double, cbet1: Double, dn1: Double, cbet2: Double, dn2: Double
  ) -> Double {
    if line.calp2 == 0 { return -2 * f1 * dn1 / sbet1 }
    let m12b = reducedLength(
      eps: line.eps, sig12: line.sig12, ssig1: line.ssig1, csig1: line.csig1, dn1: dn1,
      ssig2: line.ssig2, csig2: line.csig2, dn2: dn2)
    return m12b * (f1 / (line.calp2 * cbet2))
  }

  /// `max(0, x)` that turns −0 and NaN into +0, like C's `fmax(0, x)`.
  @inline(__always) static func positivePart(_ x: Double) -> Double { x > 0 ? x : 0 }
}
