import Foundation

/// Turns an epoch report into a `CLLocation`: timestamp, sentinels, GNSS details.
///
/// - Timestamp: the epoch's UTC date and time. An epoch with no date ever sent (GGA-only
///   receivers) takes the host's UTC date — the one that puts the time of day nearest the host
///   clock. With ``ReplayTimestamps/startingNow`` every timestamp is shifted by the difference
///   between the wall clock and the first fix.
/// - Altitude: above mean sea level; `ellipsoidalAltitude` adds the geoid separation (0 when the
///   receiver sends none; then `gnss.geoidSeparation` is nil). Valid only for a 3D fix
///   (`verticalAccuracy` > 0).
/// - Speed and course: −1 when not sent; course normalised to [0, 360).
/// - Climb: altitude change over time between consecutive 3D fixes at most 5 s apart.
struct LocationFactory {
  var device: String?
  var isReplay: Bool
  var timestamps: ReplayTimestamps
  private var offset: Int64?
  private var previousAltitude: Double?
  private var previousInstant: Int64 = 0

  init(device: String?, isReplay: Bool, timestamps: ReplayTimestamps) {
    self.device = device
    self.isReplay = isReplay
    self.timestamps = timestamps
  }

  /// The day to use for an epoch without a date: the host's, nearest to the time of day.
  static func fallbackDay(for report: EpochReport, wallNow: Date) -> Int {
    let now = Int64(wallNow.timeIntervalSince1970 * 1e9)
    let today = Int(now / UTCCalendar.nanosecondsPerDay)
    var best = today
    var bestDistance = Int64.max
    for day in (today - 1)...(today + 1) {
      let distance = abs(report.instant(fallbackDay: day) - now)
      if distance < bestDistance {
        best = day
        bestDistance = distance
      }
    }
    return best
  }

  /// The location for a fix; remembers it for the climb rate and the replay offset.
  mutating func make(_ report: EpochReport, wallNow: Date) -> CLLocation {
    var instant = report.instant(fallbackDay: Self.fallbackDay(for: report, wallNow: wallNow))
    var climb: Double? = nil
    if report.mode == .fix3D, let altitude = report.altitudeMSL {
      if let previous = previousAltitude, instant > previousInstant,
        instant - previousInstant <= 5_000_000_000
      {
        climb = (altitude - previous) / (Double(instant - previousInstant) / 1e9)
      }
      previousAltitude = altitude
    } else {
      previousAltitude = nil
    }
    previousInstant = instant
    if isReplay && timestamps == .startingNow {
      if offset == nil { offset = Int64(wallNow.timeIntervalSince1970 * 1e9) - instant }
      instant += offset ?? 0
    }
    return Self.location(report, instant: instant, climb: climb, device: device, isReplay: isReplay)
  }

  /// The location for a fix without remembering it (for a `stale` event).
  func peek(_ report: EpochReport, wallNow: Date) -> CLLocation {
    var instant = report.instant(fallbackDay: Self.fallbackDay(for: report, wallNow: wallNow))
    if isReplay && timestamps == .startingNow { instant += offset ?? 0 }
    return Self.location(report, instant: instant, climb: nil, device: device, isReplay: isReplay)
  }

  static func location(
    _ report: EpochReport, instant: Int64, climb: Double?, device: String?, isReplay: Bool
  ) -> CLLocation {
    let altitude = report.altitudeMSL ?? 0
    var course = report.course ?? -1
    if course >= 360 { course = course.truncatingRemainder(dividingBy: 360) }
    let info = GNSSFixInfo(
      mode: report.mode, status: report.status, satellitesUsed: report.satellitesUsed,
      satellitesInView: report.satellitesInView, hdop: report.hdop, vdop: report.vdop,
      pdop: report.pdop, geoidSeparation: report.geoidSeparation, climb: climb,
      magneticVariation: report.magneticVariation, latitudeError: report.latitudeError,
      longitudeError: report.longitudeError, dgpsAge: report.dgpsAge,
      dgpsStation: report.dgpsStation, device: device, isReplay: isReplay)
    return CLLocation(
      coordinate: CLLocationCoordinate2D(
        latitude: report.latitude ?? kCLLocationCoordinate2DInvalid.latitude,
        longitude: report.longitude ?? kCLLocationCoordinate2DInvalid.longitude),
      altitude: altitude, ellipsoidalAltitude: altitude + (report.geoidSeparation ?? 0),
      horizontalAccuracy: report.horizontalAccuracy, verticalAccuracy: report.verticalAccuracy,
      course: course, courseAccuracy: -1, speed: report.speed ?? -1, speedAccuracy: -1,
      timestamp: Date(timeIntervalSince1970: Double(instant) / 1e9),
      sourceInfo: CLLocationSourceInformation(
        softwareSimulationState: report.status == .simulated, andExternalAccessoryState: true),
      gnss: info)
  }
}
