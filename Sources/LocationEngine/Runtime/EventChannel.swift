import Dispatch
import Platform
import Receivers

/// A hand-off from a producer thread to one async consumer, in batches: one lock per batch,
/// and the consumer takes everything queued at once. The producer (a reader thread, or a
/// capture file's delivery stage) blocks while more than `limit` elements wait, so a fast
/// source — a replay, a TCP server sending as fast as it can — cannot outrun its consumer's
/// memory: while it waits, its source is not read. A producer that serves other consumers too
/// (a live receiver's reader shared by several clients, see ``ReceiverEngine``) drops the
/// oldest elements instead, counted (``dropped``).
package final class EventChannel<Element: Sendable>: Sendable {
  private struct State {
    var queue: [Element] = []
    var waiter: CheckedContinuation<Void, Never>?
    var finished = false
    var failure: (any Error)?
    var producerBlocked = false
    var dropped = 0
  }

  private let state = Locked(State())
  private let space = DispatchSemaphore(value: 0)
  private let limit: Int?

  /// A channel that blocks its producer beyond `limit` queued elements (nil: never).
  package init(limit: Int?) { self.limit = limit }

  /// How many elements were dropped because the consumer was behind (see ``send(_:dropsOldest:)``).
  package var dropped: Int { state.withLock { $0.dropped } }

  /// Queues elements (from the producer's thread); returns false once the channel is finished.
  /// When the queue is full and `dropsOldest` says so (asked again while waiting), the oldest
  /// elements make room instead of the producer waiting.
  @discardableResult
  package func send(
    _ elements: [Element], dropsOldest: (@Sendable () -> Bool)? = nil
  ) -> Bool {
    guard !elements.isEmpty else { return true }
    while true {
      var wake: CheckedContinuation<Void, Never>?
      let drops = dropsOldest?() ?? false
      let outcome: Int = state.withLock { state in
        if state.finished { return 0 }
        if drops, let limit, state.queue.count + elements.count > limit {
          let excess = min(state.queue.count, state.queue.count + elements.count - limit)
          state.queue.removeFirst(excess)
          state.dropped += excess
        } else if let limit, state.queue.count >= limit {
          state.producerBlocked = true
          return 2
        }
        if state.queue.isEmpty {
          // Taken whole (the consumer's `take()` hands it on whole too): no element is copied.
          state.queue = elements
        } else {
          state.queue.append(contentsOf: elements)
        }
        wake = state.waiter
        state.waiter = nil
        return 1
      }
      wake?.resume()
      switch outcome {
      case 0: return false
      case 1: return true
      default:
        // Asked again a tenth of a second later when it may change: another client came.
        if dropsOldest == nil { space.wait() } else { _ = space.wait(timeout: .now() + 0.1) }
      }
    }
  }

  /// Ends the channel; the consumer gets what is queued, then the end (or `failure`).
  package func finish(throwing failure: (any Error)? = nil) {
    let (wake, blocked) = state.withLock { state -> (CheckedContinuation<Void, Never>?, Bool) in
      if !state.finished {
        state.finished = true
        state.failure = failure
      }
      defer {
        state.waiter = nil
        state.producerBlocked = false
      }
      return (state.waiter, state.producerBlocked)
    }
    wake?.resume()
    if blocked { space.signal() }
  }

  /// Everything queued, waiting until something is; empty at the end. Throws the failure the
  /// channel finished with, once everything before it was taken.
  package func take() async throws -> [Element] {
    while true {
      if Task.isCancelled { return [] }
      let taken: (batch: [Element], done: Bool, failure: (any Error)?) = state.withLock { state in
        if !state.queue.isEmpty {
          // The queue's array handed over whole; the queue starts again empty (no allocation).
          var batch: [Element] = []
          swap(&batch, &state.queue)
          return (batch, false, nil)
        }
        return ([], state.finished, state.failure)
      }
      if !taken.batch.isEmpty {
        let blocked = state.withLock { state in
          defer { state.producerBlocked = false }
          return state.producerBlocked
        }
        if blocked { space.signal() }
        return taken.batch
      }
      if taken.done {
        if let failure = taken.failure {
          state.withLock { $0.failure = nil }
          throw failure
        }
        return []
      }
      if Task.isCancelled { return [] }
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          let ready = state.withLock { state -> Bool in
            if !state.queue.isEmpty || state.finished || Task.isCancelled { return true }
            state.waiter = continuation
            return false
          }
          if ready { continuation.resume() }
        }
      } onCancel: {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
          defer { state.waiter = nil }
          return state.waiter
        }
        waiter?.resume()
      }
    }
  }
}
