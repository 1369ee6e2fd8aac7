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
/// whose time of day differs by 10 ms or more from the epoch in progress starts a new epoch, and
/// so does an RMC, GGA, GLL or GNS of a talker that already stated this epoch (the receiver
/// states the second again, `V` then `A`: the later word is an epoch of its own). The last
/// fix-bearing sentence (RMC GGA GLL GNS VTG GSA GST ZDA PGRMV; keyed by type, talker and
/// ordinal) before such a change is learned as a cycle ender (``CycleEnders``: two epochs in a
/// row, of epochs that state a fix); from then on the epoch is reported the moment its ender
/// arrives — never one cycle late. Until an ender is known, a live source's epoch is reported
/// when the line goes quiet after it (``reportOnQuiet()``, see ``LocationPolicy/quietGap``);
/// otherwise, and when the ender does not come, the epoch is reported when the next one starts.
/// Untimed sentences (GSA, VTG, PGRMV, GSV) belong to the epoch in progress (at the very start
/// of a stream, to the first timed epoch: a capture that begins mid-cycle), except a VTG that
/// this receiver's own values show to open the next epoch (``VTGOrder``), and a second VTG or
/// PGRMV of a talker whose one the epoch already has, held until the next timed sentence shows
/// its epoch (``holds(_:_:)``: the next epoch's, whose RMC was lost).
/// GST joins the epoch whose time it names. GSV only feeds the sky view, which changes when an
/// epoch closes. An epoch's time is its latest timed sentence's (GLL sent a few ms before RMC
/// and GGA takes their time).
///
/// What an epoch reports is its own sentences' word: GSA's fix type is its mode (2D is 2D,
/// whatever GGA counts; the altitude of a 2D fix is held, and no output reports it); speed and
/// course only as RMC, VTG or PGRMV state them (a speed derived from positions is kept apart,
/// ``EpochReport/derivedSpeed``); a fix a second or more older than the last one is stale
/// (``isOlderThanLastFix(_:)``).
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
  var dates: DateTracker
  /// A replay's clock, advanced by the sentences' times (nil for a live source).
  private var stream: StreamClock?
  var previous: (latitude: Double, longitude: Double, time: Int64)?
  /// When the receiver last stated a 3D solution (an altitude in 3D, or GSA mode 3), ns of day.
  var last3D: Int64?
  var recentDOP: (hdop: Double?, vdop: Double?, time: Int64)?
  /// The time of day of the last fix, and of the last epoch found older than it (ns): see
  /// ``isOlderThanLastFix(_:)``.
  var lastFixTime: Int64?
  var olderRun: Int64?
  /// The time of the epoch a VTG closed as the opener of the next one (``VTGOrder``), until
  /// the next timed sentence shows whether it was.
  private var closedByVTG: UTCTime?
  /// A second VTG or PGRMV of a talker whose one the epoch in progress already has, until the
  /// next timed sentence shows which epoch it is (``holds(_:_:)``).
  private var held: HeldMotion?

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
    guard let time = epoch?.time, epoch?.reportedOn == nil, epoch?.lastKey != nil,
      epoch?.statesFix == true
    else {
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

  /// Whether a VTG or PGRMV of this talker is held back rather than merged: the epoch in
  /// progress already has its one (and VTG does not open epochs, ``VTGOrder``). It is the next
  /// epoch's, sent before that epoch's first timed sentence because its RMC was lost
  /// (`$GNRMC,…` `$GNVTG,…` `$GNGGA,…`, then `$GNVTG,…` `$GNGGA,220939.00,…`): it joins the
  /// epoch the next timed sentence belongs to, whose speed it states — this one's again, when
  /// that sentence has this epoch's time (a logger that writes each sentence twice).
  package mutating func holds(_ kind: FixSentenceKind, _ talker: Talker) -> Bool {
    guard epoch?.time != nil, epoch!.ordinals.contains(kind, talker) else { return false }
    return !(kind == .vtg && vtgOrder.opensEpochs)
  }

  /// Holds back a VTG or PGRMV (``holds(_:_:)``).
  package mutating func hold(_ motion: HeldMotion) { held = motion }

  /// Reports the epoch in progress (the input ended, or the receiver went silent).
  package mutating func flush(at: Int64) -> AssemblerStep {
    held = nil
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
    held = nil
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
  /// `valid` is whether a sentence that states the fix (RMC, GGA, GLL, GNS) calls it valid.
  package mutating func handle(
    _ kind: FixSentenceKind, _ talker: Talker, _ time: UTCTime?, _ at: Int64, _ read: Int,
    valid: Bool = false, _ merge: (inout EpochAccumulator, inout DateTracker) -> Void
  ) -> AssemblerStep {
    var step = AssemblerStep()
    var at = at
    if stream != nil {
      if let time, kind != .gst { stream!.observe(time) }
      at = stream!.now
    }
    var carried: HeldMotion? = nil
    if let time, let motion = held {
      held = nil
      if let epochTime = epoch?.time, Self.sameEpoch(epochTime, time) {
        epoch!.merge(motion)  // a second copy of the epoch's own (a logger writing each twice)
      } else {
        carried = motion  // the next epoch's: it joins it below
      }
    }
    if let time, let closed = closedByVTG {
      // A timed sentence after a VTG that opened an epoch: of the epoch the VTG closed, it
      // shows that this receiver's VTG does not open the next one.
      closedByVTG = nil
      if Self.sameEpoch(closed, time) { vtgOrder.contradicted() }
    }
    if let time, let epochTime = epoch?.time, !Self.sameEpoch(epochTime, time) {
      step.closed = close(at: at)
      step.skyChanged = satellites.takeDirty()
    } else if valid && time != nil && epoch?.time != nil && epoch!.voidReason != nil
      && epoch!.ordinals.contains(kind, talker)
    {
      // The receiver states this epoch again, now as valid (an RMC or GGA of the same talker
      // and time as one that said `V` or quality 0: a Garmin that sends 18:34:53 twice, `V`
      // then `A`): what it says now supersedes what it said, and is an epoch of its own. (A
      // sentence sent twice alike, as some loggers write them, merges as before.)
      step.closed = close(at: at)
      step.skyChanged = satellites.takeDirty()
    } else if kind == .vtg && vtgOrder.opensEpochs && epoch?.time != nil {
      // This receiver's VTG starts the next epoch: the one in progress is complete.
      closedByVTG = epoch?.time
      step.closed = close(at: at)
      step.skyChanged = satellites.takeDirty()
    }
    if epoch == nil {
      // A timed-type sentence without its time joins no epoch; see `add`.
      if time == nil && kind != .vtg && kind != .gsa && kind != .gst && kind != .pgrmv {
        return step
      }
      epochNumber += 1
      epoch = EpochAccumulator(time: time, at: at, read: read)
    }
    if let carried { epoch?.merge(carried) }
    // In place (`epoch!` after the nil check above): the accumulator is not copied per sentence.
    guard epoch != nil else { return step }
    if Self.absorb(kind, talker, time, at, into: &epoch!, dates: &dates, enders: enders, merge) {
      if let current = epoch { completedReport = report(current) }
      step.completed = true
    }
    return step
  }

  /// The rest of ``handle(_:_:_:_:_:valid:_:)`` on the epoch in progress, passed in place:
  /// merges the sentence and keeps its key; returns whether that key ends the epoch now (it is
  /// then marked reported). One access to the optional for all of it: each `epoch!` went
  /// through an outlined test of its tag (a tenth of a million a megabyte).
  private static func absorb(
    _ kind: FixSentenceKind, _ talker: Talker, _ time: UTCTime?, _ at: Int64,
    into epoch: inout EpochAccumulator, dates: inout DateTracker, enders: CycleEnders,
    _ merge: (inout EpochAccumulator, inout DateTracker) -> Void
  ) -> Bool {
    if let time { epoch.time = time }
    epoch.lastAt = at
    let key = epoch.ordinals.next(kind, talker).phased(isWholeSecond(epoch.time))
    merge(&epoch, &dates)
    if kind.statesFix { epoch.statesFix = true }
    epoch.lastKey = key
    epoch.beforeLast = epoch.seen
    epoch.seen.insert(key)
    if epoch.reportedOn != nil {
      epoch.dataAfterReport = true
    } else if epoch.time != nil && epoch.statesFix && enders.ends(key, after: epoch.beforeLast) {
      epoch.reportedOn = key
      return true
    }
    return false
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
    // Only an epoch that states a fix teaches where a cycle ends (not a ZDA sent alone).
    if finished.statesFix, let last = finished.lastKey {
      enders.learn(last, after: finished.beforeLast, epoch: finished.seen)
    }
    guard finished.reportedOn == nil else { return false }
    closedReport = report(finished)
    return true
  }
}
