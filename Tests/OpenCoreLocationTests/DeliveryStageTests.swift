import Foundation
import Platform
import Synchronization
import TestSupport
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import Receivers
@testable import VirtualReceiver

/// A receiver's engine hands its events to the subscribers on a delivery stage behind the
/// reader (``DeliveryStage``): the handlers run there, in the order the reader made the events,
/// a replay's reader waits for room, and a subscriber leaving from its own handler ends it all.
@Suite("The engine's delivery stage")
struct DeliveryStageTests {
  /// What the subscribers were handed, in the one order the stage handed it out, and on which
  /// threads.
  final class Log: Sendable {
    enum Entry: Equatable {
      case joined(String)
      case read(String, at: Int64, bytes: Int)
      case events(String, reports: Int)
    }
    let entries = Locked<[Entry]>([])
    let threads = Locked<Set<Int32>>([])

    /// A subscriber named `name` that records what it is handed, after `first` ran on it.
    func handler(
      _ name: String, first: (@Sendable (EngineEvent) -> Void)? = nil
    ) -> ReceiverEngine.Handler {
      { [self] event in
        first?(event)
        let entry: Entry
        switch event {
        case .joined: entry = .joined(name)
        case .read(let read): entry = .read(name, at: read.at, bytes: read.count)
        case .events(let events):
          entry = .events(
            name, reports: events.count { if case .report = $0 { true } else { false } })
        }
        let thread = JoinableThread.currentID
        threads.withLock { _ = $0.insert(thread) }
        entries.withLock { $0.append(entry) }
      }
    }

    /// The entries of subscriber `name`.
    func of(_ name: String) -> [Entry] {
      entries.withLock { entries in
        entries.filter {
          switch $0 {
          case .joined(let who), .read(let who, _, _), .events(let who, _): who == name
          }
        }
      }
    }

    /// How many bytes subscriber `name` was handed.
    func bytes(_ name: String) -> Int {
      of(name).reduce(0) {
        if case .read(_, _, let count) = $1 { $0 + count } else { $0 }
      }
    }
  }

  /// A GGA of epoch `second` (seconds after noon), with its line end unless `ended` is false.
  static func gga(_ second: Int, ended: Bool = true) -> [UInt8] {
    let body =
      "GPGGA,\(NMEAText.time(43_200 + Double(second))),4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,"
    return ended ? NMEAText.bytes(body) : Array(NMEAText.checksummed(body).utf8)
  }

  static func options() -> ReceiverOptions {
    var options = ReceiverOptions()
    options.baudCacheFile = nil
    options.reconnect = false
    return options
  }

  /// Subscribes `handler` to the engine of the pty's device, opened with a delivery stage (a
  /// live source's engine delivers inline by default: joins and leaves through a stage are
  /// tested on a live source, the one kind that is shared).
  static func subscribe(
    _ pty: PseudoTerminal, _ handler: @escaping ReceiverEngine.Handler
  ) throws -> ReceiverEngine.Subscription {
    try ReceiverEngine.subscribe(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: options(),
      config: PipelineConfig(isReplay: false, device: pty.slavePath), clock: SystemClock(),
      delivery: .stage, handler: handler)
  }

  /// Writes `bytes` to the pty's master; how many were written.
  @discardableResult
  static func send(_ bytes: [UInt8], to pty: PseudoTerminal) -> Int {
    bytes.withUnsafeBytes { pty.write($0) }
  }

  @Test("the stage itself: in order, on its own thread, the producer waits while the FIFO is full")
  func stageAlone() {
    let stage = DeliveryStage(name: "test-stage", capacity: 2)
    let ran = Locked<[(Int, Int32)]>([])
    // Not started: at once, here.
    stage.submit { ran.withLock { $0.append((0, JoinableThread.currentID)) } }
    stage.start()
    let (gate, inHand) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    stage.submit {
      inHand.signal()
      gate.wait()
    }
    inHand.wait()
    let submitted = Locked(0)
    let producer = Thread {
      for number in 1...4 {
        stage.submit { ran.withLock { $0.append((number, JoinableThread.currentID)) } }
        submitted.withLock { $0 += 1 }
      }
    }
    producer.start()
    // The gate's piece in hand, two waiting: the third waits for room.
    #expect(waitUntil { stage.backlog.producersWaiting == 1 })
    #expect(submitted.withLock { $0 } == 2)
    #expect(stage.backlog.queued == 2)
    gate.signal()
    #expect(waitUntil { submitted.withLock { $0 } == 4 })
    stage.flush()
    stage.stop()
    #expect(!stage.backlog.running)
    let runs = ran.withLock { $0 }
    #expect(runs.map(\.0) == [0, 1, 2, 3, 4])
    #expect(runs[0].1 == JoinableThread.currentID)
    #expect(Set(runs.dropFirst().map(\.1)).count == 1)
    #expect(runs[1].1 != JoinableThread.currentID)
    // Ended: at once, here.
    stage.submit { ran.withLock { $0.append((5, JoinableThread.currentID)) } }
    #expect(ran.withLock { $0.last?.1 } == JoinableThread.currentID)
  }

  @Test("a live engine's subscribers run on the stage's thread, not the reader's")
  func handlersOnStage() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let log = Log()
    let subscription = try Self.subscribe(pty, log.handler("a"))
    defer { subscription.cancel() }
    let engine = subscription.engine
    let written = Self.send(Self.gga(0) + Self.gga(1), to: pty)
    #expect(waitUntil { log.bytes("a") == written })
    let reader = try #require(engine.receiver?.readerThreadID)
    let threads = log.threads.withLock { $0 }
    #expect(threads.count == 1)
    #expect(!threads.contains(reader))
    #expect(!threads.contains(JoinableThread.currentID))
    #expect(engine.stage?.backlog.running == true)
  }

  @Test("by default a live source's subscribers run on its reader; only a capture file has a stage")
  func liveDeliversInline() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let log = Log()
    let subscription = try ReceiverEngine.subscribe(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: Self.options(),
      config: PipelineConfig(isReplay: false, device: pty.slavePath), clock: SystemClock(),
      handler: log.handler("a"))
    defer { subscription.cancel() }
    let engine = subscription.engine
    #expect(engine.stage == nil)
    let written = Self.send(Self.gga(0) + Self.gga(1), to: pty)
    #expect(waitUntil { log.bytes("a") == written })
    let reader = try #require(engine.receiver?.readerThreadID)
    #expect(log.threads.withLock { $0 } == [reader])
    let live: [ReceiverSource] = [
      .device(path: "/dev/ttyUSB0", baud: .auto), .discover(baud: .auto), .standardInput,
      .tcp(host: "localhost", port: 10110), .gpsd(host: "localhost", port: 2947),
    ]
    #expect(live.allSatisfy { ReceiverEngine.Delivery.default(for: $0) == .inline })
    #expect(
      ReceiverEngine.Delivery.default(for: .file(path: "c.nmea", pacing: .asFastAsPossible))
        == .stage)
    #expect(
      ReceiverEngine.Delivery.default(for: .file(path: "c.nmea", pacing: .realtime(speed: 1)))
        == .stage)
  }

  @Test("a join and a leave: joined first, reads in the reader's order, the last one's finish")
  func orderAcrossJoinAndLeave() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let log = Log()
    let first = try Self.subscribe(pty, log.handler("a"))
    var before = 0
    for second in 0..<3 {
      before += Self.send(Self.gga(second), to: pty)
      #expect(waitUntil { log.bytes("a") == before })
    }
    let second = try Self.subscribe(pty, log.handler("b"))
    #expect(second.engine === first.engine)
    // Handed what the engine knows before `subscribe` returned.
    #expect(log.of("b").first == .joined("b"))
    #expect(log.bytes("b") == 0)
    var shared = 0
    for epoch in 3..<6 {
      shared += Self.send(Self.gga(epoch), to: pty)
      #expect(waitUntil { log.bytes("b") == shared })
    }
    first.cancel()
    var after = 0
    after += Self.send(Self.gga(6), to: pty)
    // The last epoch's GGA without its line end: the decoder still holds it at the close.
    after += Self.send(Self.gga(7, ended: false), to: pty)
    #expect(waitUntil { log.bytes("b") == shared + after })
    second.cancel()
    // Everything came before `cancel()` returned: the stage's thread has ended.
    #expect(second.engine.stage?.backlog.running == false)
    let entries = log.entries.withLock { $0 }
    let joined = try #require(entries.firstIndex(of: .joined("b")))
    #expect(entries[..<joined].allSatisfy { if case .read("b", _, _) = $0 { false } else { true } })
    // After the join, each read goes to both, the one that came first first.
    let reads = entries[joined...].compactMap { entry -> String? in
      if case .read(let who, let at, _) = entry { "\(who)@\(at)" } else { nil }
    }
    for (index, read) in reads.enumerated() where read.hasPrefix("a@") {
      #expect(index + 1 < reads.count && reads[index + 1] == "b" + read.dropFirst())
    }
    #expect(log.bytes("a") == before + shared)
    #expect(log.bytes("b") == shared + after)
    // The finish (the epoch the decoder held, completed) is the last thing, and b's.
    guard case .events("b", let reports)? = entries.last else {
      Issue.record("the last entry is \(String(describing: entries.last))")
      return
    }
    #expect(reports >= 1)
  }

  @Test("a subscriber that joins from inside another's handler: no deadlock, joined first")
  func joinFromStage() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let log = Log()
    let joinedOne = Locked<ReceiverEngine.Subscription?>(nil)
    let first = try Self.subscribe(
      pty,
      log.handler("a") { event in
        guard case .read = event, joinedOne.withLock({ $0 == nil }) else { return }
        let joined = try? Self.subscribe(pty, log.handler("b"))
        joinedOne.withLock { $0 = joined }
      })
    defer { first.cancel() }
    var written = Self.send(Self.gga(0), to: pty)
    #expect(waitUntil { joinedOne.withLock { $0 } != nil })
    let second = try #require(joinedOne.withLock { $0 })
    defer { second.cancel() }
    written += Self.send(Self.gga(1), to: pty)
    #expect(waitUntil { log.bytes("a") == written && log.bytes("b") > 0 })
    #expect(log.of("b").first == .joined("b"))
  }

  /// A capture of `epochs` GGA epochs in the temporary directory.
  static func capture(epochs: Int) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "delivery-stage-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).nmea")
    let bytes = (0..<epochs).flatMap { gga($0 % 40_000) }
    try Data(bytes).write(to: url)
    return url
  }

  @Test("a replay's reader waits for room while its subscriber is slow: nothing lost, in order")
  func slowSubscriberHoldsTheReader() throws {
    let url = try Self.capture(epochs: 40_000)
    defer { try? FileManager.default.removeItem(at: url) }
    let size = try #require(
      try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
    let gate = DispatchSemaphore(value: 0)
    let log = Log()
    let waited = Locked(false)
    let subscription = try ReceiverEngine.subscribe(
      source: .file(path: url.path, pacing: .asFastAsPossible), options: Self.options(),
      config: PipelineConfig(isReplay: true, device: url.path), clock: SystemClock(),
      handler: log.handler("a") { event in
        guard case .read = event, !waited.withLock({ $0 }) else { return }
        waited.withLock { $0 = true }
        gate.wait()
      })
    defer { subscription.cancel() }
    let engine = subscription.engine
    let stage = try #require(engine.stage)
    // The first read in the handler, the FIFO full, the reader waiting with the next one.
    #expect(waitUntil { stage.backlog.producersWaiting == 1 })
    #expect(stage.backlog.queued == ReceiverEngine.stageCapacity)
    #expect(size > ReaderContext.fileChunkSize * (ReceiverEngine.stageCapacity + 4))
    let readSoFar = engine.decoded.load(ordering: AtomicLoadOrdering.acquiring)
    #expect(readSoFar * 80 < size)
    gate.signal()
    #expect(waitUntil { log.bytes("a") == size })
    let times = log.of("a").compactMap { entry -> Int64? in
      if case .read(_, let at, _) = entry { at } else { nil }
    }
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
  }

  @Test("a subscriber that cancels itself from its handler while the reader waits for room")
  func cancelFromOwnHandler() throws {
    let url = try Self.capture(epochs: 40_000)
    defer { try? FileManager.default.removeItem(at: url) }
    let gate = DispatchSemaphore(value: 0)
    let log = Log()
    let mine = Locked<ReceiverEngine.Subscription?>(nil)
    let cancelled = Locked(false)
    let subscription = try ReceiverEngine.subscribe(
      source: .file(path: url.path, pacing: .asFastAsPossible), options: Self.options(),
      config: PipelineConfig(isReplay: true, device: url.path), clock: SystemClock(),
      handler: log.handler("a") { event in
        guard case .read = event, !cancelled.withLock({ $0 }) else { return }
        cancelled.withLock { $0 = true }
        gate.wait()
        mine.withLock { $0 }?.cancel()
      })
    mine.withLock { $0 = subscription }
    let engine = subscription.engine
    let stage = try #require(engine.stage)
    #expect(waitUntil { stage.backlog.producersWaiting == 1 })
    gate.signal()
    // The reader stopped, the finish came after what was queued, the stage's thread ended.
    #expect(waitUntil { !stage.backlog.running })
    #expect(engine.receiver?.readerThreadID == nil)
    // Every read handed to the stage before the reader stopped reached the subscriber.
    #expect(log.bytes("a") >= ReaderContext.fileChunkSize * (ReceiverEngine.stageCapacity + 1))
  }

  @Test("the last subscriber leaving from its own handler: its finish comes after that read")
  func lastLeavesFromOwnHandler() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let log = Log()
    let mine = Locked<ReceiverEngine.Subscription?>(nil)
    let subscription = try Self.subscribe(
      pty,
      log.handler("a") { event in
        guard case .read = event else { return }
        mine.withLock { $0 }?.cancel()
      })
    mine.withLock { $0 = subscription }
    let stage = try #require(subscription.engine.stage)
    // The second epoch's GGA without its line end: the decoder holds it when the reader stops.
    Self.send(Self.gga(0) + Self.gga(1, ended: false), to: pty)
    #expect(waitUntil { !stage.backlog.running })
    let entries = log.of("a")
    let lastRead = try #require(entries.lastIndex { if case .read = $0 { true } else { false } })
    #expect(
      entries[(lastRead + 1)...].contains {
        if case .events(_, let reports) = $0 { reports > 0 } else { false }
      },
      "\(entries.suffix(3))")
  }
}
