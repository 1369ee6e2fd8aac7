import Glibc
import NMEA
import Platform
import Receivers
import Synchronization

/// One client of a receiver (or of a fed byte stream): its pipeline's policies over what the
/// engine made of each read, batches of pipeline events out, in order.
///
/// A chunk read from a receiver comes decoded and assembled by its engine
/// (``ReceiverEngine``, its ``EngineCore``), once for all its clients; the session runs its
/// own policies (``LocationPipeline``) over the core's events under its lock (a lock per
/// chunk, none per byte or sentence), then hands the chunk's events to `sink` as one batch.
/// Bytes fed by the owner go through a core of the session's own. A timer on the session's
/// clock wakes it at the next moment a policy needs the time checked while the receiver is
/// quiet (``LocationPipeline/nextCheck()``: a request's
/// deadline, the last fix turning stale, progress while waiting), and at no other time.
package final class LocationSession: @unchecked Sendable {
  package let input: SessionInput
  package let clock: any LocationClock
  /// The checksum policy of the session's own decoder, and of its engine's when it opens it.
  private let checksumPolicy: ChecksumPolicy
  let lock = Locked(())
  // Guarded by `lock`: no dynamic exclusivity checks (they cost more than the lock, per
  // sentence). The decoder and the core take fed bytes only: the engine decodes and
  // assembles what it reads.
  @exclusivity(unchecked) private var decoder: NMEADecoder
  @exclusivity(unchecked) private var core: EngineCore
  @exclusivity(unchecked) var pipeline: LocationPipeline
  /// Whether the pipeline relays the sentences as they came (the engine's, or for fed bytes
  /// the session's own core's: ``EngineCore/takeSentences()``).
  private let tapsSentences: Bool
  private let sink: @Sendable ([PipelineEvent], LocationSession) -> Void
  /// The session's place in its source's engine (``ReceiverEngine``) once started. `start()`
  /// stores it while `stop()` may already run on another thread (a fast replay's first events
  /// can complete a request, and its owner close the session, before `start()` returns):
  /// behind a lock, and whichever comes second leaves the engine.
  private let receiver = Locked<ReceiverEngine.Subscription?>(nil)
  /// Whether ``start()`` ran (no checks are armed before).
  var started = false
  /// The armed time check and when it fires (monotonic ns).
  let check = Locked<(timer: (any ClockTimer)?, at: Int64?)>((nil, nil))
  /// The pending quiet-line check (see ``LocationPolicy/quietGap``), and its number: a check
  /// that fires after a newer one was armed does nothing.
  let quietCheck = QuietCheck()
  let stopped = Atomic<Bool>(false)
  /// Set by ``finishInput()``: nothing more is read.
  private let inputFinished = Atomic<Bool>(false)
  /// Set by ``finishInput()`` once the session left its engine (under the lock): what the
  /// engine hands out later is not read. (Not at once: what the reader read before it
  /// stopped is kept.)
  private let detached = Atomic<Bool>(false)
  private let failedToStart = Atomic<Bool>(false)

  /// Whether ``start()`` threw: what the session reported while failing (the authorization it
  /// decided, a request's failure) raced the thrower, which reports the failure itself.
  package var startFailed: Bool { failedToStart.load(ordering: .acquiring) }
  /// Called at the start of ``start()``, after the owner configured the pipeline (tests feed
  /// bytes through the session it is given).
  package var onStart: (@Sendable (LocationSession) -> Void)?

  /// A session whose sink is told which session the batch comes from.
  package init(
    input: SessionInput, config: PipelineConfig, checksumPolicy: ChecksumPolicy = .strict,
    clock: any LocationClock, sink: @escaping @Sendable ([PipelineEvent], LocationSession) -> Void
  ) {
    self.input = input
    self.clock = clock
    self.sink = sink
    self.checksumPolicy = checksumPolicy
    decoder = NMEADecoder(policy: checksumPolicy, fieldErrors: .salvageFields)
    var config = config
    if case .receiver(let source, _) = input { config.backlogOnOpen = source.hasKernelBuffer }
    pipeline = LocationPipeline(config: config, now: clock.now(), wallNow: clock.wallNow())
    core = EngineCore(config: config, now: clock.now(), wallNow: clock.wallNow())
    tapsSentences = config.tapsSentences
  }

  /// A session with a sink for its batches.
  package convenience init(
    input: SessionInput, config: PipelineConfig, checksumPolicy: ChecksumPolicy = .strict,
    clock: any LocationClock, sink: @escaping @Sendable ([PipelineEvent]) -> Void
  ) {
    self.init(input: input, config: config, checksumPolicy: checksumPolicy, clock: clock) {
      batch, _ in sink(batch)
    }
  }

  /// Changes the pipeline (start updates, a one-shot request…) and delivers what that caused.
  package func configure(_ body: (inout LocationPipeline) -> Void) {
    lock.lock()
    defer { lock.unlock() }
    pipeline.advanceClock(at: clock.now(), wall: clock.wallNow())
    body(&pipeline)
    deliver()
  }

  /// Sentences the session's own decoder decoded: fed bytes only (tests: a session reading
  /// an engine decodes nothing itself).
  package var sentencesDecodedHere: Int {
    lock.lock()
    defer { lock.unlock() }
    return decoder.counters.framing.sentences
  }

  /// The counters of the engine the session reads (see ``ReceiverEngine/decoderCounters()``):
  /// nil before ``start()``, for a fed session, and until the reader has read once since the
  /// first call.
  package var engineCounters: NMEACounters? {
    receiver.withLock { $0 }?.engine.decoderCounters()
  }

  /// Epochs the session's own core reported: fed bytes only (tests: a session reading an
  /// engine assembles nothing itself).
  var epochsReportedHere: Int {
    lock.lock()
    defer { lock.unlock() }
    return core.epochsReported
  }

  /// Reads the pipeline.
  package func inspect<T>(_ body: (LocationPipeline) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(pipeline)
  }

  deinit { receiver.withLock { $0 }?.cancel() }

  /// Whether another client reads the session's receiver through its engine now: its sink
  /// must not hold the reader back (see ``EventChannel/send(_:dropsOldest:)``).
  package var sharesReader: Bool { receiver.withLock { $0?.engine.isShared } ?? false }

  /// ``sharesReader``, asked when needed.
  package var readerIsShared: @Sendable () -> Bool {
    { [weak self] in self?.sharesReader ?? false }
  }

  /// The registry key of the engine the session reads (nil before ``start()``, and for a
  /// capture file or a fed session).
  package var engineKey: String? { receiver.withLock { $0?.engine.key } }

  /// Subscribes to the engine of the receiver (for ``SessionInput/receiver(_:_:)``: opening
  /// it when no other client of the process reads it) and arms the time checks.
  package func start() throws(EngineError) {
    onStart?(self)
    if case .receiver(let source, let options) = input, !inputFinished.load(ordering: .acquiring) {
      let receiver: ReceiverEngine.Subscription
      do {
        receiver = try ReceiverEngine.subscribe(
          source: source, options: options, policy: checksumPolicy, config: core.config,
          clock: clock
        ) { [weak self] event in self?.receive(event) }
      } catch {
        let failure = Self.failure(error, source: source)
        failedToStart.store(true, ordering: .releasing)
        if let state = failure.state { deviceState(state) }
        throw failure.error
      }
      let stoppedMeanwhile = self.receiver.withLock { stored -> Bool in
        stored = receiver
        return stopped.load(ordering: .acquiring) || inputFinished.load(ordering: .acquiring)
      }
      if stoppedMeanwhile { receiver.cancel() }
    }
    lock.lock()
    defer { lock.unlock() }
    started = true
    armCheck()
  }

  /// Whether ``stop()`` was called.
  package var isStopped: Bool { stopped.load(ordering: .acquiring) }

  /// Stops the timer and leaves the engine (the last client to leave closes the receiver,
  /// joining its reader thread).
  package func stop() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    check.withLock { check in
      check.timer?.cancel()
      check.timer = nil
    }
    quietCheck.cancel()
    receiver.withLock { $0 }?.cancel()
  }

  /// Stops reading, keeping what was read: the session leaves its engine (call it where a
  /// consumer keeps taking batches, as a reader blocked handing one over finishes it first,
  /// and nothing read later reaches the session), then the epoch in progress is closed and
  /// everything it completes is delivered. Later calls, and a ``start()`` after it, read
  /// nothing.
  package func finishInput() {
    guard !inputFinished.exchange(true, ordering: .acquiringAndReleasing) else { return }
    receiver.withLock { $0 }?.cancel()
    lock.lock()
    defer { lock.unlock() }
    detached.store(true, ordering: .releasing)
    // A fed session's own core: what its decoder still holds, and the epoch in progress (the
    // engine hands its last subscriber its own as it leaves).
    decoder.finish(visiting: &core)
    core.finishInput(at: clock.now(), wall: clock.wallNow())
    pipeline.advanceClock(at: clock.now(), wall: clock.wallNow())
    pipeline.apply(core.takeEvents())
    deliver()
  }

  /// What the engine hands out (its reads already decoded and assembled): nothing once the
  /// session stopped or finished its input.
  func receive(_ event: EngineEvent) {
    // (Checked before the lock too: the last client may leave from its own sink.)
    guard !stopped.load(ordering: .acquiring) else { return }
    lock.lock()
    defer { lock.unlock() }
    if leftEngine { return }
    switch event {
    case .read(let read):
      pipeline.beginRead(at: read.at, wall: clock.wallNow())
      if tapsSentences, let sentences = read.sentences {
        pipeline.events.append(.sentences(sentences))
      }
      pipeline.apply(read.events)
    case .events(let events):
      pipeline.advanceClock(at: clock.now(), wall: clock.wallNow())
      pipeline.apply(events)
    case .joined(let view):
      pipeline.join(view)
    }
    deliver()
  }

  /// Whether the session takes no more from its engine (checked under the lock, so that
  /// nothing read after ``finishInput()`` closed the last epoch reaches the pipeline).
  private var leftEngine: Bool {
    stopped.load(ordering: .relaxed) || detached.load(ordering: .relaxed)
  }

  /// A chunk of bytes fed by the owner that arrived at monotonic time `at` (ns), decoded and
  /// assembled by the session's own core.
  package func feed(_ chunk: UnsafeRawBufferPointer, at: Int64) {
    lock.lock()
    defer { lock.unlock() }
    let wall = clock.wallNow()
    core.beginRead(at: at, wall: wall)
    pipeline.beginRead(at: at, wall: wall)
    decoder.feed(chunk, visiting: &core)
    if let sentences = core.takeSentences() { pipeline.events.append(.sentences(sentences)) }
    pipeline.apply(core.takeEvents())
    deliver()
    if core.awaitsQuietReport { armQuietCheck() }
  }

  /// A device state from the owner (a fed session, or one whose source failed to open).
  package func deviceState(_ state: DeviceState) {
    lock.lock()
    defer { lock.unlock() }
    if case .ended = state { decoder.finish(visiting: &core) }
    core.deviceState(state, at: clock.now(), wall: clock.wallNow())
    pipeline.advanceClock(at: clock.now(), wall: clock.wallNow())
    pipeline.apply(core.takeEvents())
    deliver()
  }

  /// The line of a fed session went quiet (see ``LocationSession/armQuietCheck()``).
  func lineQuiet() {
    core.lineQuiet(at: clock.now(), wall: clock.wallNow())
    pipeline.advanceClock(at: clock.now(), wall: clock.wallNow())
    pipeline.apply(core.takeEvents())
  }

  /// Hands the pending events to the sink (under the lock, so batches stay in order), then
  /// arms the next time check.
  func deliver() {
    let batch = pipeline.takeEvents()
    if !batch.isEmpty { sink(batch, self) }
    armCheck()
  }
}
