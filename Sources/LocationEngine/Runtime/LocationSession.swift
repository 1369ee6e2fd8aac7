import Glibc
import NMEA
import Platform
import Receivers
import Synchronization

/// One receiver (or fed byte stream) and one pipeline: bytes and device states in, batches of
/// pipeline events out, in order.
///
/// The reader thread runs fix assembly and the policies over each chunk under one lock (a lock
/// per chunk, none per byte or sentence), then hands the chunk's events to `sink` as one
/// batch. A chunk read from a receiver comes decoded by its engine (``ReceiverEngine``), once
/// for all its clients; bytes fed by the owner are decoded by the session itself. A timer on the session's clock wakes it at the next moment a policy needs the
/// time checked while the receiver is quiet (``LocationPipeline/nextCheck()``: a request's
/// deadline, the last fix turning stale, progress while waiting), and at no other time.
package final class LocationSession: @unchecked Sendable {
  package let input: SessionInput
  package let clock: any LocationClock
  /// The checksum policy of the session's own decoder, and of its engine's when it opens it.
  private let checksumPolicy: ChecksumPolicy
  let lock = Locked(())
  // Guarded by `lock`: no dynamic exclusivity checks (they cost more than the lock, per
  // sentence). The decoder decodes fed bytes only: the engine decodes what it reads.
  @exclusivity(unchecked) private var decoder: NMEADecoder
  @exclusivity(unchecked) var pipeline: LocationPipeline
  /// Frames each read a second time when the pipeline taps sentences (LocationSession+Tap).
  @exclusivity(unchecked) private var tap: SentenceTap?
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
  let quietCheck = Locked<(timer: (any ClockTimer)?, number: Int)>((nil, 0))
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
    tap = config.tapsSentences ? SentenceTap(policy: checksumPolicy) : nil
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
          source: source, options: options, policy: checksumPolicy
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
    quietCheck.withLock { $0.timer?.cancel() }
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
    decoder.finish(visiting: &pipeline)
    pipeline.finishInput(at: clock.now(), wall: clock.wallNow())
    deliver()
  }

  /// What the engine hands out (its reads already decoded): nothing once the session stopped
  /// or finished its input.
  package func receive(_ event: EngineEvent) {
    switch event {
    case .read(let read):
      self.read(read.bytes, at: read.at, fromEngine: true) { read.visit(into: &pipeline) }
    case .finished(let items):
      // (Checked before the lock too: the last client may leave from its own sink.)
      guard !stopped.load(ordering: .acquiring) else { return }
      lock.lock()
      defer { lock.unlock() }
      if !leftEngine { pipeline.take(items) }
    case .state(let state):
      deviceState(state, fromEngine: true)
    }
  }

  /// Whether the session takes no more from its engine (checked under the lock, so that
  /// nothing read after ``finishInput()`` closed the last epoch reaches the pipeline).
  private var leftEngine: Bool {
    stopped.load(ordering: .relaxed) || detached.load(ordering: .relaxed)
  }

  /// A chunk of bytes fed by the owner that arrived at monotonic time `at` (ns), decoded by
  /// the session's own decoder.
  package func feed(_ chunk: UnsafeRawBufferPointer, at: Int64) {
    read(chunk, at: at, fromEngine: false) { decoder.feed(chunk, visiting: &pipeline) }
  }

  /// One read at monotonic time `at` (ns): `decode` hands its sentences to the pipeline.
  private func read(
    _ chunk: UnsafeRawBufferPointer, at: Int64, fromEngine: Bool, decode: () -> Void
  ) {
    lock.lock()
    defer { lock.unlock() }
    if fromEngine && leftEngine { return }
    pipeline.beginRead(at: at, wall: clock.wallNow())
    if tap != nil, let sentences = tap?.frame(chunk) {
      pipeline.events.append(.sentences(sentences))
    }
    decode()
    deliver()
    if pipeline.awaitsQuietReport { armQuietCheck() }
  }

  /// A device state from the receiver (or the owner).
  package func deviceState(_ state: DeviceState, fromEngine: Bool = false) {
    lock.lock()
    defer { lock.unlock() }
    if fromEngine && leftEngine { return }
    if case .ended = state {
      decoder.finish(visiting: &pipeline)
    }
    pipeline.deviceState(state, at: clock.now(), wall: clock.wallNow())
    deliver()
  }

  /// Hands the pending events to the sink (under the lock, so batches stay in order), then
  /// arms the next time check.
  func deliver() {
    let batch = pipeline.takeEvents()
    if !batch.isEmpty { sink(batch, self) }
    armCheck()
  }
}
