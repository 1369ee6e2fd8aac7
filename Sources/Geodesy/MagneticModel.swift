// The World Magnetic Model (WMM2025): the declination of the Earth's main magnetic field, from
// its spherical harmonic expansion to degree and order 12, as the model's technical report
// defines it (Chulliat et al., "The US/UK World Magnetic Model for 2025–2030", NOAA NCEI):
// geodetic to geocentric coordinates, the Gauss coefficients moved to the date by their secular
// variation, Schmidt semi-normalised associated Legendre functions, the field's north, east and
// down components, rotated back to the geodetic frame.
import Glibc

/// The World Magnetic Model 2025: magnetic declination (variation) anywhere on Earth.
///
/// The coefficients (``MagneticModelTable``, 90 of each kind) are NOAA's `WMM_2025.COF`
/// (public domain), written by `Tests/Tools/make_wmm_table.py`. The expansion is evaluated in
/// full at every call (no grid, no interpolation): it agrees with the reference
/// implementation (PyPI's `pygeomag`) to better than 1e-6° (Tests/GeodesyTests/
/// MagneticModelTests.swift, 10,000 random points and dates). The model itself is good to
/// about 0.5° away from the magnetic poles and local anomalies.
public enum MagneticModel {
  /// The model's name: `WMM-2025`.
  public static let name = MagneticModelTable.name
  /// The first decimal year the model is made for (2025.0).
  public static let validFrom = MagneticModelTable.epoch
  /// The end of the model's life (2030.0): five years after its epoch.
  public static let validUntil = MagneticModelTable.epoch + 5

  /// The declination, degrees east of true north (west negative), in (−180, 180]: what a
  /// compass needle points off true north at a geodetic `latitude` and `longitude` (degrees),
  /// `height` metres above the WGS-84 ellipsoid, at `year` (a decimal year: 2025.5 is the
  /// start of July 2025). A year outside the model's life is taken at its nearer end
  /// (the field drifts by about 0.1° a year: a replay of a 2020 capture gets 2025's field);
  /// nil for a coordinate that is not a number or a latitude beyond ±90°.
  public static func declination(
    latitude: Double, longitude: Double, height: Double = 0, year: Double
  ) -> Double? {
    guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90 else { return nil }
    let when = year.isFinite ? min(max(year, validFrom), validUntil) : validFrom
    let field = northEast(
      latitude: latitude, longitude: longitude, height: height.isFinite ? height : 0,
      years: when - validFrom)
    return atan2(field.east, field.north) * 180 / .pi
  }

  /// The decimal year of a moment given in seconds since 1970-01-01T00:00:00Z: the year plus
  /// the fraction of it (of 365 or 366 days) gone by.
  public static func decimalYear(secondsSince1970 seconds: Double) -> Double {
    guard seconds.isFinite else { return .nan }
    let days = (seconds / 86_400).rounded(.down)
    let year = civilYear(days: Int(days))
    let start = Double(daysSince1970(year: year))
    let length = Double(daysSince1970(year: year + 1)) - start
    return Double(year) + (seconds / 86_400 - start) / length
  }

  /// The horizontal field's north and east components (nT) in the geodetic frame.
  static func northEast(latitude: Double, longitude: Double, height: Double, years: Double)
    -> (north: Double, east: Double)
  {
    // Geodetic to geocentric (km): the radius and the geocentric latitude.
    let a = wgs84EquatorialRadius / 1000
    let e2 = wgs84Flattening * (2 - wgs84Flattening)
    let h = height / 1000
    // At a pole the east component has no direction: the pole itself is moved a hair off.
    let phi = min(max(latitude, -89.999_999_9), 89.999_999_9) * .pi / 180
    let sinPhi = sin(phi)
    let cosPhi = cos(phi)
    let rc = a / (1 - e2 * sinPhi * sinPhi).squareRoot()
    let p = (rc + h) * cosPhi
    let z = (rc * (1 - e2) + h) * sinPhi
    let r = (p * p + z * z).squareRoot()
    let geocentric = asin(z / r)
    // θ is the geocentric colatitude: cos θ = sin φ′, sin θ = cos φ′.
    let cosTheta = sin(geocentric)
    let sinTheta = cos(geocentric)
    let lambda = longitude * .pi / 180
    let ratio = referenceRadius / r
    let degree = MagneticModelTable.degree
    var north = 0.0
    var east = 0.0
    var down = 0.0
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * coefficientCount) { buffer in
      let pnm = buffer.baseAddress!
      let dpnm = pnm + coefficientCount
      legendre(cosTheta: cosTheta, sinTheta: sinTheta, p: pnm, dp: dpnm)
      let (sinLambda, cosLambda) = (sin(lambda), cos(lambda))
      var power = ratio * ratio
      for n in 1...degree {
        power *= ratio
        var sinM = 0.0
        var cosM = 1.0
        var sumNorth = 0.0
        var sumEast = 0.0
        var sumDown = 0.0
        for m in 0...n {
          let k = index(n, m)
          let t = k - 1  // the table starts at n = 1
          let g = schmidt[k] * (MagneticModelTable.g[t] + years * MagneticModelTable.gDot[t])
          let hh = schmidt[k] * (MagneticModelTable.h[t] + years * MagneticModelTable.hDot[t])
          let along = g * cosM + hh * sinM
          sumNorth += along * dpnm[k]
          sumDown += along * pnm[k]
          sumEast += Double(m) * (g * sinM - hh * cosM) * pnm[k]
          (sinM, cosM) = (sinM * cosLambda + cosM * sinLambda, cosM * cosLambda - sinM * sinLambda)
        }
        north += power * sumNorth
        east += power * sumEast
        down -= Double(n + 1) * power * sumDown
      }
    }
    east /= sinTheta
    // Back to the geodetic frame: turn by the difference of the two latitudes.
    let psi = geocentric - phi
    return (north * cos(psi) - down * sin(psi), east)
  }

  /// Gauss-normalised associated Legendre functions P(n, m)(cos θ) and their θ-derivatives
  /// (the Schmidt factors are in ``schmidt``).
  private static func legendre(
    cosTheta: Double, sinTheta: Double, p: UnsafeMutablePointer<Double>,
    dp: UnsafeMutablePointer<Double>
  ) {
    p[0] = 1
    dp[0] = 0
    for n in 1...MagneticModelTable.degree {
      for m in 0...n {
        let k = index(n, m)
        if n == m {
          let previous = index(n - 1, m - 1)
          p[k] = sinTheta * p[previous]
          dp[k] = sinTheta * dp[previous] + cosTheta * p[previous]
        } else {
          let up = index(n - 1, m)
          let twoUp = n >= m + 2 ? index(n - 2, m) : -1
          let before = twoUp >= 0 ? p[twoUp] : 0
          let dBefore = twoUp >= 0 ? dp[twoUp] : 0
          p[k] = cosTheta * p[up] - recursion[k] * before
          dp[k] = cosTheta * dp[up] - sinTheta * p[up] - recursion[k] * dBefore
        }
      }
    }
  }

  /// The geomagnetic reference radius, km.
  static let referenceRadius = 6371.2
  /// Terms from n = 0 to the model's degree.
  static let coefficientCount = index(MagneticModelTable.degree + 1, 0)

  /// Where P(n, m) is kept: n(n + 1)/2 + m.
  @inline(__always) static func index(_ n: Int, _ m: Int) -> Int { n * (n + 1) / 2 + m }

  /// Schmidt semi-normalisation factors S(n, m) (Gauss to Schmidt).
  static let schmidt: [Double] = {
    var s = [Double](repeating: 1, count: coefficientCount)
    for n in 1...MagneticModelTable.degree {
      s[index(n, 0)] = s[index(n - 1, 0)] * Double(2 * n - 1) / Double(n)
      for m in 1...n {
        let twice = m == 1 ? 2.0 : 1.0
        s[index(n, m)] =
          s[index(n, m - 1)] * (Double(n - m + 1) * twice / Double(n + m)).squareRoot()
      }
    }
    return s
  }()

  /// The recursion's K(n, m) = ((n − 1)² − m²) / ((2n − 1)(2n − 3)).
  static let recursion: [Double] = {
    var k = [Double](repeating: 0, count: coefficientCount)
    for n in 2...MagneticModelTable.degree {
      for m in 0..<n {
        k[index(n, m)] = Double((n - 1) * (n - 1) - m * m) / Double((2 * n - 1) * (2 * n - 3))
      }
    }
    return k
  }()

  /// The proleptic Gregorian year of a day counted from 1970-01-01.
  static func civilYear(days: Int) -> Int {
    // Howard Hinnant's days-to-civil, the year only.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    return yearOfEra + era * 400 + (monthIndex >= 10 ? 1 : 0)
  }

  /// Days from 1970-01-01 to 1 January of `year`.
  static func daysSince1970(year: Int) -> Int {
    let y = year - 1
    return 365 * (year - 1970) + (y / 4 - y / 100 + y / 400) - (1969 / 4 - 1969 / 100 + 1969 / 400)
  }
}
