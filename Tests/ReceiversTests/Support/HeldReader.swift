import Dispatch
import Platform

@testable import Receivers

/// A receiver's handler that records every event (``recorder``) and holds the reader thread in
/// its first data chunk until the test calls ``release()``: a reader that is busy, or held up
/// as by a stopped process or a suspended machine.
final class HeldReader: Sendable {
  /// Every event the reader handed out.
  let recorder = EventRecorder()
  private let busy = DispatchSemaphore(value: 0)
  private let released = DispatchSemaphore(value: 0)
  private let first = Locked(true)

  /// The handler to start the receiver with.
  func handler(_ event: ReceiverEvent) {
    recorder.handler(event)
    guard case .data = event, first.withLock({ $0 }) else { return }
    first.withLock { $0 = false }
    busy.signal()
    released.wait()
  }

  /// Whether the reader is held in its first data chunk within 20 s.
  func waitUntilHeld() -> Bool { busy.wait(timeout: .now() + 20) == .success }

  /// Lets the reader go on.
  func release() { released.signal() }
}
