import NMEA

/// What one sentence (or the end of input) produced; the reports themselves are read from the
/// assembler (``FixAssembler/closedReport``, ``FixAssembler/completedReport``), so that each
/// sentence returns only these flags.
package struct AssemblerStep: Sendable {
  /// An epoch was reported because the next one started (its cycle ender is not known yet, or
  /// did not come) or because the input ended or went silent: ``FixAssembler/closedReport``.
  package var closed = false
  /// The epoch was reported on its learned cycle ender, as soon as it was complete:
  /// ``FixAssembler/completedReport``.
  package var completed = false
  /// Whether the satellites in view changed with the epoch just closed (read
  /// ``FixAssembler/satellites``).
  package var skyChanged = false
  /// A date the sentence sent that cannot be true, ignored (it dates nothing).
  package var ignoredDate: ImpossibleDate?
}

/// A sent date ignored as impossible (``DateTracker``), for `--verbose` (a plain value: the
/// step it rides in is returned for every sentence).
package struct ImpossibleDate: Sendable {
  /// The sentence's talker.
  package var talker: Talker
  /// RMC (its date is field 9) or ZDA (fields 2–4).
  package var isZDA: Bool
  /// The date as sent.
  package var date: NMEADate

  /// The error a user reads: `GPRMC field 9 (date): 1980-01-05 cannot be true (before the
  /// GPS epoch, 1980-01-06, or after 2199)` (a ZDA's date starts at field 2).
  package var error: NMEAError {
    NMEAError(
      code: .outOfRange, address: "\(talker)" + (isZDA ? "ZDA" : "RMC"), field: isZDA ? 2 : 9,
      fieldName: "date",
      reason: "\(date) cannot be true (before the GPS epoch, 1980-01-06, or after 2199)")
  }
}

/// Turns typed sentences into one report per epoch — the sentences sharing a UTC time of day.
///
/// The reporting rule (gpsd's approach, refined): a timed sentence (RMC, GGA, GLL, GNS, ZDA)
/// whose time of day differs by 10 ms or more from the epoch in progress starts a new epoch. The
/// last fix-bearing sentence (RMC GGA GLL GNS VTG GSA GST ZDA; keyed by type, talker and
/// ordinal) before such a change is learned as a cycle ender; from then on the epoch is
/// reported the moment its ender arrives — never one cycle late. Until an ender is known, a
/// live source's epoch is reported when the line goes quiet after it (``reportOnQuiet()``, see
/// ``LocationPolicy/quietGap``); otherwise, and when the ender does not come, the epoch is
/// reported when the next one starts. Untimed
/// sentences (GSA, VTG, GSV) belong to the epoch in progress (at the very start of a stream,
/// to the first timed epoch: a capture that begins mid-cycle), except a VTG that this
/// receiver's own values show to open the next epoch (``VTGOrder``). GST joins the epoch whose time
/// it names. GSV only feeds the sky view, which changes when an epoch closes. An epoch's time is
/// its latest timed sentence's (GLL sent a few ms before RMC and GGA takes their time).
///
/// No allocation per sentence: all state is inline or reuses storage allocated at creation.
package struct FixAssembler {
  /// The satellites in view and used.
  package var satellites = SatelliteTable()
  /// The cycle enders learned.
  private(set) var enders = CycleEnders()
  /// Whether VTG opens the next epoch, learned from the receiver's own values.
  private(set) var vtgOrder = VTGOrder()
  package var epoch: EpochAccumulator?
  /// The epoch reported late (valid after a step with `closed`).
  private(set) var closedReport: EpochReport?
  /// The epoch reported on its ender (valid after a step with `completed`).
  private(set) var completedReport: EpochReport?
  package var epochNumber = 0
  private var dates: DateTracker
  /// A replay's clock, advanced by the sentences' times (nil for a live source).
  private var stream: StreamClock?
  private var previous: (latitude: Double, longitude: Double, time: Int64)?
  /// When the receiver last stated a 3D solution (an altitude in 3D, or GSA mode 3), ns of day.
  private var last3D: Int64?
  private var recentDOP: (hdop: Double?, vdop: Double?, time: Int64)?

  /// Makes an assembler with a week-rollover rule; with `streamClock`, sentence times (not the
  /// `at` arguments) are the service time, as for a replay.
  package init(rollover: WeekRollover, streamClock: Bool = false) {
    dates = DateTracker(rollover: rollover)
    stream = streamClock ? StreamClock() : nil
  }

  /// Today by the computer's clock, days since 1970: what a live source's dates are judged
  /// against (``WeekRollover``).
  package var today: Int? {
    get { dates.today }
    set { dates.today = newValue }
  }

  /// The computer's clock, ns since 1970 (live sources): its date dates epochs while the
  /// receiver has sent none and its time of day agrees (``DateTracker/clockWindow``).
  package var clock: Int64? {
    get { dates.clock }
    set { dates.clock = newValue }
  }

  /// The day number of the stream's relative day 0, once a date is known (``DateTracker``).
  package var dateAnchor: Int? { dates.anchor }

  /// Dates the stream's first epoch (`--date`); a date the receiver sends wins.
  package mutating func giveDate(day: Int) { dates.give(day: day) }

  /// Sent dates ignored as impossible.
  package var ignoredDates: Int { dates.ignoredDates }

  /// The stream clock's time, ns (0 without one).
  @inline(__always) package var streamNow: Int64 { stream?.now ?? 0 }

  /// Two times of day are the same epoch when less than 10 ms apart.
  package static func sameEpoch(_ a: UTCTime, _ b: UTCTime) -> Bool {
    abs(a.nanosecondsOfDay - b.nanosecondsOfDay) < 10_000_000
  }

  /// Whether a time of day is within 10 ms of a whole second.
  package static func isWholeSecond(_ time: UTCTime?) -> Bool {
    guard let time else { return false }
    return time.nanosecond < 10_000_000 || time.nanosecond > 990_000_000
  }

  /// Whether the epoch in progress has fix data but no confirmed cycle ender of its phase to
  /// report it: a live source may report it when the line goes quiet (``reportOnQuiet()``).
  package var awaitsQuietReport: Bool {
    guard let time = epoch?.time, epoch?.reportedOn == nil, epoch?.lastKey != nil else {
      return false
    }
    return !enders.hasConfirmedEnder(wholeSecond: Self.isWholeSecond(time))
  }

  /// Reports the epoch in progress now, keeping it open: the line went quiet after it before
  /// a cycle ender was learned (a live receiver sends an epoch as one burst). It is reported
  /// on its last key, as if that were its ender: more fix data for the same epoch makes that
  /// key forgotten (``CycleEnders/forget(_:)``) and is not reported again.
  package mutating func reportOnQuiet() -> AssemblerStep {
    var step = AssemblerStep()
    guard awaitsQuietReport, let key = epoch?.lastKey else { return step }
    epoch!.reportedOn = key
    if let current = epoch { completedReport = report(current) }
    step.completed = true
    return step
  }

  /// Reports the epoch in progress (the input ended, or the receiver went silent).
  package mutating func flush(at: Int64) -> AssemblerStep {
    var step = AssemblerStep()
    step.closed = close(at: at)
    step.skyChanged = satellites.takeDirty()
    return step
  }

  /// A sentence that should carry a time but does not (a receiver that lost its fix, or just
  /// started): it belongs to no epoch. The receiver's state changed, so the epoch in progress
  /// is complete and reported now (its last fix is not lost, nor voided by a no-fix sentence
  /// merged into it); untimed sentences before it belonged to no timed epoch.
  package mutating func untimed(at: Int64) -> AssemblerStep {
    var step = AssemblerStep()
    guard epoch?.time != nil else {
      epoch = nil
      return step
    }
    step.closed = close(at: stream?.now ?? at)
    step.skyChanged = satellites.takeDirty()
    return step
  }

  /// Merges a sentence of fix data (its time, when it has one) into the epoch in progress;
  /// the per-type `add` methods (FixAssembler+Sentences.swift) call it.
  package mutating func handle(
    _ kind: FixSentenceKind, _ talker: Talker, _ time: UTCTime?, _ at: Int64, _ read: Int,
    _ merge: (inout EpochAccumulator, inout DateTracker) -> Void
  ) -> AssemblerStep {
    var step = AssemblerStep()
    var at = at
    if stream != nil {
      if let time, kind != .gst { stream!.observe(time) }
      at = stream!.now
    }
    if let time, let epochTime = epoch?.time, !Self.sameEpoch(epochTime, time) {
      step.closed = close(at: at)
      step.skyChanged = satellites.takeDirty()
    } else if kind == .vtg && vtgOrder.opensEpochs && epoch?.time != nil {
      // This receiver's VTG starts the next epoch: the one in progress is complete.
      step.closed = close(at: at)
      step.skyChanged = satellites.takeDirty()
    }
    if epoch == nil {
      // A timed-type sentence without its time joins no epoch; see `add`.
      if time == nil && kind != .vtg && kind != .gsa && kind != .gst { return step }
      epochNumber += 1
      epoch = EpochAccumulator(time: time, at: at, read: read)
    }
    // In place (`epoch!` after the nil check above): the accumulator is not copied per sentence.
    guard epoch != nil else { return step }
    if let time { epoch!.time = time }
    epoch!.lastAt = at
    let key = epoch!.ordinals.next(kind, talker).phased(Self.isWholeSecond(epoch!.time))
    merge(&epoch!, &dates)
    epoch!.lastKey = key
    epoch!.beforeLast = epoch!.seen
    epoch!.seen.insert(key)
    if epoch!.reportedOn != nil {
      epoch!.dataAfterReport = true
    } else if epoch!.time != nil && enders.ends(key, after: epoch!.beforeLast) {
      epoch!.reportedOn = key
      if let current = epoch { completedReport = report(current) }
      step.completed = true
    }
    return step
  }

  /// Ends the epoch in progress: learns its ender, and reports it if not done yet; returns
  /// whether it reported (in ``closedReport``).
  private mutating func close(at: Int64) -> Bool {
    guard let finished = epoch else { return false }
    epoch = nil
    guard finished.time != nil else { return false }
    vtgOrder.observe(
      rmc: finished.rmcMotion, trailing: finished.trailingVTG, leading: finished.leadingVTG)
    if finished.dataAfterReport, let fired = finished.reportedOn { enders.forget(fired) }
    if let last = finished.lastKey { enders.learn(last, after: finished.beforeLast) }
    guard finished.reportedOn == nil else { return false }
    closedReport = report(finished)
    return true
  }

  /// The report of an epoch: mode, status and accuracy decided from what it merged.
  private mutating func report(_ e: EpochAccumulator) -> EpochReport {
    let time = e.time ?? UTCTime(hour: 0, minute: 0, second: 0)
    let day = dates.resolve(time: time, sent: e.date)
    var reason = e.voidReason
    if reason == nil, e.gsaMode == .noFix { reason = .gsaNoFix }
    if reason == nil, e.latitude == nil || e.longitude == nil { reason = .noPosition }
    if reason == nil, e.latitude == 0 && e.longitude == 0 { reason = .zeroPosition }
    // A count of 0 is a receiver that leaves the field at 00, not one without a fix: the
    // count is unknown (RMC status, GGA quality and GSA mode decide whether it is a fix).
    let counted = e.satellitesUsed.flatMap { $0 > 0 ? $0 : nil }
    let used = max(counted ?? 0, e.gsaSatellites)
    let mode: GNSSFixMode
    if reason != nil {
      mode = .noFix
    } else if let gsaMode = e.gsaMode {
      // Some receivers (Telit, Navior) declare 2D in GSA while sending an altitude solved
      // from 4 or more satellites: that is a 3D solution (gpsd 3.22 reads it so too).
      let solved = e.altitudeMSL != nil && used >= 4
      mode = gsaMode == .fix3D || solved ? .fix3D : .fix2D
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
    if mode == .fix3D && (e.altitudeMSL != nil || e.gsaMode == .fix3D) {
      last3D = time.nanosecondsOfDay
    } else if mode != .fix3D {
      last3D = nil
    }

    var status = GNSSFixStatus.unknown
    if mode != .noFix {
      status = e.simulated ? .simulated : (e.qualityStatus ?? e.modeStatus ?? .gps)
    }
    var hdop = e.gsaHDOP ?? e.fixHDOP
    var vdop = e.vdop
    if hdop != nil {
      recentDOP = (hdop, vdop, time.nanosecondsOfDay)
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
    let vertical =
      mode == .fix3D && e.altitudeMSL != nil
      ? ErrorModel.vertical(
        altitudeError: e.altitudeError, vdop: vdop, hdop: hdop, status: status)
      : -1
    let derived = mode == .noFix || e.speed != nil ? nil : derivedSpeed(e, time)
    if mode != .noFix, let latitude = e.latitude, let longitude = e.longitude {
      previous = (latitude, longitude, time.nanosecondsOfDay)
    } else {
      previous = nil
    }
    var report = EpochReport(
      time: time, day: day, mode: mode, status: status, voidReason: reason,
      latitude: e.latitude, longitude: e.longitude, altitudeMSL: e.altitudeMSL,
      geoidSeparation: e.geoidSeparation, speed: e.speed ?? derived, course: e.course,
      magneticVariation: e.magneticVariation, hdop: hdop, vdop: vdop, pdop: e.pdop,
      satellitesUsed: satellites.hasUsedList && satellites.usedCount > 0
        ? satellites.usedCount : counted,
      satellitesInView: satellites.hasSkyView ? satellites.inView.count : nil,
      bestSNR: satellites.bestSNR,
      latitudeError: e.latitudeError, longitudeError: e.longitudeError,
      altitudeError: e.altitudeError, horizontalAccuracy: horizontal, verticalAccuracy: vertical,
      dgpsAge: e.dgpsAge, dgpsStation: e.dgpsStation, startedAt: e.startedAt, completedAt: e.lastAt,
      startRead: e.startRead)
    report.speedDerived = derived != nil
    report.relativeDay = dates.relativeDay
    return report
  }

  /// Nanoseconds from one time of day to a later one (across midnight when needed).
  package static func elapsed(from earlier: Int64, to later: UTCTime) -> Int64 {
    var elapsed = later.nanosecondsOfDay - earlier
    if elapsed < -UTCCalendar.nanosecondsPerDay / 2 { elapsed += UTCCalendar.nanosecondsPerDay }
    return elapsed
  }

  /// Speed from the previous fix, for an epoch that sent none (as gpsd does): the distance
  /// between the two positions over the time between them, when that is more than 0 and at
  /// most 5 s.
  private func derivedSpeed(_ e: EpochAccumulator, _ time: UTCTime) -> Double? {
    guard let previous, let latitude = e.latitude, let longitude = e.longitude else { return nil }
    let elapsed = Self.elapsed(from: previous.time, to: time)
    guard elapsed > 0 && elapsed <= 5_000_000_000 else { return nil }
    let distance = localDistance(previous.latitude, previous.longitude, latitude, longitude)
    return distance / (Double(elapsed) / 1e9)
  }
}
