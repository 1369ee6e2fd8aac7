import Platform
import Receivers

/// The result of a request, completed once from the reader's thread and awaited by the
/// requesting task: a one-shot fix (``LocationService/currentLocation(timeout:progress:)``),
/// or the end of ``LocationService/observe(_:)``.
package final class OneShotOutcome<Value: Sendable, Failure: Error>: Sendable {
  private struct State {
    var result: Result<Value, Failure>?
    var waiter: CheckedContinuation<Value, any Error>?
  }

  private let state = Locked(State())
  /// What cancelling the waiting task completes it with.
  private let cancelled: Result<Value, Failure>

  /// An outcome that cancelling the waiting task completes with `cancelled`.
  package init(cancelled: Result<Value, Failure>) { self.cancelled = cancelled }

  /// Whether it was completed.
  package var isComplete: Bool { state.withLock { $0.result != nil } }

  /// Completes the request (later completions are ignored).
  package func complete(_ result: Result<Value, Failure>) {
    let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
      guard state.result == nil else { return nil }
      state.result = result
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(with: result.mapError { $0 as any Error })
  }

  /// Waits for the result; cancelling the task completes it with the `cancelled` result.
  package func value() async throws(Failure) -> Value {
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let ready = state.withLock { state -> Result<Value, Failure>? in
            if state.result == nil { state.waiter = continuation }
            return state.result
          }
          if let ready { continuation.resume(with: ready.mapError { $0 as any Error }) }
        }
      } onCancel: {
        complete(cancelled)
      }
    } catch let error as Failure {
      throw error
    } catch {
      return try cancelled.get()
    }
  }
}

extension OneShotOutcome where Value == Fix, Failure == EngineError {
  /// A one-shot fix request's outcome: cancelling it fails with `cancelled`.
  package convenience init() { self.init(cancelled: .failure(EngineError(.cancelled))) }
}
