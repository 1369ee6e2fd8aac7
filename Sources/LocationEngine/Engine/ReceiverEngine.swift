import NMEA
import Platform
import Receivers
import Synchronization

/// One receiver per resolved source per process, shared by every client that reads it: each
/// ``LocationSession`` (a ``CLLocationManager``, a `liveUpdates()` stream, a ``CLMonitor``, a
/// ``LocationService`` request, a ``CLServiceSession``) and ``ReceiverProbe`` subscribes to
/// the engine of its source instead of opening the device itself.
///
/// Once per engine, in its ``EngineCore``: opening (the first subscriber opens the source, the
/// last one to leave closes it), reading, decoding (with the first subscriber's checksum
/// policy), fix assembly, the device's facts for authorization, error rates, locations, sky
/// views, heading sentences, the line going quiet, and the latest fix
/// (``latestLocation(for:)``, every manager's `location`). What the core makes of a read goes
/// to every subscriber as an ``EngineRead``. Per subscriber, in its own ``LocationPipeline``:
/// authorization as it asked, desired accuracy, distance filter from its own last delivered
/// fix, activity type and pause, one-shot requests, regions, visits, the heading filter,
/// progress, staleness of its last fix, freshness (a subscriber that joins a running engine
/// is told what the engine knows, and nothing that began before it joined is current for it)
/// and its own queue of events.
///
/// The reader thread runs the core (decoding and assembly) and hands what it made of each read
/// to every subscriber in turn, in order (``Delivery``): itself for a live source, so that a
/// fix reaches its clients without another thread's wake-up; for a capture file, through the
/// engine's delivery stage (``DeliveryStage``, a thread fed through a FIFO of a few reads),
/// which runs every subscriber's work (its pipeline, its sink: formatting, queueing) while the
/// reader decodes the next read. A replay's reader goes no faster than its slowest subscriber
/// takes events (with a stage: the stage waits for that subscriber, the reader for room in the
/// FIFO). A live receiver's reader shared by several clients never waits for one: a client
/// whose queue is full loses its oldest events (counted, see ``EventChannel``), so a slow
/// client cannot hold the others back; a client alone pauses the reading as before (nothing
/// lost: the kernel's buffer or the sender waits). A fed engine
/// (``fed(policy:config:clock:handler:)``) hands its one subscriber each event on the thread
/// that feeds it, before ``feed(_:at:)`` returns.
///
/// Keys: a device's real path (``ReceiverSource/discover(baud:)`` resolved to its device),
/// `-` for standard input, a network source's URL. A capture file is not shared: every client
/// replays it from its beginning. The first subscriber's ``ReceiverOptions`` (baud rate,
/// reconnection) hold while the engine is open.
package final class ReceiverEngine: @unchecked Sendable {
  /// What a subscriber is handed, in order: on the engine's delivery stage (for a fed engine,
  /// on the feeding thread).
  typealias Handler = @Sendable (EngineEvent) -> Void

  /// A client's place in an engine; ``cancel()`` leaves it (the last one closes the source).
  final class Subscription: Sendable {
    let engine: ReceiverEngine
    private let id: Int
    private let left = Locked(false)

    fileprivate init(engine: ReceiverEngine, id: Int) {
      self.engine = engine
      self.id = id
    }

    /// Leaves the engine (idempotent); the last subscriber to leave closes the source, joining
    /// its reader thread, and is handed what the reader read until it stopped, then what the
    /// decoder still held and the epoch in progress, before this returns (called on the
    /// delivery stage itself, from a subscriber's own handler: right after that handler
    /// returns). Reads already handed to the stage may still reach a subscriber that is not the
    /// last.
    func cancel() {
      let first = left.withLock { left in
        defer { left = true }
        return !left
      }
      guard first else { return }
      engine.leave(id)
    }
  }

  struct State {
    var ids: [Int] = []
    var handlers: [Handler] = []
    var nextID = 0
    var ended = false
    var closed = false
  }

  /// The engine's key in the registry; nil for a capture file (not shared) and a fed engine.
  let key: String?
  /// The source's receiver; nil for a fed engine (see ``fed(policy:config:clock:handler:)``).
  let receiver: Receiver?
  let state = Locked(State())
  /// The engine's clock (its first subscriber's).
  let clock: any LocationClock
  /// The thread that alone runs the core and hands out its events: the reader thread while
  /// the source is read, else the thread that posts the work (see ``ReaderLoop``). The
  /// quiet-line timer, a joining subscriber and the last one leaving post their work to it.
  let loop = ReaderLoop()
  /// The thread that hands the core's events to the subscribers, behind the reader (nil for a
  /// fed engine, whose feeding thread hands them out); started when the source opens, stopped
  /// when the last subscriber leaves.
  let stage: DeliveryStage?
  /// The one decoder of the engine's reads, and the one core they are decoded into; touched
  /// only by work on `loop`.
  var decoder: NMEADecoder
  var core: EngineCore
  /// A replay's satellites and its fixes' error estimates, kept on the delivery stage (the
  /// core leaves them to it, ``EngineCore/defersSatellites``); touched only by the stage's work.
  var stageSatellites = DeferredSatellites()
  /// Whether the stage keeps them (``EngineCore/defersSatellites``, set once: read here by
  /// the stage, not from the reader's core).
  let stageKeepsSatellites: Bool
  /// A replay's epochs, given back by the stage to the reader's core once nobody holds them
  /// (while the stage keeps the satellites): ``EpochRecycler``, touched only by the stage's
  /// work; the reader swaps what it gave back (`returnedEpochs`) into `spareEpochs`.
  var stageEpochs: EpochRecycler
  let returnedEpochs = Locked<[ReportedEpoch]>([])
  var spareEpochs: [ReportedEpoch] = []
  /// Sentences the engine decoded, and epochs its core reported (for tests: both happen once
  /// per engine).
  let decoded = Atomic<Int>(0)
  let epochs = Atomic<Int>(0)
  /// Epochs its core made of objects given back (``EpochRecycler``), for tests.
  let epochsReused = Atomic<Int>(0)
  /// Set by ``decoderCounters()``: the reader copies the decoder's counters into
  /// `countersCopy` after its next read (a copy per request, not per read).
  let countersWanted = Atomic<Bool>(false)
  let countersCopy = Locked<NMEACounters?>(nil)
  /// The pending quiet-line check (see ``LocationPolicy/quietGap``), and its number.
  let quietCheck = QuietCheck()

  private init(
    key: String?, source: ReceiverSource?, options: ReceiverOptions, policy: ChecksumPolicy,
    config: PipelineConfig, clock: any LocationClock, delivery: Delivery
  ) {
    self.key = key
    receiver = source.map { Receiver(source: $0, options: options) }
    stage =
      delivery == .inline
      ? nil : DeliveryStage(name: "locate-deliver", capacity: Self.stageCapacity)
    decoder = NMEADecoder(policy: policy, fieldErrors: .salvageFields)
    var config = config
    if let source { config.backlogOnOpen = source.hasKernelBuffer }
    core = EngineCore(config: config, now: clock.now(), wallNow: clock.wallNow())
    // (A replay without a key: nobody joins it, and a join reads the satellites in the core.)
    stageKeepsSatellites = delivery == .stage && config.isReplay && key == nil
    core.defersSatellites = stageKeepsSatellites
    stageEpochs = EpochRecycler(returned: returnedEpochs)
    self.clock = clock
  }

  /// Where an engine hands its subscribers their events.
  enum Delivery: Sendable, Hashable {
    /// On the thread that made them: the reader's, or the feeding thread's (one hop less:
    /// the sooner a live fix reaches its client).
    case inline
    /// On a delivery stage behind the reader (``DeliveryStage``): the reader reads on while
    /// the subscribers take the last read; for a replay, the stage also keeps the satellites
    /// and works out the fixes' error estimates (``EngineCore/defersSatellites``; the core then
    /// publishes no latest fix).
    case stage

    /// A capture file is read as fast as its consumer takes it (its time is the pace), so it
    /// is pipelined on a stage; a live source's fix goes out at once, inline: the stage's
    /// extra wake-up cost a pty's fixes 57 µs more at the median, and its p99 rose 10 %
    /// (docs/bench/profiles.md, section 16).
    static func `default`(for source: ReceiverSource) -> Delivery {
      if case .file = source { return .stage }
      return .inline
    }
  }

  /// How many reads the reader may hand the delivery stage ahead of it: enough to keep both
  /// threads busy, few enough that a replay is not read far ahead of its consumer (a file's
  /// read is 256 KiB: two of them hold about as many epochs as four reads of 64 KiB did).
  static let stageCapacity = 2

  /// An engine over bytes its owner feeds (``feed(_:at:)``, ``deliver(_:)``), on the owner's
  /// thread: the same decoding, assembly and quiet-line check as a source's, without a source
  /// or a reader thread, and not in the registry. `handler` is its one subscriber.
  static func fed(
    policy: ChecksumPolicy, config: PipelineConfig, clock: any LocationClock,
    handler: @escaping Handler
  ) -> Subscription {
    let engine = ReceiverEngine(
      key: nil, source: nil, options: ReceiverOptions(), policy: policy, config: config,
      clock: clock, delivery: .inline)
    return engine.state.withLock { state in engine.add(handler, to: &state) }
  }

  /// Bytes for a fed engine, as if read at monotonic time `at` (ns).
  func feed(_ chunk: UnsafeRawBufferPointer, at: Int64) {
    loop.executeAndWait { [self] in dispatch(.data(chunk, at: at)) }
  }

  /// A device state for a fed engine, as its reader would report it.
  func deliver(_ device: DeviceState) {
    loop.executeAndWait { [self] in dispatch(.state(device)) }
  }

  /// Whether more than one client reads the engine now.
  var isShared: Bool { state.withLock { $0.ids.count } > 1 }

  /// Subscribes `handler` to the engine of `source`, opening the source when no engine reads
  /// it yet (its reads decoded with `policy` into a core set up by `config`, on `clock`; a
  /// running engine keeps its first subscriber's, and builds sky views when any subscriber
  /// wants them). A subscriber that joins a running engine is told what it knows first.
  /// `delivery` (nil: ``Delivery/default(for:)``) holds for an engine this call opens.
  /// - Throws: ``ReceiverError`` when the source cannot be opened.
  static func subscribe(
    source: ReceiverSource, options: ReceiverOptions, policy: ChecksumPolicy = .strict,
    config: PipelineConfig, clock: any LocationClock, delivery: Delivery? = nil,
    handler: @escaping Handler
  ) throws(ReceiverError) -> Subscription {
    let (key, resolved) = Self.key(for: source)
    // Fixes name the source the engine opens, as its device states do.
    var config = config
    config.device = resolved.name ?? config.device
    func make(_ key: String?) -> ReceiverEngine {
      ReceiverEngine(
        key: key, source: resolved, options: options, policy: policy, config: config,
        clock: clock, delivery: delivery ?? .default(for: resolved))
    }
    guard let key else { return try make(nil).open(handler) }
    // Opening under the slot's lock: a second client waits for the first one's open.
    return try withSlot(key) { current throws(ReceiverError) -> Subscription in
      if let engine = current,
        let joined = engine.join(handler, config: config)
      {
        return joined
      }
      let engine = make(key)
      let subscription = try engine.open(handler)
      current = engine
      history.withLock { $0.opens[key, default: 0] += 1 }
      return subscription
    }
  }

  private func add(_ handler: @escaping Handler, to state: inout State) -> Subscription {
    state.nextID += 1
    state.ids.append(state.nextID)
    state.handlers.append(handler)
    return Subscription(engine: self, id: state.nextID)
  }

  /// Joins a running engine; nil when it ended or closed (a new one opens the source again).
  /// The subscriber is handed what the core knows first, before any later read and after every
  /// read handed out before, and has it when this returns (unless called on the delivery
  /// stage, where it comes after the handler in hand).
  private func join(_ handler: @escaping Handler, config: PipelineConfig) -> Subscription? {
    var joined: Subscription?
    // On the core's thread: what the core knows comes before any later read. From the stage's
    // own thread, the reader must not wait for room meanwhile (the stage waits for it).
    liftingStage {
      loop.executeAndWait { [self] in
        if config.wantsSky { core.wantsSky = true }
        if config.tapsTiming { core.trackArrivals() }
        if config.tapsSentences { core.tapsSentences = true }
        let view = core.view
        joined = state.withLock { state in
          guard !state.ended, !state.closed else { return nil }
          return add(handler, to: &state)
        }
        if joined != nil { hand(.joined(view), to: [handler]) }
      }
    }
    if joined != nil, !loop.isCurrent { stage?.flush() }
    return joined
  }

  /// Runs `body` with the stage's bound lifted when called on the stage (see
  /// ``DeliveryStage/whileLifted(_:)``); as it is without a stage.
  private func liftingStage<Result>(_ body: () -> Result) -> Result {
    guard let stage else { return body() }
    return stage.whileLifted(body)
  }

  /// Opens the source for its first subscriber.
  private func open(_ handler: @escaping Handler) throws(ReceiverError) -> Subscription {
    let subscription = state.withLock { state in add(handler, to: &state) }
    stage?.start()
    do throws(ReceiverError) {
      try receiver?.start({ [self] event in dispatch(event) }, loop: loop)
    } catch {
      stage?.stop()
      throw error
    }
    return subscription
  }

  /// A subscriber leaves; the last one closes the source. The last one keeps its place until
  /// the reader has stopped, so that every read until then is its own: removed first, it lost
  /// what the reader read meanwhile (one 41-epoch read of a flood at SIGTERM, SignalCountTests).
  private func leave(_ id: Int) {
    let closing = state.withLock { state -> Bool in
      guard let index = state.ids.firstIndex(of: id) else { return false }
      guard state.ids.count == 1 else {
        state.ids.remove(at: index)
        state.handlers.remove(at: index)
        return false
      }
      state.closed = true
      return true
    }
    guard closing else { return }
    // The reader is to stop: it must not wait for room on the stage, whose thread may be this
    // one, or be waiting for a consumer that is stopping.
    stage?.lift()
    if let key {
      // Closed under the slot's lock: a client subscribing meanwhile waits for the close, then
      // opens the source itself (instead of finding it held by this very process).
      Self.withSlot(key) { current in
        if current === self { current = nil }
        receiver?.stop()
      }
    } else {
      receiver?.stop()
    }
    let last = state.withLock { state -> Handler? in
      guard let index = state.ids.firstIndex(of: id) else { return nil }
      state.ids.remove(at: index)
      return state.handlers.remove(at: index)
    }
    quietCheck.cancel()
    // The reader has stopped: what the decoder still held, and the epoch in progress, are the
    // last subscriber's, after what the stage still holds. On the reader thread itself, after
    // the read in hand, when the thread ends; on the stage's thread (a handler leaving), after
    // the handler in hand; else before this returns, the stage's thread ended.
    guard let last else {
      stage?.stop()
      return
    }
    if loop.isCurrent {
      loop.execute { [self] in
        finish(for: [last])
        stage?.stop()
      }
    } else if stage?.isCurrent == true {
      loop.execute { [self] in finish(for: [last]) }
      stage?.stop()
    } else {
      loop.executeAndWait { [self] in finish(for: [last]) }
      stage?.stop()
    }
  }
}
