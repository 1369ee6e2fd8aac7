import NMEA

/// What one sentence (or the end of input) produced.
struct AssemblerStep: Sendable {
  /// An epoch reported because the next one started (its cycle ender is not known yet, or did
  /// not come) or because the input ended or went silent.
  var closed: EpochReport?
  /// The epoch reported on its learned cycle ender, as soon as it was complete.
  var completed: EpochReport?
  /// Whether the satellites in view changed with the epoch just closed (read
  /// ``FixAssembler/satellites``).
  var skyChanged = false
}

/// Turns typed sentences into one report per epoch — the sentences sharing a UTC time of day.
///
/// The reporting rule (gpsd's approach, refined): a timed sentence (RMC, GGA, GLL, GNS, ZDA)
/// whose time of day differs by 10 ms or more from the epoch in progress starts a new epoch. The
/// last fix-bearing sentence (RMC GGA GLL GNS VTG GSA GST ZDA; keyed by type, talker and
/// ordinal) before such a change is learned as a cycle ender; from then on the epoch is
/// reported the moment its ender arrives — never one cycle late. Until an ender is known, and
/// when the ender does not come, the epoch is reported when the next one starts. Untimed
/// sentences (GSA, VTG, GSV) belong to the epoch in progress; sentences before the first timed
/// one are dropped. GST joins the epoch whose time it names. GSV only feeds the sky view, which
/// changes when an epoch closes.
///
/// No allocation per sentence: all state is inline or reuses storage allocated at creation.
struct FixAssembler {
  /// The satellites in view and used.
  private(set) var satellites = SatelliteTable()
  /// The cycle enders learned.
  private(set) var enders = CycleEnders()
  private var epoch: EpochAccumulator?
  private var epochNumber = 0
  private var dates: DateTracker
  private var previousWas3D = false

  /// Makes an assembler with a week-rollover rule.
  init(rollover: WeekRollover) { dates = DateTracker(rollover: rollover) }

  /// Two times of day are the same epoch when less than 10 ms apart.
  static func sameEpoch(_ a: UTCTime, _ b: UTCTime) -> Bool {
    abs(a.nanosecondsOfDay - b.nanosecondsOfDay) < 10_000_000
  }

  /// Merges one sentence that arrived at service time `at` (ns) in read number `read`.
  mutating func add(_ sentence: Sentence, at: Int64, read: Int) -> AssemblerStep {
    switch sentence {
    case .rmc(let rmc):
      return handle(.rmc, rmc.talker, rmc.time, at, read) {
        $0.merge(rmc)
        if rmc.status == .valid, let date = rmc.date, let time = rmc.time {
          $1.observe(date, time: time)
        }
      }
    case .gga(let gga): return handle(.gga, gga.talker, gga.time, at, read) { e, _ in e.merge(gga) }
    case .gll(let gll): return handle(.gll, gll.talker, gll.time, at, read) { e, _ in e.merge(gll) }
    case .gns(let gns): return handle(.gns, gns.talker, gns.time, at, read) { e, _ in e.merge(gns) }
    case .zda(let zda):
      return handle(.zda, zda.talker, zda.time, at, read) {
        if let date = zda.date {
          $0.date = date
          if let time = zda.time { $1.observe(date, time: time) }
        }
      }
    case .vtg(let vtg): return handle(.vtg, vtg.talker, nil, at, read) { e, _ in e.merge(vtg) }
    case .gsa(let gsa):
      satellites.add(gsa, epoch: epochNumber)
      return handle(.gsa, gsa.talker, nil, at, read) { e, _ in e.merge(gsa) }
    case .gst(let gst):
      guard let time = gst.time, let current = epoch, Self.sameEpoch(time, current.time) else {
        return AssemblerStep()
      }
      return handle(.gst, gst.talker, nil, at, read) { e, _ in e.merge(gst) }
    case .gsv(let gsv):
      satellites.add(gsv, epoch: epochNumber)
      return AssemblerStep()
    case .txt, .proprietary, .unknown:
      return AssemblerStep()
    }
  }

  /// Reports the epoch in progress (the input ended, or the receiver went silent).
  mutating func flush(at: Int64) -> AssemblerStep {
    var step = AssemblerStep()
    step.closed = close(at: at)
    step.skyChanged = satellites.takeDirty()
    return step
  }

  private mutating func handle(
    _ kind: FixSentenceKind, _ talker: Talker, _ time: UTCTime?, _ at: Int64, _ read: Int,
    _ merge: (inout EpochAccumulator, inout DateTracker) -> Void
  ) -> AssemblerStep {
    var step = AssemblerStep()
    if let time {
      if let current = epoch, !Self.sameEpoch(current.time, time) {
        step.closed = close(at: at)
        step.skyChanged = satellites.takeDirty()
      }
      if epoch == nil {
        epochNumber += 1
        epoch = EpochAccumulator(time: time, at: at, read: read)
      }
    }
    guard var current = epoch else { return step }
    current.lastAt = at
    let key = current.ordinals.next(kind, talker)
    merge(&current, &dates)
    current.lastKey = key
    if current.reportedOn != nil {
      current.dataAfterReport = true
    } else if enders.contains(key) {
      current.reportedOn = key
      step.completed = report(current, at: at)
    }
    epoch = current
    return step
  }

  /// Ends the epoch in progress: learns its ender, and reports it if not done yet.
  private mutating func close(at: Int64) -> EpochReport? {
    guard let finished = epoch else { return nil }
    epoch = nil
    if finished.dataAfterReport, let fired = finished.reportedOn { enders.forget(fired) }
    if let last = finished.lastKey { enders.learn(last) }
    return finished.reportedOn == nil ? report(finished, at: at) : nil
  }

  /// The report of an epoch: mode, status and accuracy decided from what it merged.
  private mutating func report(_ e: EpochAccumulator, at: Int64) -> EpochReport {
    let resolution = dates.resolve(time: e.time, sent: e.date)
    var reason = e.voidReason
    if reason == nil, e.gsaMode == .noFix { reason = .gsaNoFix }
    if reason == nil, e.latitude == nil || e.longitude == nil { reason = .noPosition }
    if reason == nil, e.latitude == 0 && e.longitude == 0 { reason = .zeroPosition }
    if reason == nil, resolution == .impossible { reason = .impossibleDate }

    let mode: GNSSFixMode
    if reason != nil {
      mode = .noFix
    } else if let gsaMode = e.gsaMode {
      mode = gsaMode == .fix3D ? .fix3D : .fix2D
    } else if e.altitudeMSL != nil || previousWas3D {
      mode = .fix3D
    } else {
      mode = .fix2D
    }
    previousWas3D = mode == .fix3D

    var status = GNSSFixStatus.unknown
    if mode != .noFix {
      status = e.simulated ? .simulated : (e.qualityStatus ?? e.modeStatus ?? .gps)
    }
    let hdop = e.gsaHDOP ?? e.fixHDOP
    let horizontal =
      mode == .noFix
      ? -1
      : ErrorModel.horizontal(
        latitudeError: e.latitudeError, longitudeError: e.longitudeError, hdop: hdop,
        status: status)
    let vertical =
      mode == .fix3D && e.altitudeMSL != nil
      ? ErrorModel.vertical(
        altitudeError: e.altitudeError, vdop: e.vdop, hdop: hdop, status: status)
      : -1
    var day: Int? = nil
    if case .day(let resolved) = resolution { day = resolved }
    return EpochReport(
      time: e.time, day: day, mode: mode, status: status, voidReason: reason,
      latitude: e.latitude, longitude: e.longitude, altitudeMSL: e.altitudeMSL,
      geoidSeparation: e.geoidSeparation, speed: e.speed, course: e.course,
      magneticVariation: e.magneticVariation, hdop: hdop, vdop: e.vdop, pdop: e.pdop,
      satellitesUsed: satellites.hasUsedList ? satellites.usedCount : e.satellitesUsed,
      satellitesInView: satellites.inView.count, bestSNR: satellites.bestSNR,
      latitudeError: e.latitudeError, longitudeError: e.longitudeError,
      altitudeError: e.altitudeError, horizontalAccuracy: horizontal, verticalAccuracy: vertical,
      dgpsAge: e.dgpsAge, dgpsStation: e.dgpsStation, startedAt: e.startedAt, completedAt: e.lastAt,
      startRead: e.startRead)
  }
}
