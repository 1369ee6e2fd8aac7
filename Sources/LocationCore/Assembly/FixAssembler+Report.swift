import NMEA

// What an epoch reports: its mode, status, accuracy and motion, from what its sentences said.
extension FixAssembler {
  /// The report of an epoch: mode, status and accuracy decided from what it merged.
  mutating func report(_ e: EpochAccumulator) -> EpochReport {
    let time = e.time ?? UTCTime(hour: 0, minute: 0, second: 0)
    let day = dates.resolve(time: time, sent: e.date)
    var reason = e.voidReason
    if reason == nil, e.gsaMode == .noFix { reason = .gsaNoFix }
    if reason == nil, e.latitude == nil || e.longitude == nil { reason = .noPosition }
    if reason == nil, e.latitude == 0 && e.longitude == 0 { reason = .zeroPosition }
    if reason == nil, isOlderThanLastFix(time) { reason = .olderThanLastFix }
    // A count of 0 is a receiver that leaves the field at 00, not one without a fix: the
    // count is unknown (RMC status, GGA quality and GSA mode decide whether it is a fix).
    let counted = e.satellitesUsed.flatMap { $0 > 0 ? $0 : nil }
    let used = max(counted ?? 0, e.gsaSatellites)
    let mode: GNSSFixMode
    if reason != nil {
      mode = .noFix
    } else if let gsaMode = e.gsaMode {
      // GSA's fix type is the receiver's own word for the epoch: mode 2 is a 2D fix even when
      // GGA counts 4 or more satellites and sends an altitude (a Garmin GPS 15H, a ComNav, a
      // Telit hold the last altitude in 2D): that altitude is held, not measured.
      mode = gsaMode == .fix3D ? .fix3D : .fix2D
    } else if e.altitudeMSL != nil {
      // An altitude with 4 or more satellites, or with a count the receiver did not state;
      // one held from 3 satellites or fewer is 2D.
      mode = used == 0 || used >= 4 ? .fix3D : .fix2D
    } else if let last = last3D, Self.elapsed(from: last, to: time) <= 5_000_000_000 {
      // An epoch without altitude or GSA (RMC, GLL) within 5 s of one the receiver called 3D
      // is the same 3D solution (as gpsd reports it): its mode is carried, never an altitude.
      mode = .fix3D
    } else {
      mode = .fix2D
    }
    // An epoch that says nothing of the fix (a ZDA alone) or an older one (a stale sentence)
    // changes nothing carried to the next epochs.
    let carries = e.statesFix && reason != .olderThanLastFix
    if carries {
      if mode == .fix3D && (e.altitudeMSL != nil || e.gsaMode == .fix3D) {
        last3D = time.nanosecondsOfDay
      } else if mode != .fix3D {
        last3D = nil
      }
    }

    var status = GNSSFixStatus.unknown
    if mode != .noFix {
      status = e.simulated ? .simulated : (e.qualityStatus ?? e.modeStatus ?? .gps)
    }
    var hdop = e.gsaHDOP ?? e.fixHDOP
    var vdop = e.vdop
    if hdop != nil {
      if carries { recentDOP = (hdop, vdop, time.nanosecondsOfDay) }
    } else if let recent = recentDOP, Self.elapsed(from: recent.time, to: time) <= 5_000_000_000 {
      // Satellite geometry changes slowly: an epoch without DOPs (RMC, GLL) takes those of an
      // epoch at most 5 s earlier.
      hdop = recent.hdop
      vdop = vdop ?? recent.vdop
    }
    let horizontal: Double =
      mode == .noFix
      ? -1
      : ErrorModel.horizontal(
        latitudeError: e.latitudeError, longitudeError: e.longitudeError, hdop: hdop,
        status: status)
    // Only a 3D fix has an altitude: a 2D fix's (GSA mode 2, 3 satellites) is held.
    let vertical =
      mode == .fix3D && e.altitudeMSL != nil
      ? ErrorModel.vertical(
        altitudeError: e.altitudeError, vdop: vdop, hdop: hdop, status: status)
      : -1
    let derived = mode == .noFix || e.speed != nil ? nil : derivedSpeed(e, time)
    if mode != .noFix, let latitude = e.latitude, let longitude = e.longitude {
      previous = (latitude, longitude, time.nanosecondsOfDay)
      lastFixTime = time.nanosecondsOfDay
      olderRun = nil
    } else if carries {
      previous = nil
      olderRun = nil
    }
    // A differential station and its corrections' age belong to a fix that used them (GGA
    // quality 2, 4, 5): receivers fill the fields of others with a placeholder (Garmin's
    // `,1,…,,0000`), which names no station.
    let differential = status == .dgps || status == .rtkFixed || status == .rtkFloat
    var report = EpochReport(
      time: time, day: day, mode: mode, status: status, voidReason: reason,
      latitude: e.latitude, longitude: e.longitude, altitudeMSL: e.altitudeMSL,
      geoidSeparation: e.geoidSeparation, speed: e.speed, course: e.course,
      magneticVariation: e.magneticVariation, hdop: hdop, vdop: vdop, pdop: e.pdop,
      satellitesUsed: satellites.hasUsedList && satellites.usedCount > 0
        ? satellites.usedCount : counted,
      satellitesInView: satellites.hasSkyView ? satellites.inViewCount : nil,
      bestSNR: satellites.bestSNR,
      latitudeError: e.latitudeError, longitudeError: e.longitudeError,
      altitudeError: e.altitudeError, horizontalAccuracy: horizontal, verticalAccuracy: vertical,
      dgpsAge: differential ? e.dgpsAge : nil, dgpsStation: differential ? e.dgpsStation : nil,
      startedAt: e.startedAt, completedAt: e.lastAt,
      startRead: e.startRead)
    report.derivedSpeed = derived
    report.climb = e.climb
    report.statesFix = e.statesFix
    report.relativeDay = dates.relativeDay
    return report
  }

  /// Whether a fix at `time` would be older than the last fix: its time of day is a second to
  /// an hour before it (a step back of more than an hour is midnight, ``DateTracker``). A stale
  /// sentence of a multiplexed stream — `$GPGLL` of 12:00:08 after `$GPRMC` of 12:00:10 — is
  /// a position the receiver held seconds ago, not its latest: it is not a fix. When the next
  /// epoch older than the last fix is later than this one, with no fix between them, the
  /// receiver's clock stepped back (a leap-second correction, a receiver setting its clock):
  /// fixes go on from its new time (the first epoch of such a step is lost). A step back of
  /// less than a second is reported as sent (sub-second timing, or a receiver printing
  /// `105153.71` for 105153.071).
  private mutating func isOlderThanLastFix(_ time: UTCTime) -> Bool {
    guard let last = lastFixTime else { return false }
    let nanos = time.nanosecondsOfDay
    guard Self.back(from: last, to: nanos) >= 1_000_000_000 else { return false }
    if let run = olderRun, Self.back(from: nanos, to: run) >= 10_000_000 {
      olderRun = nil
      return false
    }
    olderRun = nanos
    return true
  }

  /// How far time of day `b` is before `a` (ns, across midnight; 0 when it is not, or when it
  /// is more than an hour before: midnight passed).
  private static func back(from a: Int64, to b: Int64) -> Int64 {
    var back = a - b
    let day = UTCCalendar.nanosecondsPerDay
    if back > day / 2 { back -= day } else if back < -day / 2 { back += day }
    return back > 0 && back <= DateTracker.midnightStep ? back : 0
  }

  /// Nanoseconds from one time of day to a later one (across midnight when needed).
  package static func elapsed(from earlier: Int64, to later: UTCTime) -> Int64 {
    var elapsed = later.nanosecondsOfDay - earlier
    if elapsed < -UTCCalendar.nanosecondsPerDay / 2 { elapsed += UTCCalendar.nanosecondsPerDay }
    return elapsed
  }

  /// Speed from the previous fix, for an epoch whose sentences state none (as gpsd derives
  /// its `speed`): the distance between the two positions over the time between them, when
  /// that is more than 0 and at most 5 s. Never the report's `speed`: it is offered apart, as
  /// ``EpochReport/derivedSpeed`` (`GNSSFixInfo.derivedSpeed`), which no output writes.
  private func derivedSpeed(_ e: EpochAccumulator, _ time: UTCTime) -> Double? {
    guard let previous, let latitude = e.latitude, let longitude = e.longitude else { return nil }
    let elapsed = Self.elapsed(from: previous.time, to: time)
    guard elapsed > 0 && elapsed <= 5_000_000_000 else { return nil }
    let distance = localDistance(previous.latitude, previous.longitude, latitude, longitude)
    return distance / (Double(elapsed) / 1e9)
  }
}
