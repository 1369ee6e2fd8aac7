import Platform
import Receivers

/// The result of a one-shot request, completed once from the reader's thread and awaited by the
/// requesting task.
package final class OneShotOutcome: Sendable {
  private struct State {
    var result: Result<Fix, EngineError>?
    var waiter: CheckedContinuation<Fix, any Error>?
  }

  private let state = Locked(State())

  /// Completes the request (later completions are ignored).
  package func complete(_ result: Result<Fix, EngineError>) {
    let waiter = state.withLock { state -> CheckedContinuation<Fix, any Error>? in
      guard state.result == nil else { return nil }
      state.result = result
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(with: result.mapError { $0 as any Error })
  }

  /// Waits for the result; cancelling the task completes it with `cancelled`.
  package func value() async throws(EngineError) -> Fix {
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let ready = state.withLock { state -> Result<Fix, EngineError>? in
            if state.result == nil { state.waiter = continuation }
            return state.result
          }
          if let ready { continuation.resume(with: ready.mapError { $0 as any Error }) }
        }
      } onCancel: {
        complete(.failure(EngineError(.cancelled)))
      }
    } catch let error as EngineError {
      throw error
    } catch {
      throw EngineError(.cancelled)
    }
  }
}
