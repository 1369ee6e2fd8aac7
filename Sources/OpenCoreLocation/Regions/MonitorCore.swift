import Foundation
import NMEA
import Platform
import Receivers

/// The state behind a ``CLMonitor``: its conditions and their last events, the tracker its
/// sessions share, and the iteration (if any) its events go to.
final class MonitorCore: Sendable {
  /// How sessions are made (nil input: fed by hand).
  struct Setup: Sendable {
    var input: SessionInput?
    var isReplay = false
    var clock: any LocationClock = SystemClock()
    var checksumPolicy = ChecksumPolicy.strict
    var maximumAge = LocationPolicy.defaultMaximumAge
    var timestamps = ReplayTimestamps.asRecorded

    init(_ input: CLMonitor.Input) {
      switch input {
      case .discovered:
        self.input = .receiver(.discover(baud: .auto), ReceiverOptions())
        isReplay = false
      case .source(let source, let options, let checksumPolicy, let timestamps):
        self.input = .receiver(source, options)
        isReplay = !source.isLive
        self.checksumPolicy = checksumPolicy
        self.timestamps = timestamps
      case .service(let service):
        self.input = service.input
        isReplay = service.isReplay
        clock = service.clock
        checksumPolicy = service.options.checksumPolicy
        maximumAge = service.options.maximumAge
        timestamps = service.options.replayTimestamps
      case .fed:
        self.input = nil
      }
    }
  }

  private struct State {
    var order: [String] = []
    var records: [String: CLMonitor.Record] = [:]
    var pending: [CLMonitor.Event] = []
    var channel: EventChannel<CLMonitor.Event>?
  }

  /// Events kept while nobody iterates.
  static let pendingLimit = 1024

  let setup: Setup
  let watch: RegionWatch
  private let state = Locked(State())

  init(setup: Setup, rule: RegionHysteresis) {
    self.setup = setup
    watch = RegionWatch(RegionTracker(rule: rule))
  }

  var identifiers: [String] { state.withLock { $0.order } }

  func record(for identifier: String) -> CLMonitor.Record? {
    state.withLock { $0.records[identifier] }
  }

  func add(_ condition: any CLCondition, identifier: String, assuming: CLMonitoringState) {
    // The event's date is a date (wall time), from the monitor's own clock as every other
    // event's is (a test's ManualClock included).
    var event = CLMonitor.Event(
      identifier: identifier, state: assuming, date: setup.clock.wallNow())
    if let circle = condition as? CLMonitor.CircularGeographicCondition,
      RegionTracker.canMonitor(center: circle.center, radius: circle.radius)
    {
      watch.add(
        identifier: identifier, center: circle.center, radius: circle.radius,
        state: assuming.regionState)
    } else {
      watch.remove(identifier: identifier)
      event = CLMonitor.Event(
        identifier: identifier, state: .unmonitored, date: event.date, unsupported: true)
    }
    state.withLock { state in
      if state.records[identifier] == nil { state.order.append(identifier) }
      state.records[identifier] = CLMonitor.Record(condition: condition, lastEvent: event)
    }
    if event.conditionUnsupported { publish([event]) }
  }

  func remove(_ identifier: String) {
    watch.remove(identifier: identifier)
    state.withLock { state in
      state.order.removeAll { $0 == identifier }
      state.records[identifier] = nil
    }
  }

  func process(_ location: CLLocation) -> [CLMonitor.Event] {
    let events = watch.evaluate(location.fix).map(CLMonitor.Event.init)
    publish(events)
    return events
  }

  /// The monitor events for a batch of pipeline events: transitions, and an event per
  /// condition when the receiver refuses us.
  func translate(_ batch: [PipelineEvent], date: Date) -> [CLMonitor.Event] {
    var events: [CLMonitor.Event] = []
    for event in batch {
      switch event {
      case .region(let transition):
        events.append(CLMonitor.Event(transition))
      case .authorization(let status, let device) where status == .denied || status == .restricted:
        var globally = false
        if case .unavailable = device { globally = true }
        let current = state.withLock { state in state.order.compactMap { state.records[$0] } }
        for record in current {
          events.append(record.lastEvent.withProblem(status, globally: globally, date: date))
        }
      default:
        break
      }
    }
    return events
  }

  /// Records each event as its condition's last (unless removed meanwhile), then hands them to
  /// the iteration, or keeps them for the next one.
  func publish(_ events: [CLMonitor.Event]) {
    guard !events.isEmpty else { return }
    let channel = state.withLock { state -> EventChannel<CLMonitor.Event>? in
      for event in events {
        guard let record = state.records[event.identifier] else { continue }
        state.records[event.identifier] = CLMonitor.Record(
          condition: record.condition, lastEvent: event)
      }
      if state.channel == nil {
        state.pending.append(contentsOf: events)
        if state.pending.count > Self.pendingLimit {
          state.pending.removeFirst(state.pending.count - Self.pendingLimit)
        }
      }
      return state.channel
    }
    channel?.send(events)
  }

  /// Makes `channel` the one events go to (ending the previous iteration's), handing it what
  /// was kept.
  func attach(_ channel: EventChannel<CLMonitor.Event>) {
    let (previous, pending) = state.withLock {
      state -> (EventChannel<CLMonitor.Event>?, [CLMonitor.Event]) in
      defer {
        state.channel = channel
        state.pending.removeAll()
      }
      return (state.channel, state.pending)
    }
    previous?.finish()
    channel.send(pending)
  }

  /// Stops sending to `channel` if it is still the current one.
  func detach(_ channel: EventChannel<CLMonitor.Event>) {
    state.withLock { state in
      if state.channel === channel { state.channel = nil }
    }
  }
}

/// One iteration of ``CLMonitor/events``: its channel and, for a monitor with a receiver, the
/// session it opens at the first `next()` and stops at the end.
final class MonitorIteration: @unchecked Sendable {
  private let core: MonitorCore
  private let channel: EventChannel<CLMonitor.Event>
  private var session: LocationSession?
  private var batch: [CLMonitor.Event] = []
  private var index = 0
  private var started = false

  init(core: MonitorCore) {
    self.core = core
    channel = EventChannel(limit: LocationPolicy.queueLimit)
  }

  deinit { shutdown() }

  private func shutdown() {
    channel.finish()
    core.detach(channel)
    session?.stop()
  }

  private func start() {
    core.attach(channel)
    guard let input = core.setup.input else { return }
    let setup = core.setup
    let settings = SessionSettings(
      isReplay: setup.isReplay, clock: setup.clock, checksumPolicy: setup.checksumPolicy,
      maximumAge: setup.maximumAge, timestamps: setup.timestamps)
    let (core, channel) = (core, channel)
    let session = LocationSession.client(input, settings) { batch, _ in
      core.publish(core.translate(batch, date: setup.clock.wallNow()))
      if batch.contains(where: { if case .ended = $0 { true } else { false } }) {
        channel.finish()
      }
    }
    let watch = core.watch
    session.configure { $0.watchRegions(watch) }
    self.session = session
    do { try session.start() } catch { channel.finish() }
  }

  /// The next event; nil at the end.
  func next() async -> CLMonitor.Event? {
    if Task.isCancelled {
      shutdown()
      return nil
    }
    if !started {
      started = true
      start()
    }
    while index >= batch.count {
      let taken = (try? await channel.take()) ?? []
      if taken.isEmpty {
        shutdown()
        return nil
      }
      batch = taken
      index = 0
    }
    defer { index += 1 }
    return batch[index]
  }
}
