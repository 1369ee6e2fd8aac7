import Geodesy
import Glibc

/// The error estimates gpsd 3.22 derives beyond one epoch's sentences (`gpsd_error_model`),
/// so a TPV carries `epx`, `epy`, `eps` and `epd` as gpsd's does:
///
/// - `epx`, `epy` (metres, `GNSSFixInfo.longitudeError`/`latitudeError`): GST's errors when the
///   receiver sends them; else the east and north DOPs of the satellites used
///   (``DilutionOfPrecision``) × 15 m (3.75 m for a DGPS fix), gpsd's horizontal UERE;
/// - `eps` (m/s, `speedAccuracy`): (max(epx, epy) of the previous fix + the same of this one)
///   / the time between them;
/// - `epd` (degrees, `courseAccuracy`): the angle the position errors subtend, seen from the
///   previous fix, 2 · asin(e / √(d² + e²)) with `d` the distance between the fixes and `e`
///   this fix's max(epx, epy); only when `d` > `e` (else the course is noise: no `epd`).
///
/// The previous fix is the previous epoch's, delivered or not; an epoch without a fix in
/// between breaks the chain.
package struct ErrorRates {
  /// gpsd 3.22's horizontal UERE for `epx`/`epy`, metres.
  package static let horizontalUERE = 15.0
  /// The same with DGPS corrections.
  package static let horizontalUEREDifferential = 3.75

  /// What one epoch left for the next.
  private struct Fix {
    var seconds: Double
    var latitude: Double
    var longitude: Double
    var error: Double?
  }
  private var previous: Fix?
  /// The directions (elevation, azimuth) of the satellites the last DOPs were worked out for,
  /// and those DOPs: the same satellites in the same places (GSV moves them once a second or
  /// less often, GSA names the ones used each epoch) are not worked out again each epoch.
  private var directions: [SIMD2<Double>] = []
  private var dop: DilutionOfPrecision?

  /// Rates with no fix before.
  package init() {}

  /// The estimates for one epoch, before they go into its `Fix`.
  package struct Estimates: Equatable {
    var longitudeError: Double?
    var latitudeError: Double?
    var speedAccuracy: Double?
    var courseAccuracy: Double?
  }

  /// The estimates for `report` (at `instant`, ns since 1970), given the satellites in use;
  /// remembers the fix for the next epoch.
  package mutating func next(_ report: EpochReport, instant: Int64, satellites: SatelliteTable)
    -> Estimates
  {
    guard report.isFix, let latitude = report.latitude, let longitude = report.longitude else {
      // An epoch that says nothing of the fix (a ZDA alone), or a stale one, breaks no chain.
      if report.statesFix && report.voidReason != .olderThanLastFix { previous = nil }
      return Estimates()
    }
    var estimates = Estimates(
      longitudeError: report.longitudeError, latitudeError: report.latitudeError)
    if estimates.longitudeError == nil || estimates.latitudeError == nil,
      let dop = geometry(satellites)
    {
      let uere = report.status == .dgps ? Self.horizontalUEREDifferential : Self.horizontalUERE
      estimates.longitudeError = estimates.longitudeError ?? dop.x * uere
      estimates.latitudeError = estimates.latitudeError ?? dop.y * uere
    }
    var error: Double? = nil
    if let x = estimates.longitudeError, let y = estimates.latitudeError { error = max(x, y) }
    let seconds = Double(instant) / 1e9
    if let previous, seconds - previous.seconds > 0.0099 {
      let span = seconds - previous.seconds
      if let before = previous.error, let error {
        estimates.speedAccuracy = (before + error) / span
      }
      let distance = Geodesic.wgs84.inverse(
        latitude1: previous.latitude, longitude1: previous.longitude, latitude2: latitude,
        longitude2: longitude
      ).distance
      if let error, distance.isFinite, distance > error {
        let hypotenuse = (distance * distance + error * error).squareRoot()
        estimates.courseAccuracy = 2 * asin(error / hypotenuse) * 180 / .pi
      }
    }
    previous = Fix(seconds: seconds, latitude: latitude, longitude: longitude, error: error)
    return estimates
  }

  /// The DOPs of the satellites used, from their directions: the last epoch's when they are
  /// the same.
  private mutating func geometry(_ table: SatelliteTable) -> DilutionOfPrecision? {
    guard table.updateUsedDirections(&directions) else { return dop }
    dop = directions.withUnsafeBufferPointer { DilutionOfPrecision(directions: $0) }
    return dop
  }
}

extension Fix {
  /// This fix with `estimates` filled in where it has none.
  package func with(_ estimates: ErrorRates.Estimates) -> Fix {
    var fix = self
    fix.fill(estimates)
    return fix
  }

  /// Fills in `estimates` where this fix has none, in place (``with(_:)`` copied the fix and
  /// its `gnss` twice each).
  package mutating func fill(_ estimates: ErrorRates.Estimates) {
    guard estimates != ErrorRates.Estimates() else { return }
    // Through optional chaining, in place (each `gnss!` read copied the whole info).
    gnss?.fillErrors(estimates)
    if courseAccuracy < 0 { courseAccuracy = estimates.courseAccuracy ?? -1 }
    if speedAccuracy < 0 { speedAccuracy = estimates.speedAccuracy ?? -1 }
  }
}

extension GNSSFixInfo {
  /// Fills in the position errors of `estimates` where this info has none.
  fileprivate mutating func fillErrors(_ estimates: ErrorRates.Estimates) {
    longitudeError = longitudeError ?? estimates.longitudeError
    latitudeError = latitudeError ?? estimates.latitudeError
  }
}
