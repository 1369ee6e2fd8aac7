import FoundationEssentials
import Geodesy

/// Turns an epoch report into a ``Fix``: timestamp, sentinels, GNSS details.
///
/// - Timestamp: the epoch's UTC date and time (see ``DateTracker``). An undated epoch (no date
///   from the receiver, the user or, live, a computer clock that agrees with the receiver) is
///   marked `gnss.hasDate == false`; its timestamp is then its time of day on 1970-01-01 plus a
///   day per midnight passed since the stream began, never the computer's date. With
///   ``ReplayTimestamps/startingNow`` every timestamp is shifted by the difference between the
///   wall clock and the first fix.
/// - Altitude: above mean sea level, only where the epoch has one (GGA or GNS) and the fix is
///   3D with a vertical accuracy; otherwise 0 with `verticalAccuracy` −1 (Core Location's
///   "invalid"). `ellipsoidalAltitude` adds the receiver's geoid separation, or EGM96's when it
///   sends none (``Geoid``).
/// - Speed and course: as a sentence of the epoch states them (RMC, VTG, PGRMV), −1 when none
///   does (never derived from positions: that is `GNSSFixInfo.derivedSpeed`, apart); course
///   normalised to [0, 360).
/// - Climb: the receiver's (PGRMV), else the altitude change over time between consecutive
///   3D fixes at most 5 s apart.
package struct LocationFactory {
  package var device: String?
  package var isReplay: Bool
  package var timestamps: ReplayTimestamps
  private var offset: Int64?
  private var previousAltitude: Double?
  private var previousInstant: Int64 = 0

  package init(device: String?, isReplay: Bool, timestamps: ReplayTimestamps) {
    self.device = device
    self.isReplay = isReplay
    self.timestamps = timestamps
  }

  /// The location for a fix; remembers it for the climb rate and the replay offset.
  package mutating func make(_ report: EpochReport, wallNow: Date) -> Fix {
    var instant = report.instant
    var climb: Double? = report.climb
    if report.verticalAccuracy > 0, let altitude = report.altitudeMSL {
      if climb == nil, let previous = previousAltitude, instant > previousInstant,
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
    return Self.location(
      report, instant: instant, climb: climb, device: device, isReplay: isReplay,
      shifted: shiftsToNow)
  }

  /// The location for a fix without remembering it (for a `stale` event).
  package func peek(_ report: EpochReport, wallNow: Date) -> Fix {
    var instant = report.instant
    if isReplay && timestamps == .startingNow { instant += offset ?? 0 }
    return Self.location(
      report, instant: instant, climb: nil, device: device, isReplay: isReplay,
      shifted: shiftsToNow)
  }

  /// Whether timestamps are shifted to start now (then every one is dated).
  package var shiftsToNow: Bool { isReplay && timestamps == .startingNow }

  /// The location for a report at `instant` (ns since 1970); `shifted` when the replay's
  /// timestamps start now (every one is then dated).
  package static func location(
    _ report: EpochReport, instant: Int64, climb: Double?, device: String?, isReplay: Bool,
    shifted: Bool = false
  ) -> Fix {
    let hasAltitude = report.verticalAccuracy > 0 && report.altitudeMSL != nil
    let altitude = hasAltitude ? report.altitudeMSL ?? 0 : 0
    // The receiver's own separation wins; without one, EGM96's (documented as derived).
    let modelled = hasAltitude && report.geoidSeparation == nil
    let separation =
      report.geoidSeparation
      ?? (modelled
        ? Geoid.egm96(latitude: report.latitude ?? 0, longitude: report.longitude ?? 0) : nil)
    var course = report.course ?? -1
    if course >= 360 { course = course.truncatingRemainder(dividingBy: 360) }
    var info = GNSSFixInfo(
      mode: report.mode, status: report.status, satellitesUsed: report.satellitesUsed,
      satellitesInView: report.satellitesInView, hdop: report.hdop, vdop: report.vdop,
      pdop: report.pdop, geoidSeparation: separation, climb: climb,
      magneticVariation: report.magneticVariation, latitudeError: report.latitudeError,
      longitudeError: report.longitudeError, dgpsAge: report.dgpsAge,
      dgpsStation: report.dgpsStation, device: device, isReplay: isReplay)
    info.hasDate = report.day != nil || shifted
    info.derivedSpeed = report.derivedSpeed
    info.geoidSeparationFromModel = modelled
    return Fix(
      coordinate: CLLocationCoordinate2D(
        latitude: report.latitude ?? kCLLocationCoordinate2DInvalid.latitude,
        longitude: report.longitude ?? kCLLocationCoordinate2DInvalid.longitude),
      altitude: altitude, ellipsoidalAltitude: hasAltitude ? altitude + (separation ?? 0) : 0,
      horizontalAccuracy: report.horizontalAccuracy, verticalAccuracy: report.verticalAccuracy,
      course: course, courseAccuracy: -1, speed: report.speed ?? -1, speedAccuracy: -1,
      timestamp: Date(timeIntervalSince1970: Double(instant) / 1e9),
      source: FixSource(
        isSimulatedBySoftware: report.status == .simulated, isProducedByAccessory: true),
      gnss: info)
  }
}
