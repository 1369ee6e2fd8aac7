import Glibc
import Platform
import Testing

@testable import Receivers
@testable import VirtualReceiver

/// Where a receiver's loop runs work (``ReaderLoop``): on its reader thread while one runs,
/// through a real pty; else on the posting thread, one at a time.
@Suite("The reader's loop")
struct ReaderLoopTests {
  /// Which thread ran each piece of work, in the order they ran.
  final class Runs: Sendable {
    let log = Locked<[(label: Int, thread: Int32)]>([])
    func record(_ label: Int) {
      let thread = JoinableThread.currentID
      log.withLock { $0.append((label, thread)) }
    }
    var labels: [Int] { log.withLock { $0.map(\.label) } }
    var threads: [Int32] { log.withLock { $0.map(\.thread) } }
  }

  @Test("no reader: work runs at once on the thread that posts it")
  func withoutReader() {
    let loop = ReaderLoop()
    let runs = Runs()
    loop.execute { runs.record(1) }
    loop.executeAndWait { runs.record(2) }
    #expect(runs.labels == [1, 2])
    #expect(runs.threads == [JoinableThread.currentID, JoinableThread.currentID])
    #expect(!loop.isCurrent)
  }

  @Test("a reader waiting for bytes wakes for posted work and runs it itself, in order")
  func postedToIdleReader() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let (loop, recorder, receiver) = try Self.started(on: pty)
    defer { receiver.stop() }
    #expect(recorder.wait { !$0.states.isEmpty })
    let reader = try readerThread(of: receiver)
    let runs = Runs()
    let onReader = Locked(false)
    // No byte comes: only the posted work can wake the reader (its quiet-second poll is 1 s).
    let started = SystemTime.now()
    loop.execute { runs.record(1) }
    loop.executeAndWait {
      runs.record(2)
      onReader.withLock { $0 = loop.isCurrent }
    }
    #expect(SystemTime.seconds(since: started) < 0.9)
    #expect(runs.labels == [1, 2])
    #expect(runs.threads == [reader, reader])
    #expect(onReader.withLock { $0 })
    #expect(!loop.isCurrent)
    // The reader still reads.
    let sentence = nmea("GPTXT,01,01,02,after")
    pty.send(sentence)
    #expect(recorder.wait { $0.text == sentence })
  }

  @Test("work posted by four threads at once runs one piece at a time, each thread's in order")
  func manyPosters() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let (loop, _, receiver) = try Self.started(on: pty)
    defer { receiver.stop() }
    let reader = try readerThread(of: receiver)
    let inside = Locked(0)
    let overlaps = Locked(0)
    let runs = Runs()
    var threads: [JoinableThread] = []
    for poster in 0..<4 {
      threads.append(
        try JoinableThread(name: "poster") {
          for step in 0..<200 {
            let work: @Sendable () -> Void = {
              if inside.withLock({ value -> Bool in
                value += 1
                return value > 1
              }) {
                overlaps.withLock { $0 += 1 }
              }
              runs.record(poster * 1000 + step)
              inside.withLock { $0 -= 1 }
            }
            if step % 2 == 0 { loop.execute(work) } else { loop.executeAndWait(work) }
          }
        })
      // Bytes keep the reader busy reading meanwhile.
      pty.send(nmea("GPTXT,01,01,02,poster \(poster)"))
    }
    for thread in threads { thread.join() }
    #expect(eventually { runs.labels.count == 800 })
    #expect(overlaps.withLock { $0 } == 0)
    #expect(Set(runs.threads) == [reader])
    for poster in 0..<4 {
      let mine = runs.labels.filter { $0 / 1000 == poster }
      #expect(mine == (0..<200).map { poster * 1000 + $0 })
    }
  }

  @Test("a reader waiting to reconnect runs posted work; once stopped, the poster runs it")
  func duringReconnectAndAfterStop() throws {
    let pty = try PseudoTerminal()
    let (loop, recorder, receiver) = try Self.started(on: pty)
    let reader = try readerThread(of: receiver)
    pty.close()
    #expect(recorder.wait { $0.states.last == .unplugged(path: pty.slavePath) })
    let runs = Runs()
    loop.executeAndWait { runs.record(1) }
    #expect(runs.threads == [reader])
    receiver.stop()
    loop.executeAndWait { runs.record(2) }
    loop.execute { runs.record(3) }
    #expect(runs.labels == [1, 2, 3])
    #expect(
      Array(runs.threads.dropFirst()) == [JoinableThread.currentID, JoinableThread.currentID])
  }

  @Test("work the reader posts to itself runs after the event in hand, before its thread ends")
  func postedByReaderItself() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let loop = ReaderLoop()
    let runs = Runs()
    let box = Locked<Receiver?>(nil)
    let handler: @Sendable (ReceiverEvent) -> Void = { event in
      guard case .data = event else { return }
      runs.record(1)
      // Stop from the handler, then post: the work runs after this event, as the thread ends.
      box.withLock { $0 }?.stop()
      loop.execute { runs.record(3) }
      runs.record(2)
    }
    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: testOptions())
    box.withLock { $0 = receiver }
    try receiver.start(handler, loop: loop)
    let reader = try readerThread(of: receiver)
    pty.send(nmea("GPTXT,01,01,02,stop"))
    #expect(eventually { runs.labels.count == 3 })
    #expect(runs.labels == [1, 2, 3])
    #expect(Set(runs.threads) == [reader])
    receiver.stop()
    box.withLock { $0 = nil }
  }

  /// A receiver reading `pty`, started with a loop of its own and a recorder of its events.
  private static func started(
    on pty: PseudoTerminal
  ) throws -> (ReaderLoop, EventRecorder, Receiver) {
    let loop = ReaderLoop()
    let recorder = EventRecorder()
    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: testOptions())
    try receiver.start(recorder.handler, loop: loop)
    return (loop, recorder, receiver)
  }

  /// The reader thread's kernel ID, once the thread has set it.
  private func readerThread(of receiver: Receiver) throws -> Int32 {
    #expect(eventually { (receiver.readerThreadID ?? 0) != 0 })
    return try #require(receiver.readerThreadID)
  }
}
