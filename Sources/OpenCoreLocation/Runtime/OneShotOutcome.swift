import Platform
import Receivers

/// The result of a one-shot request, completed once from the reader's thread and awaited by the
/// requesting task.
final class OneShotOutcome: Sendable {
  private struct State {
    var result: Result<CLLocation, CLError>?
    var waiter: CheckedContinuation<CLLocation, any Error>?
  }

  private let state = Locked(State())

  /// Completes the request (later completions are ignored).
  func complete(_ result: Result<CLLocation, CLError>) {
    let waiter = state.withLock { state -> CheckedContinuation<CLLocation, any Error>? in
      guard state.result == nil else { return nil }
      state.result = result
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(with: result.mapError { $0 as any Error })
  }

  /// Waits for the result; cancelling the task completes it with `cancelled`.
  func value() async throws(CLError) -> CLLocation {
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let ready = state.withLock { state -> Result<CLLocation, CLError>? in
            if state.result == nil { state.waiter = continuation }
            return state.result
          }
          if let ready { continuation.resume(with: ready.mapError { $0 as any Error }) }
        }
      } onCancel: {
        complete(.failure(CLError(.cancelled)))
      }
    } catch let error as CLError {
      throw error
    } catch {
      throw CLError(.cancelled)
    }
  }
}
