/// How horizontal and vertical accuracy are estimated from what a receiver sends.
///
/// `horizontalAccuracy` means gpsd's `eph`, an estimate of the horizontal position error in
/// metres:
/// - when the epoch has a GST sentence with latitude and longitude errors (1-sigma metres), the
///   distance root mean square √(σlat² + σlon²), the receiver's own estimate (≈ 63–68 %
///   confidence radius);
/// - otherwise HDOP × 19.0 m, or HDOP × 4.75 m when the fix is differential or RTK — gpsd 3.22's
///   user-equivalent range errors (UERE);
/// - otherwise −1 (unknown: RMC-only receivers send no HDOP).
///
/// `verticalAccuracy` (only for a 3D fix with an altitude; −1 otherwise):
/// - GST's altitude error (1-sigma metres) when sent;
/// - otherwise VDOP × 23.0 m (5.75 m differential), gpsd 3.22's `epv`;
/// - otherwise, when only HDOP is known (GGA without GSA), 1.5 × HDOP × 23.0 m (5.75 m): VDOP
///   is typically about 1.5 × HDOP under open sky, and an altitude without any accuracy would
///   read as invalid to Core Location code.
package enum ErrorModel {
  /// gpsd 3.22's horizontal UERE, metres.
  package static let horizontalUERE = 19.0
  /// gpsd 3.22's horizontal UERE with differential corrections, metres.
  package static let horizontalUEREDifferential = 4.75
  /// gpsd 3.22's vertical UERE, metres.
  package static let verticalUERE = 23.0
  /// gpsd 3.22's vertical UERE with differential corrections, metres.
  package static let verticalUEREDifferential = 5.75
  /// VDOP estimated from HDOP when no GSA is sent.
  package static let vdopPerHDOP = 1.5

  /// Whether corrections make the smaller UERE apply.
  package static func isDifferential(_ status: GNSSFixStatus) -> Bool {
    status == .dgps || status == .rtkFixed || status == .rtkFloat
  }

  /// gpsd's `eph` for an epoch.
  package static func horizontal(
    latitudeError: Double?, longitudeError: Double?, hdop: Double?, status: GNSSFixStatus
  ) -> Double {
    if let lat = latitudeError, let lon = longitudeError, lat > 0 || lon > 0 {
      return (lat * lat + lon * lon).squareRoot()
    }
    guard let hdop, hdop > 0 else { return -1 }
    return hdop * (isDifferential(status) ? horizontalUEREDifferential : horizontalUERE)
  }

  /// gpsd's `epv` for an epoch with an altitude.
  package static func vertical(
    altitudeError: Double?, vdop: Double?, hdop: Double?, status: GNSSFixStatus
  ) -> Double {
    if let error = altitudeError, error > 0 { return error }
    let uere = isDifferential(status) ? verticalUEREDifferential : verticalUERE
    if let vdop, vdop > 0 { return vdop * uere }
    if let hdop, hdop > 0 { return vdopPerHDOP * hdop * uere }
    return -1
  }
}
