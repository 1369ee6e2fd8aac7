/// A pipe that wakes a `poll(2)` on another thread: ``wake()`` writes one byte that is never
/// drained, so every later poll sees it too. It is how a receiver's `stop()` reaches its reader
/// thread, and how a server's publishers reach its loop.
package final class Waker: @unchecked Sendable {
  /// The end the waiting thread polls.
  package let readEnd: FileDescriptor
  private let writeEnd: FileDescriptor

  /// Makes the pipe (close-on-exec, non-blocking).
  package init() throws(Errno) {
    (readEnd, writeEnd) = try FileDescriptor.pipe()
  }

  /// Both ends (for leak tests).
  package var descriptors: [FileDescriptor] { [readEnd, writeEnd] }

  /// Signals the waiting thread (idempotent: a full pipe already signals).
  package func wake() {
    var byte: UInt8 = 1
    _ = withUnsafeBytes(of: &byte) { try? writeEnd.write($0) }
  }

  /// Whether ``wake()`` was called, without waiting.
  package var isSignalled: Bool {
    ((try? poll(readEnd, for: .input, milliseconds: 0)) ?? []).contains(.input)
  }

  /// Waits up to `seconds`; returns `false` when woken (stop requested), `true` on timeout.
  package func sleep(_ seconds: Double) -> Bool {
    let deadline = SystemTime.deadline(after: seconds)
    while true {
      if isSignalled { return false }
      let millis = SystemTime.milliseconds(until: deadline)
      if millis == 0 { return true }
      _ = try? poll(readEnd, for: .input, milliseconds: millis)
    }
  }

  /// Empties the pipe, so that later waits block again (for wakers used as a nudge rather than
  /// a stop signal).
  package func drain() {
    var bytes: (UInt64, UInt64) = (0, 0)
    while withUnsafeMutableBytes(of: &bytes, { (try? readEnd.read(into: $0)) ?? 0 }) > 0 {}
  }

  /// Closes both ends; call once, after the waiting thread has finished.
  package func close() {
    readEnd.close()
    writeEnd.close()
  }
}
