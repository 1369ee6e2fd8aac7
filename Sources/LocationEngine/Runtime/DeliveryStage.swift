import Dispatch
import Platform

/// A second thread behind a producer thread, fed through a short FIFO: the producer (a
/// receiver's reader) hands work over (``submit(_:)``) and goes on with its next read while
/// the stage runs the work, one piece at a time, in the order it came. A pipeline of two
/// stages, as a read's decoding and its delivery to the subscribers are (see
/// ``ReceiverEngine``).
///
/// The FIFO holds at most `capacity` pieces: a producer that finds it full waits for room, so
/// a producer goes no faster than the stage, and what waits between them stays small (a
/// replay of a 100 MB file is not read ahead of its slowest consumer). The stage's own thread
/// never waits for room (work it submits itself goes last in the FIFO).
///
/// A stage thread that must wait for its producer (which may itself be waiting for room) lifts
/// the bound first (``lift()``, ``whileLifted(_:)``): the producer then queues without waiting,
/// and can do what the stage waits for.
///
/// Before ``start()``, after the thread has ended (``stop()``), and when the thread could not
/// be made, work runs at once on the thread that submits it.
final class DeliveryStage: @unchecked Sendable {
  /// A piece of work for the stage's thread.
  typealias Work = @Sendable () -> Void

  private struct State {
    /// Work not yet run, in order (`capacity` pieces at most, unless lifted).
    var queue: [Work] = []
    /// Whether the stage's thread runs the work (from ``start()`` until it has ended).
    var running = false
    /// The stage thread's kernel ID, once it runs.
    var threadID: Int32?
    var thread: JoinableThread?
    /// Set by ``close()``: the thread ends once the queue is empty.
    var closed = false
    /// How many lifts of the bound hold (see ``lift()``).
    var lifts = 0
    /// Producers waiting on `room`, each owed one signal.
    var producersWaiting = 0
    /// Whether the stage's thread waits on `ready`.
    var stageWaiting = false
  }

  /// How many pieces of work may wait before a producer waits for room.
  let capacity: Int
  private let name: String
  private let state = Locked(State())
  /// Wakes the stage's thread for work (or for its close).
  private let ready = DispatchSemaphore(value: 0)
  /// Wakes a producer waiting for room.
  private let room = DispatchSemaphore(value: 0)

  /// A stage whose thread (named `name`, 15 bytes at most) will take at most `capacity`
  /// pieces of work ahead of it; no thread runs until ``start()``.
  init(name: String, capacity: Int) {
    self.name = name
    self.capacity = max(1, capacity)
  }

  /// Starts the stage's thread (once). When the thread cannot be made, work keeps running on
  /// the threads that submit it.
  ///
  /// The corresponding C function is `pthread_create` (through ``JoinableThread``).
  func start() {
    state.withLock { state in
      guard state.thread == nil, !state.closed else { return }
      state.running = true
      do throws(Errno) {
        state.thread = try JoinableThread(name: name) { [self] in run() }
      } catch {
        state.running = false
      }
    }
  }

  /// Runs `work` on the stage's thread after the work before it: waits while the FIFO is full
  /// (not on the stage's thread, nor while the bound is lifted). Before the thread started and
  /// after it ended, runs `work` at once on this thread.
  func submit(_ work: @escaping Work) {
    enum Outcome { case queued, queuedAndWake, wait, runHere }
    let caller = JoinableThread.currentID
    while true {
      let outcome = state.withLock { state -> Outcome in
        guard state.running else { return .runHere }
        if state.queue.count >= capacity, state.lifts == 0, state.threadID != caller {
          state.producersWaiting += 1
          return .wait
        }
        state.queue.append(work)
        guard state.stageWaiting else { return .queued }
        state.stageWaiting = false
        return .queuedAndWake
      }
      switch outcome {
      case .queued: return
      case .queuedAndWake:
        ready.signal()
        return
      case .runHere:
        work()
        return
      case .wait:
        room.wait()
      }
    }
  }

  /// Returns once the work submitted before has run (at once on the stage's thread, whose
  /// earlier work runs after the piece in hand).
  func flush() {
    guard !isCurrent else { return }
    let done = DispatchSemaphore(value: 0)
    submit { done.signal() }
    done.wait()
  }

  /// Whether the caller is the stage's thread.
  var isCurrent: Bool {
    let caller = JoinableThread.currentID
    return state.withLock { $0.running && $0.threadID == caller }
  }

  /// How many pieces of work wait, how many producers wait for room, and whether the thread
  /// runs (for tests).
  var backlog: (queued: Int, producersWaiting: Int, running: Bool) {
    state.withLock { ($0.queue.count, $0.producersWaiting, $0.running) }
  }

  /// Lifts the bound for good: producers queue without waiting from now on (those waiting are
  /// let go). For a stage about to wait for its producer to end.
  func lift() {
    let waiting = state.withLock { state -> Int in
      state.lifts += 1
      defer { state.producersWaiting = 0 }
      return state.producersWaiting
    }
    for _ in 0..<waiting { room.signal() }
  }

  /// Runs `body` with the bound lifted (see ``lift()``): on the stage's thread, for work that
  /// waits for the producer's thread; elsewhere, `body` runs as it is.
  func whileLifted<Result>(_ body: () -> Result) -> Result {
    guard isCurrent else { return body() }
    lift()
    defer { state.withLock { $0.lifts -= 1 } }
    return body()
  }

  /// No more work is expected: the thread ends once everything queued has run (later work runs
  /// on the threads that submit it, once it has ended). Does not wait.
  func close() {
    let wake = state.withLock { state -> Bool in
      state.closed = true
      defer { state.stageWaiting = false }
      return state.stageWaiting
    }
    if wake { ready.signal() }
  }

  /// Closes the stage and waits for everything queued to run and the thread to end; on the
  /// stage's thread itself, returns at once (the thread ends after the work in hand and the
  /// rest of the queue).
  ///
  /// The corresponding C functions are `pthread_join` and `pthread_detach` (through
  /// ``JoinableThread/join()``).
  func stop() {
    close()
    let thread = state.withLock { state -> JoinableThread? in
      defer { state.thread = nil }
      return state.thread
    }
    thread?.join()
  }

  /// The stage's thread: runs the queue's work in order until closed and empty.
  private func run() {
    let id = JoinableThread.currentID
    state.withLock { $0.threadID = id }
    enum Next {
      case work(Work, wakesProducer: Bool)
      case wait
      case end
    }
    while true {
      let next = state.withLock { state -> Next in
        guard state.queue.isEmpty else {
          let work = state.queue.removeFirst()
          guard state.producersWaiting > 0 else { return .work(work, wakesProducer: false) }
          state.producersWaiting -= 1
          return .work(work, wakesProducer: true)
        }
        guard !state.closed else {
          state.running = false
          state.threadID = nil
          return .end
        }
        state.stageWaiting = true
        return .wait
      }
      switch next {
      case .work(let work, let wakesProducer):
        if wakesProducer { room.signal() }
        work()
      case .wait:
        ready.wait()
      case .end:
        return
      }
    }
  }
}
