import Glibc
import Platform

/// A thread that waits for a PPS source's edges and hands each to `onEdge`, until
/// ``stop()``. A source that fails (the device went away) is reported to `onFailure` once and
/// the thread ends.
package final class PPSReader: @unchecked Sendable {
  /// The signal that wakes the thread from a wait that has no timeout (`TIOCMIWAIT`).
  static let wakeSignal = SIGUSR2

  private let source: any PPSSource
  private let state = Locked((stopping: false, finished: false))
  private var thread: JoinableThread?

  /// Starts reading `source`.
  /// - Throws: ``TimeServiceError`` when no thread can be started.
  package init(
    source: any PPSSource, onEdge: @escaping @Sendable (PPSEdge) -> Void,
    onFailure: @escaping @Sendable (TimeServiceError) -> Void
  ) throws(TimeServiceError) {
    self.source = source
    let state = self.state
    do throws(Errno) {
      thread = try JoinableThread(name: "locate-pps") {
        defer { state.withLock { $0.finished = true } }
        while !state.withLock({ $0.stopping }) {
          do throws(TimeServiceError) {
            if let edge = try source.nextEdge(timeout: 0.5) { onEdge(edge) }
          } catch {
            if !state.withLock({ $0.stopping }) { onFailure(error) }
            return
          }
        }
      }
    } catch {
      throw TimeServiceError(.system("pthread_create"), source.name, errno: error)
    }
  }

  /// Stops the thread (waking it from a wait without timeout), waits for it to end and closes
  /// the source. Later calls do nothing.
  package func stop() {
    let first = state.withLock { state -> Bool in
      defer { state.stopping = true }
      return !state.stopping
    }
    guard first, let thread else { return }
    if !thread.isCurrent {
      while !state.withLock({ $0.finished }) {
        thread.interrupt(with: Self.wakeSignal)
        SystemTime.sleep(0.01)
      }
    }
    thread.join()
    source.close()
  }

  deinit { stop() }
}
