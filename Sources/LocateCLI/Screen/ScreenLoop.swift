import FoundationEssentials
import LocationEngine
import Receivers

/// The body of `watch --screen`: reads the service's update stream into the screen's model,
/// until the stream ends, a limit is reached, or the task is cancelled.
struct ScreenLoop: Sendable {
  /// How the stream ended.
  enum End: Sendable {
    /// Stopped: a signal, `q`, `--count` or `--duration`.
    case stopped
    /// A replay reached its end by itself.
    case inputEnded
  }

  let service: LocationService
  let source: ReceiverSource
  let painter: ScreenPainter
  let observer: RequestObserver
  let limits: WatchLoop.Limits
  /// Whether a stop was asked for (then the stream's end is not the input's).
  let stopRequested: @Sendable () -> Bool

  /// Runs until the end; a refusal before the receiver ever connected is an error.
  func run() async throws(LocateError) -> End {
    var firstTime: Date?
    var fixes = 0
    do {
      for try await event in service.updates() {
        observer.handle(event)
        painter.update { $0.apply(event, now: Date()) }
        switch event {
        case .location(let location):
          fixes += 1
          if let duration = limits.streamDuration {
            let start = firstTime ?? location.timestamp
            firstTime = start
            if location.timestamp.timeIntervalSince(start) >= duration { return .stopped }
          }
          if let count = limits.count, fixes >= count { return .stopped }
        case .authorization(_, let state), .device(let state):
          if !observer.snapshot.connected,
            let refusal = FailureMapping.refusal(state, source: source)
          {
            throw refusal
          }
        default:
          break
        }
      }
    } catch {
      try FailureMapping.updatesEnded(
        error, seen: observer.snapshot, source: source, afterFixes: fixes > 0)
    }
    return stopRequested() ? .stopped : .inputEnded
  }
}
