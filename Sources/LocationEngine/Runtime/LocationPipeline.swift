import FoundationEssentials
import NMEA
import Receivers

/// A subscriber's part of the pipeline: the engine's events (``CoreEvent``: fix assembly,
/// the device's facts, locations made once by its ``EngineCore``) in, this client's events
/// out, through its own policies: authorization as it asked, freshness (nothing that began
/// before it asked is current), one-shot requests, continuous delivery (desired accuracy,
/// distance filter from its own last delivered fix, pause), regions, visits, headings,
/// progress and staleness of the last fix (see ``LocationPolicy``). Single-threaded; times
/// in nanoseconds.
package struct LocationPipeline {
  package var config: PipelineConfig
  package var authorization = AuthorizationTracker()
  /// Continuous delivery, when a client wants every update.
  package var delivery: DeliveryFilter?
  package var oneShot: OneShotRequest?
  /// Watched regions (see `RegionWatch.swift`), and the service time watching began.
  package var regions: RegionWatch?
  package var regionsSince: Int64 = 0
  /// Heading delivery: the filter.
  package var heading = HeadingTracker()
  /// Visit monitoring (LocationPipeline+Visits.swift), and the service time it began.
  package var visits: VisitDetector?
  package var visitsSince: Int64 = 0
  /// The events so far (appended to by the extensions: visits).
  package var events: [PipelineEvent] = []
  private var hold = UndatedHold()
  /// Events the hold let go of before the end of this read (they are not held again).
  private var released: [PipelineEvent] = []
  /// The stream's date anchor, once the engine told it.
  private var dateAnchor: Int?
  var monotonicNow: Int64
  package var wallNow: Date
  /// The replay's stream clock as the engine last told it (0 for a live source).
  package private(set) var streamNow: Int64 = 0
  /// The satellites as the engine last told them.
  var satellites = FixProgress(
    satellitesInView: 0, satellitesUsed: 0, bestSNR: nil, elapsed: 0, hasSkyView: false)
  var deliverySince: Int64
  var lastFix: ReportedEpoch?
  var staleReported = false
  var lastProgressAt = Int64.min
  /// When the device was reported silent (monotonic ns), while it is: the silence it reported
  /// has gone on since.
  var silentAt: Int64?
  private var ended = false

  package init(config: PipelineConfig, now: Int64, wallNow: Date) {
    self.config = config
    // `--date`: a replay's fixes wait for the capture's own date first.
    if let day = config.firstDay, config.isReplay { hold.given = day }
    monotonicNow = now
    self.wallNow = wallNow
    deliverySince = config.isReplay ? 0 : now
    events.reserveCapacity(64)
  }

  /// Service time: the stream clock for replays, the monotonic clock for live sources.
  package var now: Int64 { config.isReplay ? streamNow : monotonicNow }

  /// Joins a running engine: what it knows so far (its device state comes as an event).
  mutating func join(_ view: CoreView) {
    streamNow = view.streamNow
    dateAnchor = view.dateAnchor
    satellites = view.satellites
    if let device = view.device {
      apply(.deviceState(device))
      apply(.deviceStateDone(device))
    }
    if view.nmeaSeen { apply(.nmea) }
  }

  /// Hands the events so far to the caller (a replay's from its first undated fix on wait
  /// for the capture's first date: ``UndatedHold``).
  package mutating func takeEvents() -> [PipelineEvent] {
    defer { events.removeAll(keepingCapacity: true) }
    guard holdsUndated, !events.isEmpty || hold.isHolding || !released.isEmpty else {
      return events
    }
    defer { released.removeAll(keepingCapacity: true) }
    hold.absorb(&events, anchor: dateAnchor)
    // Nothing held and nothing let go before: the events as they are (a replay once dated;
    // the concatenations copied each event twice, its fix with it).
    guard hold.isHolding || !released.isEmpty else { return events }
    return released + events + hold.release(anchor: dateAnchor, ended: false)
  }

  /// Everything a replay holds goes out now, without the capture's date (the input ended, or
  /// a new request must not be answered by an earlier one's fix).
  private mutating func letHeldGo() {
    guard hold.isHolding else { return }
    hold.absorb(&events, anchor: nil)
    released += events + hold.release(anchor: nil, ended: true)
    events.removeAll(keepingCapacity: true)
  }

  /// The input ended: nothing more can date what waits, so everything goes now, in order —
  /// what the hold took in earlier reads, and the undated fixes of this very read (a capture
  /// of one epoch has its only fix closed by the end).
  private mutating func inputEnded() {
    guard holdsUndated else { return }
    hold.absorb(&events, anchor: dateAnchor)
    released += events + hold.release(anchor: dateAnchor, ended: true)
    events.removeAll(keepingCapacity: true)
  }

  /// Whether undated fixes wait for the capture's first date (a replay not shifted to now).
  private var holdsUndated: Bool { config.isReplay && config.timestamps != .startingNow }

  /// The capture's first date just came: what is held, and this read's events so far, are
  /// dated by it now (not by a later date of the same read: the outcome must not depend on
  /// how the input was split into reads).
  private mutating func dateArrived(_ anchor: Int) {
    dateAnchor = anchor
    guard holdsUndated else { return }
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

  /// A read (or a state) reached the subscriber at monotonic time `at`.
  package mutating func beginRead(at: Int64, wall: Date) {
    advanceClock(at: at, wall: wall)
  }

  /// The engine's events of one read or state, in order, through this subscriber's policies.
  mutating func apply(_ coreEvents: [CoreEvent]) {
    for event in coreEvents { apply(event) }
  }

  private mutating func apply(_ event: CoreEvent) {
    switch event {
    case .nmea:
      if !authorization.nmeaSeen || authorization.status != authorization.granted {
        if let change = authorization.sawNMEA(path: config.device ?? "") { emit(change) }
      }
    case .streamMoved(let stream):
      streamNow = stream
      // A replay's clock moved with this sentence: the last fix may have aged first.
      if config.isReplay { checkStale() }
    case .satellites(let now):
      satellites = now
    case .report(let epoch):
      satellites = epoch.satellites
      if config.tapsTiming, let timing = epoch.timing, !epoch.fromBacklog {
        events.append(.timing(timing))
      }
      process(epoch)
    case .sky(let view):
      if config.wantsSky { events.append(.sky(view)) }
    case .dateArrived(let anchor):
      dateArrived(anchor)
    case .ignored(let error, let kept):
      events.append(.ignored(error, sentenceKept: kept))
    case .heading(let reading):
      if let fields = heading.judge(reading) { events.append(.heading(fields)) }
    case .checkDeadline:
      checkDeadline()
    case .deviceState(let state):
      if case .silent = state {
        if silentAt == nil { silentAt = monotonicNow }
      } else {
        silentAt = nil
      }
      if let change = authorization.update(state) { emit(change) }
    case .deviceStateDone(let state):
      stateDone(state)
    }
  }

  /// The most kinds of ignored input said (after them, only counted).
  package static var ignoredKinds: Int { EngineCore.ignoredKinds }

  /// A device state without an engine (a session that failed to open its source).
  package mutating func deviceState(_ state: DeviceState, at: Int64, wall: Date) {
    advanceClock(at: at, wall: wall)
    apply(.deviceState(state))
    apply(.deviceStateDone(state))
  }

  /// What a device state means for requests, after the epoch it closed was reported.
  private mutating func stateDone(_ state: DeviceState) {
    switch state {
    case .garbled(let path, let baud):
      fail(EngineError(.noNMEA(path: path, baud: baud)))
    case .ended:
      ended = true
      events.append(.ended(endError()))
      inputEnded()
      if let request = oneShot, let best = request.best {
        // Fixes came, none accurate enough: that, not the end, is why there is none (as at a
        // live receiver's timeout).
        fail(
          EngineError(
            .notAccurateEnough(
              best: best.report.horizontalAccuracy, desired: request.desiredAccuracy,
              waited: Double(now - request.startedAt) / 1e9)))
      } else if oneShot != nil {
        fail(endError())
      }
    case .denied(let path, let group):
      fail(EngineError(.permissionDenied(path: path, group: group)))
    case .busy(let path, let holder):
      fail(EngineError(.busy(path: path, holder: holder)))
    case .unavailable(let path):
      fail(EngineError(.noReceiver(path: path)))
    case .connected, .available, .silent, .unplugged:
      break
    }
  }

  /// Brings the clocks up to date (before a request starts).
  package mutating func advanceClock(at: Int64, wall: Date) {
    if at > monotonicNow { monotonicNow = at }
    wallNow = wall
  }

  func endError() -> EngineError {
    if config.isReplay { return EngineError(.inputEnded(afterSeconds: Double(streamNow) / 1e9)) }
    return EngineError(.receiverLost(path: config.device ?? ""))
  }

  mutating func fail(_ error: EngineError) {
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

  /// Whether a fix may be handed out as current to a client whose request began at `since`.
  func isCurrent(_ epoch: ReportedEpoch, since: Int64) -> Bool {
    epoch.report.startedAt >= since && !epoch.fromBacklog
      && Double(reportedAt(epoch.report.completedAt) - epoch.report.completedAt) / 1e9
        <= config.maximumAge
  }

  /// When an epoch counts as reported, for its age: now on a live source; on a replay, when
  /// its last sentence came. A replay's epoch that ends only when the next one starts (its
  /// cycle ender not learned yet, or a gap follows it) or when the input ends was complete
  /// then: live, the line going quiet after it would have reported it at once.
  func reportedAt(_ completedAt: Int64) -> Int64 {
    config.isReplay ? min(now, completedAt) : now
  }

  private mutating func process(_ epoch: ReportedEpoch) {
    let mark = events.count
    defer {
      if regions != nil, epoch.hasFix, let fix = epoch.fix, isCurrent(epoch, since: regionsSince) {
        let found = regionEvents(for: fix, processed: events[mark...])
        events.insert(contentsOf: found.events, at: found.before ?? events.endIndex)
      }
    }
    defer {
      if visits != nil, epoch.hasFix, let fix = epoch.fix, isCurrent(epoch, since: visitsSince) {
        addVisitFix(epoch.report, fix)
      }
    }
    if epoch.hasFix {
      lastFix = epoch
      // A fix already too old when reported (the end of an epoch before a gap) was never
      // current: nothing to announce about it.
      staleReported =
        Double(reportedAt(epoch.report.completedAt) - epoch.report.completedAt) / 1e9
        > config.maximumAge
    }
    if var request = oneShot {
      if let fix = epoch.fix, isCurrent(epoch, since: request.startedAt) {
        let accuracy = epoch.report.horizontalAccuracy
        if DeliveryFilter.accurate(accuracy, desired: request.desiredAccuracy) {
          oneShot = nil
          events.append(.oneShotFix(fix))
        } else {
          if request.best.map({ Self.moreAccurate(epoch.report, than: $0.report) }) ?? true {
            request.best = epoch
          }
          oneShot = request
          emitProgress(since: request.startedAt)
        }
      } else {
        emitProgress(since: request.startedAt, afterEpoch: true)
      }
    }
    guard var filter = delivery else { return }
    defer { delivery = filter }
    guard epoch.hasFix else {
      emitProgress(since: deliverySince, afterEpoch: true)
      return
    }
    guard isCurrent(epoch, since: deliverySince), let fix = epoch.fix else { return }
    switch filter.judge(epoch.report, now: epoch.report.completedAt) {
    case .deliver:
      events.append(.location(fix))
    case .resume:
      events.append(.paused(false, fix))
      events.append(.location(fix))
    case .resumeHeld:
      events.append(.paused(false, fix))
    case .pause:
      events.append(.paused(true, fix))
    case .notAccurate:
      emitProgress(since: deliverySince)
    case .paused, .tooClose:
      break
    }
  }

  package static func moreAccurate(_ a: EpochReport, than b: EpochReport) -> Bool {
    if a.horizontalAccuracy < 0 { return false }
    return b.horizontalAccuracy < 0 || a.horizontalAccuracy < b.horizontalAccuracy
  }
}
