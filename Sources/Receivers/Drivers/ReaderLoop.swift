import Dispatch
import Platform

/// The one thread at a time that may touch what a receiver's reads feed (a decoder, an engine's
/// core), and the work other threads post to it: an event loop in the manner of swift-nio's,
/// whose thread is the receiver's reader.
///
/// While a ``Receiver`` started with the loop runs, its reader thread alone runs the loop's
/// work: its own reads, and what other threads post (``execute(_:)``, ``executeAndWait(_:)``),
/// which wakes it from its wait for the next read (`poll(2)` on a pipe beside the source) and
/// runs after the read in hand. Before it starts, after it has ended, and for a loop no reader
/// ever runs (bytes an owner feeds), the posting thread runs the work itself, one thread at a
/// time: a thread that finds another running work hands its own over to it.
///
/// Posted work waits while the reader is busy: handing a read to a subscriber that has no
/// room (a replay waits for its slowest), hunting for the baud rate, connecting, or waiting
/// for a device another process holds.
package final class ReaderLoop: @unchecked Sendable {
  /// A piece of work for the loop's thread.
  package typealias Work = @Sendable () -> Void

  private struct State {
    /// Work not yet run, in order.
    var posted: [Work] = []
    /// Whether a reader thread runs the loop (from before it starts until it has ended).
    var attached = false
    /// The reader thread's kernel ID, once it runs.
    var reader: Int32?
    /// Wakes the reader for posted work (while attached; written to under the lock, so that it
    /// is never written to after the reader closed it).
    var wake: Waker?
    /// Whether a thread other than a reader is running work now.
    var draining = false
  }
  private let state = Locked(State())

  /// A loop whose work runs on the threads that post it, until a reader attaches.
  package init() {}

  /// Runs `work` on the loop's thread, after the work before it: posted to the reader (which
  /// it wakes) while one runs, else at once on this thread, or by the thread running work now.
  package func execute(_ work: @escaping Work) {
    let runHere = state.withLock { state -> Bool in
      if state.attached {
        state.posted.append(work)
        state.wake?.wake()
        return false
      }
      if state.draining {
        state.posted.append(work)
        return false
      }
      state.draining = true
      return true
    }
    guard runHere else { return }
    work()
    drain()
  }

  /// Runs `work` as ``execute(_:)`` does and returns once it has run. On the reader thread
  /// itself it runs at once: that thread owns what the work touches.
  package func executeAndWait(_ work: @escaping () -> Void) {
    enum Action { case runOwned, runThenDrain, wait }
    let action = state.withLock { state -> Action in
      if state.attached {
        return state.reader == JoinableThread.currentID ? .runOwned : .wait
      }
      guard !state.draining else { return .wait }
      state.draining = true
      return .runThenDrain
    }
    switch action {
    case .runOwned:
      work()
    case .runThenDrain:
      work()
      drain()
    case .wait:
      // Posted, and run while this thread waits: what it captures is this thread's, handed
      // over until then.
      let done = DispatchSemaphore(value: 0)
      nonisolated(unsafe) let work = work
      execute {
        work()
        done.signal()
      }
      done.wait()
    }
  }

  /// Whether the caller is the reader thread running the loop.
  package var isCurrent: Bool {
    state.withLock { $0.attached && $0.reader == JoinableThread.currentID }
  }

  /// Runs what waits, until nothing does (a thread other than a reader, with `draining` set).
  private func drain() {
    while let work = state.withLock({ state -> Work? in
      guard !state.posted.isEmpty else {
        state.draining = false
        return nil
      }
      return state.posted.removeFirst()
    }) {
      work()
    }
  }

  /// A reader thread is about to run the loop, woken by `wake` for posted work (before the
  /// thread starts: work posted meanwhile waits for it).
  func attach(wake: Waker) {
    state.withLock { state in
      state.attached = true
      state.wake = wake
    }
  }

  /// Called first on the reader thread.
  func enter() {
    let id = JoinableThread.currentID
    state.withLock { $0.reader = id }
  }

  /// Runs the work posted so far (on the reader thread, woken by the pipe given to
  /// ``attach(wake:)``, which it has drained first).
  func runPosted() {
    let work = state.withLock { state -> [Work] in
      defer { state.posted.removeAll() }
      return state.posted
    }
    for item in work { item() }
  }

  /// The reader thread ends (its last call): work posted from now on runs on the threads that
  /// post it, and this thread runs what is still waiting. Returns the wake pipe, no longer
  /// written to.
  func detach() -> Waker? {
    let wake = state.withLock { state -> Waker? in
      state.attached = false
      state.reader = nil
      state.draining = true
      defer { state.wake = nil }
      return state.wake
    }
    drain()
    return wake
  }
}
