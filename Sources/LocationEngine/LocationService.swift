import NMEA
import Platform
import Receivers

/// The service between a receiver and every command: fix assembly plus Core Location's
/// policies (``LocationPolicy``), reading one source.
///
/// Each request subscribes to the engine of the source (opening it unless another client of the
/// process reads it already: see ``CLLocationManager``), and leaves it when done:
/// ``currentLocation(timeout:progress:)`` when it returns, ``updates()`` when its consumer stops
/// iterating.
public final class LocationService: @unchecked Sendable {
  /// The options it was made with.
  public let options: LocationServiceOptions
  package let clock: any LocationClock
  package let input: SessionInput
  package let isReplay: Bool
  /// Called with each session the service opens, as it starts (tests feed bytes through it).
  package let onSession: (@Sendable (LocationSession) -> Void)?
  private let status = Locked(Authorization.notDetermined)
  /// The open update streams' sessions and the way each stream ends (see ``finish()``), and
  /// whether ``finish()`` was called (streams made later end at once).
  private let streams = Locked<
    (open: [(session: LocationSession, end: @Sendable () -> Void)], finished: Bool)
  >(([], false))

  /// Prepares a service; nothing is opened until a request.
  public convenience init(options: LocationServiceOptions) {
    self.init(
      options: options, input: .receiver(options.source, options.receiverOptions),
      isReplay: !options.source.isLive, clock: SystemClock())
  }

  /// A service over any input and clock (tests use ``SessionInput/manual`` and ``ManualClock``).
  package init(
    options: LocationServiceOptions, input: SessionInput, isReplay: Bool,
    clock: any LocationClock, onSession: (@Sendable (LocationSession) -> Void)? = nil
  ) {
    self.options = options
    self.input = input
    self.isReplay = isReplay
    self.clock = clock
    self.onSession = onSession
  }

  /// The authorization the last request saw (``Authorization/notDetermined`` before any).
  public var authorizationStatus: Authorization { status.withLock { $0 } }

  /// One fresh fix at least as good as `options.desiredAccuracy`, within `timeout` seconds
  /// (on the stream's clock for a replay); progress, authorization and device events go to
  /// `progress` meanwhile, on the reader's thread, and none after the answer.
  ///
  /// Nothing received before the call is returned (see ``LocationPolicy``).
  /// - Throws: ``EngineError`` whose ``EngineError/detail`` says why: `noReceiver`, `permissionDenied`,
  ///   `busy` or `sourceFailed` at once; `noFix`, `notAccurateEnough`, `receiverSilent` or
  ///   `receiverLost` at the timeout; `inputEnded` when a replay ends first; `cancelled` when
  ///   the task is cancelled.
  public func currentLocation(
    timeout: Double, progress: @escaping @Sendable (LocationServiceEvent) -> Void = { _ in }
  ) async throws(EngineError) -> Fix {
    let outcome = OneShotOutcome()
    let session = makeSession(wantsSky: false, openTimeout: timeout) { batch, _ in
      // Once the request has its answer, what the reader sees later (the input's end, say,
      // while the waiting task has not yet woken up) is no longer part of it.
      for event in batch where !outcome.isComplete {
        switch event {
        case .oneShotFix(let location): outcome.complete(.success(location))
        case .oneShotTimeout(_, let error), .oneShotFailed(let error):
          outcome.complete(.failure(error))
        case .authorization(let value, let state):
          self.status.withLock { $0 = value }
          progress(.authorization(value, state))
        default:
          if let translated = Self.translate(event) { progress(translated) }
        }
      }
    }
    session.configure {
      $0.startOneShot(timeout: timeout, desiredAccuracy: options.desiredAccuracy)
    }
    defer { session.stop() }
    try session.start()
    return try await outcome.value()
  }

  /// A filtered stream of updates — locations that passed every policy, sky views,
  /// authorization and device changes, progress while waiting, pauses and staleness — until a
  /// replay ends or the consumer stops iterating. A live source that cannot reconnect ends the
  /// stream with ``EngineError`` `receiverLost`; one that cannot be opened ends it at once with the
  /// reason. A replay is read no faster than the consumer takes its events; so is a live
  /// source read by this stream alone, while one that other clients of the process read too
  /// (see ``ReceiverEngine``) is never held back: a stream that falls more than
  /// ``LocationPolicy/queueLimit`` events behind loses its oldest.
  public func updates() -> AsyncThrowingStream<LocationServiceEvent, any Error> {
    let consumer = updateBatches()
    return AsyncThrowingStream(unfolding: { try await consumer.next() })
  }

  /// The events of ``updates()`` — the same ones, in the same order, with the same end — taken
  /// a batch at a time (``UpdatesConsumer/nextBatch()``), for a consumer that handles many: the
  /// stream's one `async` step per event (a task allocation, an executor switch and a generic
  /// `Optional` metadata lookup each) was a third of `locate watch --json`'s consumer thread.
  /// The session stops when the consumer is released.
  package func updateBatches() -> UpdatesConsumer<LocationServiceEvent> {
    let channel = EventChannel<LocationServiceEvent>(
      limit: LocationPolicy.queueLimit)
    let replay = isReplay
    let session = updatesSession(
      deliver: { events, session, end in
        channel.send(events, dropsOldest: replay ? nil : session.readerIsShared)
        if let end { channel.finish(throwing: end.failure) }
      },
      end: { channel.finish() })
    return UpdatesConsumer(channel: channel, session: session)
  }

  /// What the decoder of the receiver an open ``updates()`` or ``observe(_:)`` stream reads
  /// has counted since it opened — sentences by talker and type, bad checksums, invalid
  /// sentences, fields ignored, junk bytes — as of a recent read: the counters are copied by
  /// the reader after the first read that follows a call, so the first call returns nil, and
  /// each later one what the read after the previous call saw. Never waits for the reader
  /// (callable from the consumer of the stream). Nil when no stream is open.
  public func receiverCounters() -> NMEACounters? {
    let session = streams.withLock { $0.open.first { !$0.session.isStopped }?.session }
    return session?.engineCounters
  }

  /// How a stream of updates ended: `failure` nil at a replay's end (or a live source that
  /// ended without error), else why.
  struct UpdatesEnd {
    let failure: EngineError?
  }

  /// The session of a stream of updates (``updates()``, ``observe(_:)``), configured and
  /// registered for ``finish()``, not started: `deliver` gets each batch's public events on
  /// the reader's thread (on ``finish()``'s caller's for what finishing completes), with the
  /// end of the stream when the batch ended it; `end` ends the stream on ``finish()``, and at
  /// once when ``finish()`` was called before (the session reads nothing then).
  func updatesSession(
    deliver: @escaping @Sendable ([LocationServiceEvent], LocationSession, UpdatesEnd?) -> Void,
    end: @escaping @Sendable () -> Void
  ) -> LocationSession {
    let replay = isReplay
    let timing = options.epochTiming
    let session = makeSession(wantsSky: options.deliversSkyViews) { batch, session in
      var translated: [LocationServiceEvent] = []
      translated.reserveCapacity(batch.count)
      var ended: UpdatesEnd? = nil
      for event in batch {
        // One match per event: each `if case` on its own copied the whole event.
        switch event {
        case .timing(let epoch): timing?(epoch)
        case .authorization(let value, _): self.status.withLock { $0 = value }
        case .ended(let error): ended = UpdatesEnd(failure: replay ? nil : error)
        default: break
        }
        if let item = Self.translate(event) { translated.append(item) }
      }
      deliver(translated, session, ended)
    }
    let filter = DeliveryFilter(
      distanceFilter: options.distanceFilter, desiredAccuracy: options.desiredAccuracy,
      filtersAccuracy: true, pausesAutomatically: options.pausesAutomatically,
      activityType: options.activityType)
    let regions = options.regions.isEmpty ? nil : RegionWatch(options.regions)
    let visits = options.visits
    session.configure {
      $0.startUpdates(filter)
      if let regions { $0.watchRegions(regions) }
      if let visits { $0.watchVisits(visits) }
    }
    let alreadyFinished = streams.withLock { streams -> Bool in
      streams.open.removeAll { $0.session.isStopped }
      if !streams.finished { streams.open.append((session, end)) }
      return streams.finished
    }
    if alreadyFinished {
      session.finishInput()
      end()
    }
    return session
  }

  /// Stops reading for every update stream, keeping what was read: the source is closed,
  /// the epoch in progress is completed as at an unplug, every event it yields is delivered,
  /// then each stream ends normally (its consumer gets `nil`). What a clean stop on SIGINT or
  /// SIGTERM needs: every fix received is handed out, none is invented. Streams asked for
  /// later end at once. Blocks until the readers have stopped; the consumers must keep
  /// iterating meanwhile (a reader waiting for room in its queue finishes handing over first).
  public func finish() {
    let open = streams.withLock { streams in
      streams.finished = true
      defer { streams.open = [] }
      return streams.open
    }
    for stream in open {
      stream.session.finishInput()
      stream.end()
    }
  }

  /// A session over the service's input; `openTimeout` bounds the opening (a request's timeout
  /// holds in every phase).
  private func makeSession(
    wantsSky: Bool, openTimeout: Double? = nil,
    sink: @escaping @Sendable ([PipelineEvent], LocationSession) -> Void
  ) -> LocationSession {
    var input = self.input
    if let openTimeout, case .receiver(let source, var receiverOptions) = input {
      receiverOptions.openTimeout = min(receiverOptions.openTimeout ?? openTimeout, openTimeout)
      input = .receiver(source, receiverOptions)
    }
    let settings = SessionSettings(
      isReplay: isReplay, clock: clock, checksumPolicy: options.checksumPolicy,
      maximumAge: options.maximumAge, timestamps: options.replayTimestamps, onStart: onSession)
    let adjust = { [options] (config: inout PipelineConfig) in
      config.wantsSky = wantsSky
      config.tapsSentences = options.deliversSentences
      config.tapsTiming = options.epochTiming != nil
      config.firstDay = options.date?.daysSince1970
    }
    return LocationSession.client(input, settings, adjust: adjust, sink: sink)
  }

  /// The name put in `GNSSFixInfo.device`: the source's one rendering,
  /// ``ReceiverSource/name`` (the engine puts the name of the source it opened, discovery
  /// resolved, see ``ReceiverEngine/subscribe(source:options:policy:config:clock:handler:)``).
  package static func deviceName(_ input: SessionInput) -> String? {
    guard case .receiver(let source, _) = input else { return nil }
    return source.name
  }

  /// The public form of a pipeline event, if it has one.
  package static func translate(_ event: PipelineEvent) -> LocationServiceEvent? {
    switch event {
    case .location(let location): return .location(location)
    case .sky(let sky): return .sky(sky)
    case .authorization(let status, let state): return .authorization(status, state)
    case .device(let state): return .device(state)
    case .progress(let progress): return .progress(progress)
    case .paused(let paused, _): return .paused(paused)
    case .stale(let location, let age): return .stale(location, age: age)
    case .region(let transition): return .region(transition)
    case .visit(let visit): return .visit(visit)
    case .sentences(let bytes): return .sentences(bytes)
    case .ignored(let error, let kept): return .ignored(error, sentenceKept: kept)
    case .oneShotFix, .oneShotTimeout, .oneShotFailed, .ended, .heading, .timing: return nil
    }
  }
}
