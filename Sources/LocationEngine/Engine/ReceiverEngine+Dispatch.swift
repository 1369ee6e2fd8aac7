import Glibc
import NMEA
import Platform
import Receivers
import Synchronization

/// How an engine runs its core and hands out what it made (see ``ReceiverEngine``).
extension ReceiverEngine {
  /// Decodes a read once into the core and hands what it made, or what a state made, to
  /// every subscriber (decoded on the loop's thread, the reader's; handed out on the delivery
  /// stage, see ``hand(_:to:)``). Before the input's end, what the decoder still held goes in.
  func dispatch(_ event: ReceiverEvent) {
    let handlers = state.withLock { state in
      if case .state(.ended) = event { state.ended = true }
      return state.handlers
    }
    switch event {
    case .data(let bytes, let at):
      if core.tracksArrivals {
        // The read's arrival on the system clock: the monotonic arrival moved by the two
        // clocks' difference now, microseconds later (the clock's slew in between is a few
        // nanoseconds at most), so the readers need not read a second clock per read.
        let realtime = SystemTime.wallNanoseconds() &- (SystemTime.now() &- at)
        core.readArrives(at: at, realtime: realtime, carrying: decoder.isInsideLine)
      }
      core.read(bytes, at: at, wall: clock.wallNow(), decoder: &decoder)
      let read = EngineRead(
        at: at, count: bytes.count, sentences: core.tapsSentences ? core.takeSentences() : nil,
        events: takeEvents())
      published()
      hand(.read(read), to: handlers)
      if core.awaitsQuietReport { armQuietCheck() }
    case .state(let device):
      if case .ended = device { core.finishDecoding(&decoder) }
      core.deviceState(device, at: clock.now(), wall: clock.wallNow())
      hand(takeEvents(), to: handlers)
    }
  }

  /// The core's events, for the subscribers: handed off for good when the delivery stage will
  /// read them while the reader goes on (see ``EngineCore/takeEventsForHandOff()``).
  private func takeEvents() -> [CoreEvent] {
    stage == nil ? core.takeEvents() : core.takeEventsForHandOff()
  }

  /// The input stops for the last subscriber (it leaves): what the decoder still held, and
  /// the epoch in progress, go to it (on the loop's thread).
  func finish(for handlers: [Handler]) {
    core.finishDecoding(&decoder)
    core.finishInput(at: clock.now(), wall: clock.wallNow())
    hand(takeEvents(), to: handlers)
  }

  private func hand(_ events: [CoreEvent], to handlers: [Handler]) {
    published()
    guard !events.isEmpty else { return }
    hand(.events(events), to: handlers)
  }

  /// Hands `event` to `handlers` (the subscribers when it was made), in turn, after every event
  /// handed out before: on the delivery stage, which the caller (the loop's thread) waits for
  /// only while the stage's FIFO is full; for a fed engine, at once on this thread.
  func hand(_ event: EngineEvent, to handlers: [Handler]) {
    guard let stage else {
      for handler in handlers { handler(event) }
      return
    }
    if stageKeepsSatellites {
      EpochRecycler.take(from: returnedEpochs, into: &spareEpochs)
      if !spareEpochs.isEmpty { core.recycleEpochs(&spareEpochs) }
    }
    let handing = Handing(
      event: event, handlers: handlers,
      log: stageKeepsSatellites ? core.takeSatelliteLog() : nil)
    // (Even with no subscriber left: the satellites, and the chain of fixes the estimates
    // follow, go on.)
    stage.submit { [self] in
      let event = completeSatellites(in: handing.event, log: handing.log)
      for handler in handing.handlers { handler(event) }
      if stageKeepsSatellites { stageEpochs.handedOut(event) }
    }
  }

  /// On the stage: what a replay's core left to it (``EngineCore/defersSatellites``),
  /// completed from `log` by the stage's own table (``DeferredSatellites``, one access per
  /// hand-off): the event as the core would have made it, off the reader's thread.
  private func completeSatellites(in event: EngineEvent, log: SatelliteLog?) -> EngineEvent {
    guard let log else { return event }
    switch event {
    case .read(let read):
      guard let events = stageSatellites.complete(read.events, log: log) else { return event }
      return .read(
        EngineRead(at: read.at, count: read.count, sentences: read.sentences, events: events))
    case .events(let events):
      return .events(stageSatellites.complete(events, log: log) ?? events)
    case .joined:
      _ = stageSatellites.complete([], log: log)
      return event
    }
  }

  /// The counters for tests and for ``decoderCounters()``, and the latest fix of a live
  /// source for every manager.
  private func published() {
    if let source = core.takeHeadingSource() {
      _ = HeadingRule.sources.withLock { $0.insert(source) }
    }
    decoded.store(decoder.counters.framing.sentences, ordering: .releasing)
    if stageKeepsSatellites { epochsReused.store(core.epochsReused, ordering: .relaxed) }
    if countersWanted.load(ordering: .relaxed),
      countersWanted.exchange(false, ordering: .acquiringAndReleasing)
    {
      let counters = decoder.counters
      countersCopy.withLock { $0 = counters }
    }
    let reported = core.epochsReported
    guard epochs.exchange(reported, ordering: .acquiringAndReleasing) != reported,
      let key, !core.config.isReplay, let fix = core.latestFix
    else { return }
    Self.history.withLock { $0.latest[key] = fix }
  }

  /// Checks ``LocationPolicy/quietGap`` from now whether the line went quiet (after a read
  /// that left a live epoch waiting for it).
  private func armQuietCheck() {
    quietCheck.arm(on: clock) { [weak self] number in self?.lineWentQuiet(number) }
  }

  /// No read since quiet check `number` was armed: the epoch waiting for it is complete —
  /// unless bytes wait in the kernel that the reader has not read yet (its thread waiting for
  /// the CPU under load): the line did not go quiet, the reader fell behind, and what waits may
  /// be the rest of that epoch. The check is armed again; the next read rearms it anyway. Runs
  /// on the loop's thread, after any read that came in meanwhile (which armed a newer check).
  private func lineWentQuiet(_ number: Int) {
    loop.execute { [self] in
      guard quietCheck.isLatest(number) else { return }
      if receiver?.hasUnreadInput == true {
        armQuietCheck()
        return
      }
      let handlers = state.withLock { $0.closed ? [] : $0.handlers }
      core.lineQuiet(at: clock.now(), wall: clock.wallNow())
      hand(takeEvents(), to: handlers)
    }
  }
}

extension ReceiverEngine {
  /// The decoder's counters as of the last read that followed an earlier call (nil before
  /// one did), and asks for them again after the next read. Never waits for the reader: a
  /// subscriber may call it while the reader waits for that subscriber to take its events.
  func decoderCounters() -> NMEACounters? {
    countersWanted.store(true, ordering: .releasing)
    return countersCopy.withLock { $0 }
  }
}

/// An event and the subscribers it goes to, handed from the reader to the delivery stage. The
/// event is not touched again by the reader: its values are copies, and its epochs
/// (``ReportedEpoch``) are completed only by the stage.
private struct Handing: @unchecked Sendable {
  let event: EngineEvent
  let handlers: [ReceiverEngine.Handler]
  /// The satellite sentences since the last hand-off, for the stage's table (a replay's;
  /// nil when the core keeps its satellites).
  let log: SatelliteLog?
}
