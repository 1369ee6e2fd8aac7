import GPSDServer
import LocationEngine
import Platform
import Receivers

/// The body of `serve`: observes the service and hands the server what gpsd's clients get:
/// TPV and SKY objects (as `--json` writes them, `device` the path opened), a mode-1 TPV for
/// an epoch without a fix (with its time when dated, as gpsd's), the sentences, and the device
/// opening and going. All on the reader's thread as each read completes them
/// (``LocationService/observe(_:)``): a TPV is queued for the clients without a hop to another
/// thread.
struct ServeRelay: Sendable {
  let server: GPSDServer
  let service: LocationService
  let source: ReceiverSource
  let observer: RequestObserver
  /// The receiver's time for ntpd, chrony and TOFF objects (a live device only).
  let timeFeed: TimeFeed?
  /// The device open now, for the time objects (set on the reader's thread).
  let device: Locked<String?>
  /// Says where the server listens, once the source is there: a receiver opened (or its
  /// connection made), a capture before it is replayed. A source that is not there is an
  /// error before it, as gpsd 3.22 given a device it cannot open (and no control socket) ends
  /// at once.
  let announce: @Sendable () throws(LocateError) -> Void

  /// Runs until the stream ends (a replay's end) or the task is cancelled; a refusal before
  /// the receiver ever connected, or a receiver lost for good, is an error.
  func run() async throws(LocateError) {
    if !source.isLive {
      try announce()
      // A replay starts with the first client that watches, which then sees all of it.
      observer.status.note("waiting for a client's ?WATCH to start the replay")
      let (watched, continuation) = AsyncStream<Void>.makeStream()
      server.whenWatched {
        continuation.yield()
        continuation.finish()
      }
      for await _ in watched { break }
      if Task.isCancelled { return }
    }
    // The device opened, whether a fix came, whether the address was said: touched by the
    // reader's thread only (the handler runs there, one event at a time), read here once it
    // stopped.
    let state = Locked<(device: String?, fixes: Int, announced: Bool)>((nil, 0, !source.isLive))
    do {
      try await service.observe { event in
        try state.withLock { state throws(LocateError) in
          if case .location = event { state.fixes += 1 }
          try relay(event, &state.device)
          if !state.announced, sourceIsThere(event) {
            state.announced = true
            try announce()
          }
        }
      }
    } catch {
      try FailureMapping.updatesEnded(
        error, seen: observer.snapshot, source: source,
        afterFixes: state.withLock { $0.fixes > 0 })
    }
  }

  /// Hands one event to the server; throws a refusal before the receiver ever connected.
  private func relay(_ event: LocationServiceEvent, _ device: inout String?) throws(LocateError) {
    observer.handle(event)
    switch event {
    case .location(let location):
      server.publish(.tpv(GPSDJSON.tpvObject(location, device: device).bytes))
    case .sky(let view):
      server.publish(.sky(GPSDJSON.skyObject(view, device: device).bytes))
    case .sentences(let bytes):
      server.publish(.sentences(bytes))
    case .progress(let progress):
      // gpsd's mode-1 TPV: one per epoch without a fix (not for time passing without one).
      if device != nil, progress.followsEpochWithoutFix {
        server.publish(.tpv(Array(GPSDJSON.noFix(device: device, time: progress.time).utf8)))
      }
    case .authorization(_, let state), .device(let state):
      if !observer.snapshot.connected, let refusal = FailureMapping.refusal(state, source: source) {
        throw refusal
      }
      if let timeFeed {
        timeFeed.deviceChanged(state)
        if let failure = timeFeed.failure { throw failure }
      }
      switch state {
      case .connected(let path, let baud) where path != device:
        // Reported again once it talks NMEA (authorization): opened once.
        device = path
        self.device.withLock { $0 = path }
        server.publish(.deviceActivated(path: path, bps: baud))
      case .unplugged, .ended:
        if device != nil { server.publish(.deviceDeactivated) }
        device = nil
        self.device.withLock { $0 = nil }
      default:
        break
      }
    case .paused, .stale, .region, .visit, .ignored:
      break
    }
  }

  /// Whether `event` shows the live source there (opened, connected, talking), not refused.
  private func sourceIsThere(_ event: LocationServiceEvent) -> Bool {
    switch event {
    case .authorization(_, let state), .device(let state):
      if case .unavailable = state { return false }
      return FailureMapping.refusal(state, source: source) == nil
    case .location, .sky, .sentences, .progress:
      return true
    case .paused, .stale, .region, .visit, .ignored:
      return false
    }
  }
}
