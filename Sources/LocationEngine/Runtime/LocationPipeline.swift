import FoundationEssentials
import NMEA
import Receivers

/// How a pipeline is set up.
package struct PipelineConfig {
  /// Whether the source is a replay (stream clock) rather than live (monotonic clock).
  package var isReplay: Bool
  /// Oldest fix handed out as current, seconds.
  package var maximumAge: Double = LocationPolicy.defaultMaximumAge
  /// Whether sky views are built (they allocate).
  package var wantsSky = false
  /// The week-rollover rule (``WeekRollover/live`` or ``WeekRollover/replay`` by default).
  package var rollover: WeekRollover
  /// How replay timestamps are stamped.
  package var timestamps: ReplayTimestamps = .asRecorded
  /// The device or source name put in `GNSSFixInfo.device`.
  package var device: String?
  /// Whether a (re)opened source's first read may be a backlog that is not current (see
  /// ``LocationPolicy``): a serial device's kernel buffer. A TCP or gpsd stream, standard
  /// input and a file have none: their first read is as current as any other.
  package var backlogOnOpen = true
  /// Whether each read's framed sentences are handed out too (``PipelineEvent/sentences(_:)``).
  package var tapsSentences = false
  /// The UTC date of the stream's first epoch given by the user (`--date`), days since 1970.
  package var firstDay: Int?

  package init(isReplay: Bool, device: String? = nil) {
    self.isReplay = isReplay
    self.device = device
    rollover = isReplay ? .replay : .live
  }
}

/// Sentences in, client events out: fix assembly, authorization, freshness, one-shot requests
/// and continuous delivery (see ``LocationPolicy``). Single-threaded; times in nanoseconds.
package struct LocationPipeline {
  package var config: PipelineConfig
  package var assembler: FixAssembler
  package var authorization = AuthorizationTracker()
  package var factory: LocationFactory
  /// gpsd's `epx`/`epy` from the sky and `eps`/`epd` from consecutive fixes.
  private var errorRates = ErrorRates()
  /// The estimates of the report being processed.
  private var estimates = ErrorRates.Estimates()
  /// Continuous delivery, when a client wants every update.
  package var delivery: DeliveryFilter?
  package var oneShot: OneShotRequest?
  /// Watched regions (see `RegionWatch.swift`), and the service time watching began.
  package var regions: RegionWatch?
  package var regionsSince: Int64 = 0
  /// Heading sentences and heading delivery (LocationPipeline+Heading.swift).
  package var heading = HeadingTracker()
  /// Visit monitoring (LocationPipeline+Visits.swift), and the service time it began.
  package var visits: VisitDetector?
  package var visitsSince: Int64 = 0
  /// The events so far (appended to by the extensions: headings, visits).
  package var events: [PipelineEvent] = []
  private var hold = UndatedHold()
  /// Events the hold let go of before the end of this read (they are not held again).
  private var released: [PipelineEvent] = []
  /// Whether no date is known yet (see ``dateArrived()``).
  private var awaitingDate = true
  /// The kinds of ignored input said so far.
  private var ignoredSaid: Set<String> = []
  private(set) var monotonicNow: Int64
  package var wallNow: Date
  /// Reads so far (see ``beginRead(at:wall:)``).
  private(set) var reads = 0
  private var backlogRead = 0
  private var awaitingFirstRead = true
  /// When the device was last (re)opened (monotonic ns), for the backlog rule.
  private var connectedAt: Int64?
  private var deliverySince: Int64
  private var lastFix: EpochReport?
  private var staleReported = false
  private var lastReport: EpochReport?
  private var lastProgressAt = Int64.min
  private var ended = false

  package init(config: PipelineConfig, now: Int64, wallNow: Date) {
    self.config = config
    assembler = FixAssembler(rollover: config.rollover, streamClock: config.isReplay)
    // `--date`: live, it dates at once; a replay's fixes wait for the capture's own date first.
    if let day = config.firstDay {
      if config.isReplay { hold.given = day } else { assembler.giveDate(day: day) }
    }
    factory = LocationFactory(
      device: config.device, isReplay: config.isReplay, timestamps: config.timestamps)
    monotonicNow = now
    self.wallNow = wallNow
    deliverySince = config.isReplay ? 0 : now
    events.reserveCapacity(64)
  }

  /// Service time: the stream clock for replays, the monotonic clock for live sources.
  package var now: Int64 { config.isReplay ? streamNow : monotonicNow }

  /// The replay's stream clock (0 for a live source).
  package var streamNow: Int64 { assembler.streamNow }

  /// Hands the events so far to the caller (a replay's from its first undated fix on wait
  /// for the capture's first date: ``UndatedHold``).
  package mutating func takeEvents() -> [PipelineEvent] {
    defer { events.removeAll(keepingCapacity: true) }
    guard holdsUndated, !events.isEmpty || hold.isHolding || !released.isEmpty else {
      return events
    }
    defer { released.removeAll(keepingCapacity: true) }
    hold.absorb(&events, anchor: assembler.dateAnchor)
    return released + events + hold.release(anchor: assembler.dateAnchor, ended: false)
  }

  /// Everything a replay holds goes out now, without the capture's date (the input ended, or
  /// a new request must not be answered by an earlier one's fix).
  private mutating func letHeldGo() {
    guard hold.isHolding else { return }
    hold.absorb(&events, anchor: nil)
    released += events + hold.release(anchor: nil, ended: true)
    events.removeAll(keepingCapacity: true)
  }

  /// Whether undated fixes wait for the capture's first date (a replay not shifted to now).
  private var holdsUndated: Bool { config.isReplay && !factory.shiftsToNow }

  /// The capture's first date just came: what is held, and this read's events so far, are
  /// dated by it now (not by a later date of the same read: the outcome must not depend on
  /// how the input was split into reads).
  private mutating func dateArrived() {
    awaitingDate = false
    guard holdsUndated, let anchor = assembler.dateAnchor else { return }
    hold.absorb(&events, anchor: nil)
    released += events + hold.release(anchor: anchor, ended: false)
    events.removeAll(keepingCapacity: true)
  }

  /// Starts continuous delivery through `filter`; epochs that began earlier are not current.
  /// When updates already run, only the filter's settings change: the last delivered fix and
  /// the stationary state are kept (calling `startUpdatingLocation()` again restarts nothing).
  package mutating func startUpdates(_ filter: DeliveryFilter) {
    guard var running = delivery else {
      delivery = filter
      deliverySince = now
      return
    }
    running.distanceFilter = filter.distanceFilter
    running.desiredAccuracy = filter.desiredAccuracy
    running.filtersAccuracy = filter.filtersAccuracy
    running.pausesAutomatically = filter.pausesAutomatically
    running.pause.thresholds = filter.pause.thresholds
    delivery = running
  }

  /// Starts a one-shot request.
  package mutating func startOneShot(timeout: Double, desiredAccuracy: Double) {
    // What a replay held for its first date goes out first, undated: a new request must not
    // be answered by an earlier one's fix.
    letHeldGo()
    let span = Int64(min(max(0, timeout), 1e9) * 1e9)
    oneShot = OneShotRequest(
      startedAt: now, monotonicDeadline: monotonicNow + span, streamTimeout: span,
      streamCounted: streamNow,
      desiredAccuracy: desiredAccuracy, timeout: timeout)
    if ended { fail(endError()) }
  }

  /// The client asked for when-in-use or always authorization.
  package mutating func requestAuthorization(_ wanted: Authorization) {
    if let change = authorization.request(wanted) { emit(change) }
  }

  /// A chunk of bytes is about to be decoded (read number advances; see the backlog rule).
  package mutating func beginRead(at: Int64, wall: Date) {
    reads += 1
    if awaitingFirstRead {
      awaitingFirstRead = false
      // What was waiting when the device opened comes at once. A first read after the line
      // was quiet for a while begins a burst the receiver sent after the open: a whole epoch.
      let quiet = Int64(LocationPolicy.quietGap * 1e9)
      if !config.backlogOnOpen {
        // A stream, not a kernel buffer: everything read is current.
      } else if let opened = connectedAt, at - opened >= quiet {
        // Sent after the open: current.
      } else {
        backlogRead = reads
      }
    }
    if at > monotonicNow { monotonicNow = at }
    wallNow = wall
    if !config.isReplay {
      assembler.today = Int((wall.timeIntervalSince1970 / 86_400).rounded(.down))
      assembler.clock = Int64(wall.timeIntervalSince1970 * 1e9)
    }
  }

  /// One decoded sentence.
  package mutating func handle(_ sentence: Sentence) {
    sawSentence()
    merged(assembler.add(sentence, at: now, read: reads))
  }

  /// Before a decoded sentence is merged (the per-type entry points are in
  /// LocationPipeline+Visitor.swift): the receiver talks NMEA.
  @inline(__always)
  package mutating func sawSentence() {
    if !authorization.nmeaSeen || authorization.status != authorization.granted {
      if let change = authorization.sawNMEA(path: config.device ?? "") { emit(change) }
    }
  }

  /// After a decoded sentence was merged into the assembler: what it completed.
  @inline(__always)
  package mutating func merged(_ step: AssemblerStep) {
    if let date = step.ignoredDate { ignored(date.error, sentenceKept: true) }
    apply(step)
    if awaitingDate && assembler.dateAnchor != nil { dateArrived() }
    checkDeadline()
  }

  /// Whether a live epoch waits for the line to go quiet to be reported (see
  /// ``FixAssembler/awaitsQuietReport``).
  package var awaitsQuietReport: Bool { !config.isReplay && assembler.awaitsQuietReport }

  /// No bytes arrived for ``LocationPolicy/quietGap`` after the last read: a live epoch still
  /// waiting for its cycle ender is complete.
  package mutating func lineQuiet(at: Int64, wall: Date) {
    advanceClock(at: at, wall: wall)
    guard !config.isReplay else { return }
    apply(assembler.reportOnQuiet())
  }

  /// Part of the input was ignored: said once per sentence type and field (at most
  /// ``ignoredKinds`` kinds), the decoder's counters count them all.
  package mutating func ignored(_ error: NMEAError, sentenceKept: Bool) {
    let kind = "\(error.address) \(error.field) \(sentenceKept)"
    guard ignoredSaid.count < Self.ignoredKinds, ignoredSaid.insert(kind).inserted else { return }
    events.append(.ignored(error, sentenceKept: sentenceKept))
  }

  /// The most kinds of ignored input said (after them, only counted).
  package static let ignoredKinds = 32

  /// A device state from the receiver.
  package mutating func deviceState(_ state: DeviceState, at: Int64, wall: Date) {
    if at > monotonicNow { monotonicNow = at }
    wallNow = wall
    if case .connected = state {
      // A (re)opened device's first read may hold a backlog; one that talks again after a
      // silence was never closed, and what it sends now is new.
      let talksAgain: Bool
      switch authorization.device {
      case .silent?, .garbled?: talksAgain = true
      default: talksAgain = false
      }
      if !talksAgain {
        awaitingFirstRead = true
        connectedAt = at
      }
    }
    if let change = authorization.update(state) { emit(change) }
    switch state {
    case .silent, .unplugged:
      apply(assembler.flush(at: now))
    case .garbled(let path, let baud):
      apply(assembler.flush(at: now))
      fail(EngineError(.noNMEA(path: path, baud: baud)))
    case .ended:
      apply(assembler.flush(at: now))
      ended = true
      events.append(.ended(endError()))
      letHeldGo()
      if oneShot != nil { fail(endError()) }
    case .denied(let path, let group):
      fail(EngineError(.permissionDenied(path: path, group: group)))
    case .busy(let path, let holder):
      fail(EngineError(.busy(path: path, holder: holder)))
    case .unavailable(let path):
      fail(EngineError(.noReceiver(path: path)))
    case .connected, .available:
      break
    }
  }

  /// The owner stops reading (a clean stop on a signal): the epoch in progress is closed and
  /// reported as at an unplug, so every fix whose sentences were read is handed out.
  package mutating func finishInput(at: Int64, wall: Date) {
    advanceClock(at: at, wall: wall)
    apply(assembler.flush(at: now))
  }

  /// Brings the clocks up to date (before a request starts).
  package mutating func advanceClock(at: Int64, wall: Date) {
    if at > monotonicNow { monotonicNow = at }
    wallNow = wall
  }

  /// When the policies next need the time checked if no input comes (monotonic ns), or nil:
  /// a one-shot request's deadline; on a live source also the moment the last fix turns stale
  /// and, while a client waits for a fix on a receiver that talks NMEA, the next once-a-second
  /// progress report.
  package func nextCheck() -> Int64? {
    var next = oneShot?.monotonicDeadline
    func consider(_ time: Int64) { next = min(next ?? time, time) }
    if !config.isReplay {
      if !staleReported, let completedAt = lastFix?.completedAt {
        // Stale is strictly older than the maximum age: checked a tenth of a second past it
        // (the precision ages are printed with, so a stale fix never reads "5.0 s old").
        consider(completedAt + Int64(min(config.maximumAge, 1e9) * 1e9) + 100_000_000)
      }
      if authorization.nmeaSeen,
        oneShot != nil || (delivery != nil && (lastFix == nil || staleReported))
      {
        // The first report a moment after the first NMEA (the rest of that read counted).
        consider(
          lastProgressAt == .min
            ? monotonicNow + Self.firstProgressDelay : lastProgressAt + 1_000_000_000)
      }
    }
    return next
  }

  /// How long after the first NMEA a client waiting on a quiet receiver hears progress, ns.
  package static let firstProgressDelay: Int64 = 200_000_000

  /// Time passes without input (live deadlines and staleness).
  package mutating func tick(at: Int64, wall: Date) {
    if at > monotonicNow { monotonicNow = at }
    wallNow = wall
    if !config.isReplay {
      checkStale()
      progressWhileQuiet()
    }
    checkDeadline()
  }

  private func endError() -> EngineError {
    if config.isReplay { return EngineError(.inputEnded(afterSeconds: Double(streamNow) / 1e9)) }
    return EngineError(.receiverLost(path: config.device ?? ""))
  }

  private mutating func fail(_ error: EngineError) {
    guard oneShot != nil else { return }
    oneShot = nil
    events.append(.oneShotFailed(error))
  }

  private mutating func emit(_ change: AuthorizationTracker.Change) {
    switch change {
    case .authorization(let status, let state): events.append(.authorization(status, state))
    case .device(let state): events.append(.device(state))
    }
  }

  private mutating func apply(_ step: AssemblerStep) {
    // A replay's clock moved with this sentence: the last fix may have aged first.
    if config.isReplay { checkStale() }
    if step.closed, let report = assembler.closedReport { process(report) }
    if step.skyChanged && config.wantsSky {
      // An undated epoch's sky view has no time (a relative timestamp would read as 1970).
      let time = lastReport.flatMap { report in
        report.day != nil || factory.shiftsToNow
          ? factory.peek(report, wallNow: wallNow).timestamp : nil
      }
      events.append(
        .sky(
          assembler.satellites.skyView(
            time: time, hdop: lastReport?.hdop, vdop: lastReport?.vdop, pdop: lastReport?.pdop)))
    }
    if step.completed, let report = assembler.completedReport { process(report) }
  }

  /// Whether a fix may be handed out as current to a client whose request began at `since`.
  private func isCurrent(_ report: EpochReport, since: Int64) -> Bool {
    report.startedAt >= since && (config.isReplay || report.startRead > backlogRead)
      && Double(reportedAt(report) - report.completedAt) / 1e9 <= config.maximumAge
  }

  /// When an epoch counts as reported, for its age: now on a live source; on a replay, when
  /// its last sentence came. A replay's epoch that ends only when the next one starts (its
  /// cycle ender not learned yet, or a gap follows it) or when the input ends was complete
  /// then: live, the line going quiet after it would have reported it at once.
  private func reportedAt(_ report: EpochReport) -> Int64 {
    config.isReplay ? min(now, report.completedAt) : now
  }

  /// The satellites now (the latest GSV and GSA, or GGA's count), and the time waited.
  private func progress(since: Int64) -> FixProgress {
    let table = assembler.satellites
    return FixProgress(
      satellitesInView: table.inView.count,
      satellitesUsed: table.hasUsedList ? table.usedCount : (lastReport?.satellitesUsed ?? 0),
      bestSNR: table.bestSNR, elapsed: Double(now - since) / 1e9, hasSkyView: table.hasSkyView)
  }

  private mutating func emitProgress(since: Int64) {
    events.append(.progress(progress(since: since)))
    lastProgressAt = monotonicNow
  }

  /// A live client still waiting hears about the satellites at least once a second, even when
  /// the receiver sends no epoch (a cold start with empty time fields).
  private mutating func progressWhileQuiet() {
    guard authorization.nmeaSeen,
      lastProgressAt == .min || monotonicNow - lastProgressAt >= 1_000_000_000
    else { return }
    if let request = oneShot {
      emitProgress(since: request.startedAt)
    } else if delivery != nil && (lastFix == nil || staleReported) {
      emitProgress(since: deliverySince)
    }
  }

  private mutating func process(_ report: EpochReport) {
    let mark = events.count
    defer {
      if regions != nil, report.isFix, isCurrent(report, since: regionsSince) {
        let found = regionEvents(for: report, processed: events[mark...])
        events.insert(contentsOf: found.events, at: found.before ?? events.endIndex)
      }
    }
    defer {
      if visits != nil, report.isFix, isCurrent(report, since: visitsSince) { addVisitFix(report) }
    }
    lastReport = report
    heading.observe(report)
    estimates = errorRates.next(report, instant: report.instant, satellites: assembler.satellites)
    if report.isFix {
      lastFix = report
      // A fix already too old when reported (the end of an epoch before a gap) was never
      // current: nothing to announce about it.
      staleReported = Double(reportedAt(report) - report.completedAt) / 1e9 > config.maximumAge
    }
    if var request = oneShot {
      if report.isFix && isCurrent(report, since: request.startedAt) {
        if DeliveryFilter.accurate(report.horizontalAccuracy, desired: request.desiredAccuracy) {
          oneShot = nil
          events.append(.oneShotFix(located(report)))
        } else {
          if request.best.map({ Self.moreAccurate(report, than: $0) }) ?? true {
            request.best = report
          }
          oneShot = request
          emitProgress(since: request.startedAt)
        }
      } else {
        emitProgress(since: request.startedAt)
      }
    }
    guard var filter = delivery else { return }
    defer { delivery = filter }
    guard report.isFix else {
      emitProgress(since: deliverySince)
      return
    }
    guard isCurrent(report, since: deliverySince) else { return }
    switch filter.judge(report, now: report.completedAt) {
    case .deliver:
      events.append(.location(located(report)))
    case .resume:
      let location = located(report)
      events.append(.paused(false, location))
      events.append(.location(location))
    case .resumeHeld:
      events.append(.paused(false, factory.peek(report, wallNow: wallNow).with(estimates)))
    case .pause:
      events.append(.paused(true, located(report)))
    case .notAccurate:
      emitProgress(since: deliverySince)
    case .paused, .tooClose:
      break
    }
  }

  /// The location for the report being processed, with its error estimates.
  private mutating func located(_ report: EpochReport) -> Fix {
    factory.make(report, wallNow: wallNow).with(estimates)
  }

  package static func moreAccurate(_ a: EpochReport, than b: EpochReport) -> Bool {
    if a.horizontalAccuracy < 0 { return false }
    return b.horizontalAccuracy < 0 || a.horizontalAccuracy < b.horizontalAccuracy
  }

  // Both checks run after every sentence: they test fields in place before binding a report
  // or a request (a copy of a few hundred bytes each).
  private mutating func checkStale() {
    guard !staleReported, let completedAt = lastFix?.completedAt else { return }
    let age = Double(now - completedAt) / 1e9
    guard age > config.maximumAge, let fix = lastFix else { return }
    staleReported = true
    if delivery != nil || oneShot == nil {
      events.append(.stale(factory.peek(fix, wallNow: wallNow), age: age))
    }
  }

  private mutating func checkDeadline() {
    guard let monotonicDeadline = oneShot?.monotonicDeadline else { return }
    var expired = monotonicNow >= monotonicDeadline
    let stream = streamNow
    if config.isReplay, let counted = oneShot?.streamCounted, stream > counted {
      // A step of the stream clock counts up to the limit: a longer jump is a gap in the
      // recording, or the receiver setting its clock, not time spent waiting for a fix.
      let step = min(stream - counted, Int64(LocationPolicy.replayStepLimit * 1e9))
      oneShot?.streamWaited += step
      oneShot?.streamCounted = stream
    }
    if config.isReplay, let waited = oneShot?.streamWaited, let timeout = oneShot?.streamTimeout,
      waited >= timeout
    {
      expired = true
    }
    guard expired, let request = oneShot else { return }
    oneShot = nil
    let waited = request.timeout
    let best = request.best.map { factory.peek($0, wallNow: wallNow) }
    let error: EngineError
    switch authorization.device {
    case .unplugged(let path)?:
      error = EngineError(.receiverLost(path: path))
    case .silent(let path, let seconds)?:
      error = EngineError(.receiverSilent(path: path, seconds: seconds))
    default:
      if let best = request.best {
        error = EngineError(
          .notAccurateEnough(
            best: best.horizontalAccuracy, desired: request.desiredAccuracy, waited: waited))
      } else {
        error = EngineError(
          .noFix(
            waited: waited,
            progress: authorization.nmeaSeen ? progress(since: request.startedAt) : nil,
            nmeaSeen: authorization.nmeaSeen))
      }
    }
    events.append(.oneShotTimeout(best: best, error: error))
  }
}
