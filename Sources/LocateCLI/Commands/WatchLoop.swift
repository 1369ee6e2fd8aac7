import FoundationEssentials
import GPSDServer
import Geodesy
import JSON
import LocationEngine
import Receivers

/// The body of `watch`: reads the service's update stream and hands each event to the writer
/// or to stderr, until the stream ends, the task is cancelled, or a limit is reached.
struct WatchLoop: Sendable {
  /// When to stop besides a signal or the end of the stream.
  struct Limits: Sendable {
    /// Stop after this many fixes (with `--events-only`, region events).
    var count: Int?
    /// For replays: stop at the first fix this many seconds (of stream time) after the first.
    var streamDuration: Double?
  }

  let service: LocationService
  let source: ReceiverSource
  let writer: FixStreamWriter
  let observer: RequestObserver
  let target: GeoPoint?
  let limits: Limits
  /// Region events (`--region`; see `RegionOutput`).
  let regions: RegionOutput
  /// The receiver's time for ntpd and chrony (`--shm`, `--chrony`, `--pps`).
  var timeFeed: TimeFeed? = nil

  /// Runs until the end; a refusal before the receiver ever connected is an error.
  func run() async throws(LocateError) {
    var firstTime: Date?
    // With --satellites, the sky view of the last fix's epoch comes after the fix: wait for it.
    var awaitingLastSky = false
    var written = 0
    var fixes = 0
    func beyondDuration(_ time: Date) -> Bool {
      guard let duration = limits.streamDuration else { return false }
      let start = firstTime ?? time
      firstTime = start
      return time.timeIntervalSince(start) >= duration
    }
    do {
      // A batch at a time: `updates()` hands out the same events one `await` each (a task
      // allocation, an executor switch and a generic metadata lookup per event). Cancellation
      // ends it between events, as it ends the stream.
      let updates = service.updateBatches()
      batches: while true {
        let batch = try await updates.nextBatch()
        if batch.isEmpty { break }
        for event in batch {
          if Task.isCancelled { break batches }
          observer.handle(event)
          if !event.isLocationOrRegion { try regions.flush() }
          switch event {
          case .location(let location):
            if awaitingLastSky { return }
            observer.status.clear()
            if beyondDuration(location.timestamp) { return }
            fixes += 1
            let label = try regions.label(for: location)
            try writer.location(location, target: reading(location), label: label)
            guard !writer.eventsOnly else { break }
            written += 1
            if let count = limits.count, written >= count {
              guard writer.satellites else { return }
              awaitingLastSky = true
            }
          case .sky(let view):
            try writer.sky(view, device: observer.snapshot.device)
            if awaitingLastSky { return }
          case .authorization(let status, let state):
            try deviceChange(state, json: GPSDJSON.authorization(status, state))
          case .device(let state):
            // Nothing useful comes until the rate is right: said always, not only with --verbose.
            if let line = StateText.garbled(state) {
              observer.status.print(line: "locate: " + line)
            }
            try deviceChange(state, json: GPSDJSON.device(state))
          case .paused(let paused):
            observer.status.note(paused ? "paused: not moving" : "moving again")
            try writer.event(GPSDJSON.paused(paused))
          case .stale(let location, let age):
            observer.status.note(
              "the last fix is " + JSONText.fixed(age, 1) + " s old: " + observer.staleReason)
            try writer.event(GPSDJSON.stale(location, age: age))
          case .region(let transition):
            if beyondDuration(transition.location.timestamp) { return }
            try regions.event(transition, target: reading(transition.location))
            guard writer.eventsOnly else { break }
            written += 1
            if let count = limits.count, written >= count { return }
          case .visit(let visit):
            let time = VisitFormat.isOngoing(visit) ? visit.arrivalDate : visit.departureDate
            if beyondDuration(time) { return }
            try writer.record(VisitFormat.record(visit, format: writer.format))
            guard writer.eventsOnly else { break }
            written += 1
            if let count = limits.count, written >= count { return }
          case .progress, .sentences, .ignored:
            break
          }
        }
      }
    } catch {
      try FailureMapping.updatesEnded(
        error, seen: observer.snapshot, source: source, afterFixes: fixes > 0)
    }
  }

  private func deviceChange(_ state: DeviceState, json: String) throws(LocateError) {
    if !observer.snapshot.connected, let refusal = FailureMapping.refusal(state, source: source) {
      throw refusal
    }
    if let timeFeed {
      timeFeed.deviceChanged(state)
      if let failure = timeFeed.failure { throw failure }
    }
    if case .unplugged = state { writer.receiverLost() }
    try writer.event(json)
  }

  private func reading(_ location: Fix) -> TargetReading? {
    guard let target else { return nil }
    let line = Geodesic.wgs84.inverse(
      latitude1: location.coordinate.latitude, longitude1: location.coordinate.longitude,
      latitude2: target.latitude, longitude2: target.longitude)
    return TargetReading(
      target: target, distance: line.distance, bearing: Bearing.normalized(line.initialAzimuth))
  }
}

extension LocationServiceEvent {
  /// Whether this is a `.location` or a `.region` (after which region events wait; anything
  /// else flushes them). One switch on the event in place: two `if case` tests each copied it.
  fileprivate var isLocationOrRegion: Bool {
    switch self {
    case .location, .region: true
    default: false
    }
  }
}

extension RequestObserver.Seen {
  /// The device path last reported, for SKY objects.
  var device: String? {
    switch state {
    case .connected(let path, _), .unplugged(let path), .silent(let path, _): return path
    default: return nil
    }
  }
}
