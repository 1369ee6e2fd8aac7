import NMEA
import Platform
import Receivers
import Synchronization

/// One receiver per resolved source per process, shared by every client that reads it: each
/// ``LocationSession`` (a ``CLLocationManager``, a `liveUpdates()` stream, a ``CLMonitor``, a
/// ``LocationService`` request, a ``CLServiceSession``) and ``ReceiverProbe`` subscribes to
/// the engine of its source instead of opening the device itself.
///
/// Once per engine: opening (the first subscriber opens the source, the last one to leave
/// closes it), reading, decoding (``ReadDecoder``: each read's sentences go to every
/// subscriber as an ``EngineRead``, with the first subscriber's checksum policy), device
/// states, and the latest fix (``latestLocation(for:)``, every manager's `location`, from the
/// engine's own pipeline that filters nothing). Per subscriber, in its own pipeline (fix
/// assembly and authorization too, for now: the same result in each): desired accuracy, distance filter from its own last delivered fix,
/// activity type and pause, one-shot requests, regions, visits, headings, freshness (a
/// subscriber that joins a running engine is told the device state, and nothing read before
/// it joined is current for it) and its own queue of events.
///
/// The reader thread hands each read to every subscriber in turn. A replay's reader goes no
/// faster than its slowest subscriber takes events. A live receiver's reader shared by several
/// clients never waits for one: a client whose queue is full loses its oldest events (counted,
/// see ``EventChannel``), so a slow client cannot hold the others back; a client alone pauses
/// the reading as before (nothing lost: the kernel's buffer or the sender waits).
///
/// Keys: a device's real path (``ReceiverSource/discover(baud:)`` resolved to its device),
/// `-` for standard input, a network source's URL. A capture file is not shared: every client
/// replays it from its beginning. The first subscriber's ``ReceiverOptions`` (baud rate,
/// reconnection) hold while the engine is open.
package final class ReceiverEngine: @unchecked Sendable {
  /// What a subscriber is handed, on the reader thread, in order.
  package typealias Handler = @Sendable (EngineEvent) -> Void

  /// A client's place in an engine; ``cancel()`` leaves it (the last one closes the source).
  package final class Subscription: Sendable {
    let engine: ReceiverEngine
    private let id: Int
    private let left = Locked(false)

    fileprivate init(engine: ReceiverEngine, id: Int) {
      self.engine = engine
      self.id = id
    }

    /// Leaves the engine (idempotent); the last subscriber to leave closes the source, joining
    /// its reader thread (from that thread, it returns at once). A read already being handed
    /// out may still reach the subscriber.
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
    var lastState: DeviceState?
    var ended = false
    var closed = false
  }

  /// The engine's key in the registry; nil for a capture file (not shared).
  package let key: String?
  private let receiver: Receiver
  let state = Locked(State())
  /// The one decoder of the engine's reads (used on the reader thread, and by the last
  /// subscriber to leave once the reader stopped).
  @exclusivity(unchecked) var decoder: ReadDecoder
  /// Sentences the engine decoded (for tests: decoding happens once per engine).
  let decoded = Atomic<Int>(0)
  /// The engine's own pipeline on a live source: it delivers every current fix, unfiltered,
  /// to ``latestLocation(for:)``.
  private let observer: LocationSession?

  private init(
    key: String?, source: ReceiverSource, options: ReceiverOptions, policy: ChecksumPolicy
  ) {
    self.key = key
    receiver = Receiver(source: source, options: options)
    decoder = ReadDecoder(policy: policy)
    guard let key, source.isLive else {
      observer = nil
      return
    }
    let input = SessionInput.receiver(source, options)
    observer = LocationSession(
      input: .manual,
      config: PipelineConfig(isReplay: false, device: LocationService.deviceName(input)),
      clock: SystemClock()
    ) { batch, _ in
      for case .location(let location) in batch {
        Self.history.withLock { $0.latest[key] = location }
      }
    }
    observer?.configure {
      $0.startUpdates(
        DeliveryFilter(
          distanceFilter: kCLDistanceFilterNone, desiredAccuracy: kCLLocationAccuracyBest,
          filtersAccuracy: false, pausesAutomatically: false, activityType: .other))
    }
  }

  /// Whether more than one client reads the engine now (its own pipeline not counted).
  package var isShared: Bool { state.withLock { $0.ids.count } > (observer == nil ? 1 : 2) }

  /// Subscribes `handler` to the engine of `source`, opening the source when no engine reads
  /// it yet (its reads decoded with `policy`; a running engine keeps its first subscriber's).
  /// A subscriber that joins a running engine gets its last device state first.
  /// - Throws: ``ReceiverError`` when the source cannot be opened.
  package static func subscribe(
    source: ReceiverSource, options: ReceiverOptions, policy: ChecksumPolicy = .strict,
    handler: @escaping Handler
  ) throws(ReceiverError) -> Subscription {
    let (key, resolved) = Self.key(for: source)
    guard let key else {
      return try ReceiverEngine(key: nil, source: resolved, options: options, policy: policy)
        .open(handler)
    }
    // Opening under the slot's lock: a second client waits for the first one's open.
    return try slot(key).withLock { current throws(ReceiverError) -> Subscription in
      if let engine = current, let joined = engine.join(handler) { return joined }
      let engine = ReceiverEngine(key: key, source: resolved, options: options, policy: policy)
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
  private func join(_ handler: @escaping Handler) -> Subscription? {
    state.withLock { state in
      guard !state.ended, !state.closed else { return nil }
      // Under the lock: the state comes before any later read.
      if let last = state.lastState { handler(.state(last)) }
      return add(handler, to: &state)
    }
  }

  /// Opens the source for its first subscriber.
  private func open(_ handler: @escaping Handler) throws(ReceiverError) -> Subscription {
    let subscription = state.withLock { state in
      if let observer { _ = add({ observer.receive($0) }, to: &state) }
      return add(handler, to: &state)
    }
    try? observer?.start()
    do {
      try receiver.start { [self] event in dispatch(event) }
    } catch {
      observer?.stop()
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
      guard state.ids.count - 1 == (observer == nil ? 0 : 1) else {
        state.ids.remove(at: index)
        state.handlers.remove(at: index)
        return false
      }
      state.closed = true
      return true
    }
    guard closing else { return }
    if let key {
      // Closed under the slot's lock: a client subscribing meanwhile waits for the close, then
      // opens the source itself (instead of finding it held by this very process).
      Self.slot(key).withLock { current in
        if current === self { current = nil }
        receiver.stop()
      }
    } else {
      receiver.stop()
    }
    let last = state.withLock { state -> Handler? in
      guard let index = state.ids.firstIndex(of: id) else { return nil }
      state.ids.remove(at: index)
      return state.handlers.remove(at: index)
    }
    observer?.stop()
    // The reader has stopped (or this is its thread, between reads): the decoder is free.
    if let last { finishDecoding([last]) }
  }
}
