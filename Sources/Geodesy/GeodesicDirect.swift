// The direct problem (Karney 2013, sec. 3): from the start point and azimuth find the geodesic's
// node (α₀, σ₁), convert the distance to σ₁₂ through τ with the reverted series C′₁ (eq. 20),
// then read off the end point's latitude, longitude (eq. 8 with I₃) and azimuth.
import Glibc

extension Geodesic {
  /// The direct problem's raw answer.
  struct DirectSolution {
    var lat2, lon2: Double
    var salp2, calp2: Double
  }

  /// Solves the direct problem; degrees and metres.
  func solveDirect(_ latitude: Double, _ longitude: Double, _ azimuth: Double, _ s12: Double)
    -> DirectSolution
  {
    let tiny = AngleMath.tiny
    let (salp1, calp1) = AngleMath.sincos(
      degrees: AngleMath.round(AngleMath.normalize(azimuth)))
    let lat1 = AngleMath.latitudeOrNaN(latitude)
    var (sbet1, cbet1) = AngleMath.sincos(degrees: AngleMath.round(lat1))
    (sbet1, cbet1) = AngleMath.normalized(f1 * sbet1, cbet1)
    cbet1 = max(tiny, cbet1)

    // The node: α₀ (eq. 5) and σ₁, ω₁ (eq. 11).
    let salp0 = salp1 * cbet1
    let calp0 = hypot(calp1, salp1 * sbet1)
    let somg1 = salp0 * sbet1
    let comg1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
    let (ssig1, csig1) = AngleMath.normalized(sbet1, comg1)
    let k2 = calp0 * calp0 * ep2
    let eps = GeodesicSeries.epsilon(k2: k2)

    // Distance to arc length: τ₁ from σ₁ (eq. 7), then σ₂ from τ₂ (eq. 20).
    let a1 = 1 + GeodesicSeries.a1m1(eps)
    let c1 = GeodesicSeries.c1(eps)
    let b11 = c1.sum(sin: ssig1, cos: csig1)
    let sb11 = sin(b11)
    let cb11 = cos(b11)
    let stau1 = ssig1 * cb11 + csig1 * sb11
    let ctau1 = csig1 * cb11 - ssig1 * sb11
    let tau12 = s12 / (b * a1)
    let stau12 = sin(tau12)
    let ctau12 = cos(tau12)
    let b12 = -GeodesicSeries.c1p(eps).sum(
      sin: stau1 * ctau12 + ctau1 * stau12, cos: ctau1 * ctau12 - stau1 * stau12)
    var sig12 = tau12 - (b12 - b11)
    var ssig12 = sin(sig12)
    var csig12 = cos(sig12)
    if abs(flattening) > 0.01 {
      // One Newton step on s(σ) for flattenings where the reverted series is not enough.
      let ssig2 = ssig1 * csig12 + csig1 * ssig12
      let csig2 = csig1 * csig12 - ssig1 * ssig12
      let serr = a1 * (sig12 + (c1.sum(sin: ssig2, cos: csig2) - b11)) - s12 / b
      sig12 -= serr / (1 + k2 * (ssig2 * ssig2)).squareRoot()
      ssig12 = sin(sig12)
      csig12 = cos(sig12)
    }

    // The end point on the auxiliary sphere.
    let ssig2 = ssig1 * csig12 + csig1 * ssig12
    var csig2 = csig1 * csig12 - ssig1 * ssig12
    let sbet2 = calp0 * ssig2
    var cbet2 = hypot(salp0, calp0 * csig2)
    if cbet2 == 0 {
      // At a pole: keep the azimuth meaningful.
      cbet2 = tiny
      csig2 = tiny
    }
    let somg2 = salp0 * ssig2
    let comg2 = csig2
    let omg12 = atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
    let c3 = longitudeSeries.c3Series(eps)
    let a3c = -flattening * salp0 * longitudeSeries.a3(eps)
    let lam12 =
      omg12
      + a3c * (sig12 + (c3.sum(sin: ssig2, cos: csig2) - c3.sum(sin: ssig1, cos: csig1)))
    let lon12 = lam12 / AngleMath.degree
    let lon2 = AngleMath.normalize(
      AngleMath.normalize(longitude) + AngleMath.normalize(lon12))
    let lat2 = AngleMath.atan2Degrees(sbet2, f1 * cbet2)
    return DirectSolution(lat2: lat2, lon2: lon2, salp2: salp0, calp2: calp0 * csig2)
  }
}
