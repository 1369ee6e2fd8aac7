import CLocateSys
import Glibc

/// A pipe that wakes a `poll(2)` on the reader thread: ``wake()`` writes one byte that is never
/// drained, so every later poll sees it too. It is how ``Receiver/stop()`` reaches the reader.
package final class Waker: @unchecked Sendable {
  /// The end the reader polls.
  package let readEnd: FileDescriptor
  private let writeEnd: FileDescriptor

  /// Makes the pipe with `pipe2(O_CLOEXEC | O_NONBLOCK)`.
  package init() throws(Errno) {
    var ends: (CInt, CInt) = (-1, -1)
    try withUnsafeMutableBytes(of: &ends) { bytes throws(Errno) in
      let base = bytes.baseAddress?.assumingMemoryBound(to: CInt.self)
      try nothingOrErrno { clocate_pipe(base) }.get()
    }
    readEnd = FileDescriptor(rawValue: ends.0)
    writeEnd = FileDescriptor(rawValue: ends.1)
  }

  /// Both ends (for leak tests).
  package var descriptors: [FileDescriptor] { [readEnd, writeEnd] }

  /// Signals the reader (idempotent: a full pipe already signals).
  package func wake() {
    var byte: UInt8 = 1
    _ = Glibc.write(writeEnd.rawValue, &byte, 1)
  }

  /// Whether ``wake()`` was called, without waiting.
  package var isSignalled: Bool {
    var entry = pollfd(fd: readEnd.rawValue, events: Int16(POLLIN), revents: 0)
    return Glibc.poll(&entry, 1, 0) > 0
  }

  /// Waits up to `seconds`; returns `false` when woken (stop requested), `true` on timeout.
  package func sleep(_ seconds: Double) -> Bool {
    let deadline = MonotonicClock.deadline(after: seconds)
    while true {
      if isSignalled { return false }
      let millis = MonotonicClock.milliseconds(until: deadline)
      if millis == 0 { return true }
      var entry = pollfd(fd: readEnd.rawValue, events: Int16(POLLIN), revents: 0)
      _ = Glibc.poll(&entry, 1, millis)
    }
  }

  /// Closes both ends; call once, after the reader has finished.
  package func close() {
    readEnd.close()
    writeEnd.close()
  }
}

extension Waker {
  /// Empties the pipe, so that later waits block again (for wakers used as a nudge rather than
  /// a stop signal).
  package func drain() {
    var bytes: (UInt64, UInt64) = (0, 0)
    while withUnsafeMutableBytes(
      of: &bytes, { Glibc.read(readEnd.rawValue, $0.baseAddress, $0.count) })
      > 0
    {}
  }
}
