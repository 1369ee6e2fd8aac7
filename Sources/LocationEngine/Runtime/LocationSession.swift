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
/// own policies (``LocationPipeline``) over the core's events, the pipeline held in its lock
/// (a lock per chunk, none per byte or sentence), then hands the chunk's events to `sink` as
/// one batch.
/// Bytes fed by the owner go through an engine of the session's own
/// (``ReceiverEngine/fed(policy:config:clock:handler:)``): the same path, without a source or
/// a reader thread. A timer on the session's clock wakes it at the next moment a policy needs the time checked while the receiver is
/// quiet (``LocationPipeline/nextCheck()``: a request's
/// deadline, the last fix turning stale, progress while waiting), and at no other time.
package final class LocationSession: @unchecked Sendable {
  package let input: SessionInput
  package let clock: any LocationClock
  /// The checksum policy of its engine's decoder when it opens it.
  private let checksumPolicy: ChecksumPolicy
  /// How its engine's core is set up when it opens it.
  private let config: PipelineConfig
  /// What the session's lock holds: its pipeline, and whether ``start()`` ran (no checks
  /// are armed before).
  struct Guarded {
    var pipeline: LocationPipeline
    var started = false
  }
  let guarded: Locked<Guarded>
  /// Whether the pipeline relays the sentences as they came (``EngineRead/sentences``).
  private let tapsSentences: Bool
  private let sink: @Sendable ([PipelineEvent], LocationSession) -> Void
  /// The session's place in its source's engine (``ReceiverEngine``) once started, or in the
  /// engine its owner feeds from the start (``SessionInput/manual``). `start()` stores it while `stop()` may already run on another thread (a fast replay's first events
  /// can complete a request, and its owner close the session, before `start()` returns):
  /// behind a lock, and whichever comes second leaves the engine.
  private let receiver = Locked<ReceiverEngine.Subscription?>(nil)
  /// The armed time check and when it fires (monotonic ns).
  let check = Locked<(timer: (any ClockTimer)?, at: Int64?)>((nil, nil))
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
    var config = config
    if case .receiver(let source, _) = input { config.backlogOnOpen = source.hasKernelBuffer }
    self.config = config
    guarded = Locked(
      Guarded(
        pipeline: LocationPipeline(config: config, now: clock.now(), wallNow: clock.wallNow())))
    tapsSentences = config.tapsSentences
    if case .manual = input { receiver.withLock { $0 = fedEngine() } }
  }

  /// A place in an engine of the session's own, which it feeds (fed bytes, and the state of a
  /// source that failed to open).
  private func fedEngine() -> ReceiverEngine.Subscription {
    ReceiverEngine.fed(policy: checksumPolicy, config: config, clock: clock) {
      [weak self] event in self?.receive(event)
    }
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
    guarded.withLock { guarded in
      guarded.pipeline.advanceClock(at: clock.now(), wall: clock.wallNow())
      body(&guarded.pipeline)
      deliver(&guarded)
    }
  }

  /// The counters of the engine the session reads (see ``ReceiverEngine/decoderCounters()``):
  /// nil before ``start()``, and until the engine has read once since the first call.
  package var engineCounters: NMEACounters? {
    receiver.withLock { $0 }?.engine.decoderCounters()
  }

  /// Reads the pipeline.
  package func inspect<T>(_ body: (LocationPipeline) -> T) -> T {
    guarded.withLock { body($0.pipeline) }
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
          source: source, options: options, policy: checksumPolicy, config: config,
          clock: clock
        ) { [weak self] event in self?.receive(event) }
      } catch {
        let failure = Self.failure(error, source: source)
        failedToStart.store(true, ordering: .releasing)
        // The failed source's state, through an engine of the session's own.
        if let state = failure.state { fedEngine().engine.deliver(state) }
        throw failure.error
      }
      let stoppedMeanwhile = self.receiver.withLock { stored -> Bool in
        stored = receiver
        return stopped.load(ordering: .acquiring) || inputFinished.load(ordering: .acquiring)
      }
      if stoppedMeanwhile { receiver.cancel() }
    }
    guarded.withLock { guarded in
      guarded.started = true
      armCheck(guarded)
    }
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
    guarded.withLock { guarded in
      // (What the decoder still held, and the epoch in progress, came as the session left: an
      // engine hands its last subscriber its own.)
      detached.store(true, ordering: .releasing)
      guarded.pipeline.advanceClock(at: clock.now(), wall: clock.wallNow())
      deliver(&guarded)
    }
  }

  /// What the engine hands out (its reads already decoded and assembled): nothing once the
  /// session stopped or finished its input.
  func receive(_ event: EngineEvent) {
    // (Checked before the lock too: the last client may leave from its own sink.)
    guard !stopped.load(ordering: .acquiring) else { return }
    guarded.withLock { guarded in
      if leftEngine { return }
      switch event {
      case .read(let read):
        guarded.pipeline.beginRead(at: read.at, wall: clock.wallNow())
        if tapsSentences, let sentences = read.sentences {
          guarded.pipeline.events.append(.sentences(sentences))
        }
        guarded.pipeline.apply(read.events)
      case .events(let events):
        guarded.pipeline.advanceClock(at: clock.now(), wall: clock.wallNow())
        guarded.pipeline.apply(events)
      case .joined(let view):
        guarded.pipeline.join(view)
      }
      deliver(&guarded)
    }
  }

  /// Whether the session takes no more from its engine (checked under the lock, so that
  /// nothing read after ``finishInput()`` closed the last epoch reaches the pipeline).
  private var leftEngine: Bool {
    stopped.load(ordering: .relaxed) || detached.load(ordering: .relaxed)
  }

  /// A chunk of bytes fed by the owner (``SessionInput/manual``) that arrived at monotonic
  /// time `at` (ns), read by the session's engine as a source's reader hands it a read. Nothing
  /// once the session stopped or finished its input.
  package func feed(_ chunk: UnsafeRawBufferPointer, at: Int64) {
    fed?.feed(chunk, at: at)
  }

  /// A device state from the owner (``SessionInput/manual``), as a source's reader reports it.
  package func deviceState(_ state: DeviceState) {
    fed?.deliver(state)
  }

  /// The engine the owner feeds, while the session is in it.
  private var fed: ReceiverEngine? {
    guard case .manual = input else { return nil }
    return receiver.withLock { $0 }?.engine
  }

  /// Hands the pending events to the sink (under the lock, so batches stay in order), then
  /// arms the next time check.
  func deliver(_ guarded: inout Guarded) {
    let batch = guarded.pipeline.takeEvents()
    if !batch.isEmpty { sink(batch, self) }
    armCheck(guarded)
  }
}
