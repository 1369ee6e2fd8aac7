import CLocateSys
import Glibc

/// An open file descriptor: a thin typed wrapper over the C calls, in swift-system's style.
///
/// The owner closes it exactly once with ``close()``.
package struct FileDescriptor: Hashable, Sendable {
  /// The raw descriptor number.
  package let rawValue: CInt

  /// Wraps a descriptor number the caller owns.
  package init(rawValue: CInt) { self.rawValue = rawValue }

  /// Opens `path` with `open(2)`; `flags` are `O_…` values (`O_CLOEXEC` is always added).
  package static func open(_ path: String, _ flags: CInt, mode: mode_t = 0) throws(Errno)
    -> FileDescriptor
  {
    let fd = try valueOrErrno { Glibc.open(path, flags | O_CLOEXEC, mode) }.get()
    return FileDescriptor(rawValue: fd)
  }

  /// Closes the descriptor with `close(2)`; never retried (Linux frees it even on `EINTR`).
  package func close() {
    _ = Glibc.close(rawValue)
  }

  /// Reads at most `buffer.count` bytes with `read(2)`; 0 means end of file (or a hang-up).
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try valueOrErrno { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }.get()
  }

  /// Writes at most `buffer.count` bytes with `write(2)`, returning how many were written.
  package func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
    try valueOrErrno { Glibc.write(rawValue, buffer.baseAddress, buffer.count) }.get()
  }

  /// Writes all of `buffer`, waiting with `poll(2)` when a non-blocking descriptor is full.
  package func writeAll(_ buffer: UnsafeRawBufferPointer) throws(Errno) {
    var offset = 0
    while offset < buffer.count {
      do {
        offset += try write(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
      } catch  where error == .wouldBlock {
        var entry = pollfd(fd: rawValue, events: Int16(POLLOUT), revents: 0)
        _ = try valueOrErrno { Glibc.poll(&entry, 1, 1000) }.get()
      }
    }
  }

  /// Takes an advisory exclusive lock without waiting: `flock(fd, LOCK_EX | LOCK_NB)`.
  /// Fails with `EWOULDBLOCK` when another open file description holds it.
  func lockExclusively() throws(Errno) {
    try nothingOrErrno { flock(rawValue, LOCK_EX | LOCK_NB) }.get()
  }

  /// Puts a terminal in exclusive mode, `ioctl(fd, TIOCEXCL)`: further opens fail with `EBUSY`
  /// (except for root).
  func setTerminalExclusive() throws(Errno) {
    try nothingOrErrno { ioctl(rawValue, UInt(TIOCEXCL)) }.get()
  }

  /// Leaves exclusive mode, `ioctl(fd, TIOCNXCL)`.
  func clearTerminalExclusive() {
    _ = ioctl(rawValue, UInt(TIOCNXCL))
  }

  /// Whether some descriptor put the terminal in exclusive mode, `ioctl(fd, TIOCGEXCL)`.
  func isTerminalExclusive() throws(Errno) -> Bool {
    var flag: CInt = 0
    try nothingOrErrno { clocate_get_exclusive(rawValue, &flag) }.get()
    return flag != 0
  }

  /// The descriptor's status flags, `fcntl(fd, F_GETFL)`.
  package func statusFlags() throws(Errno) -> CInt {
    try valueOrErrno { fcntl(rawValue, F_GETFL) }.get()
  }

  /// Sets the descriptor's status flags, `fcntl(fd, F_SETFL, flags)`.
  package func setStatusFlags(_ flags: CInt) throws(Errno) {
    try nothingOrErrno { fcntl(rawValue, F_SETFL, flags) }.get()
  }

  /// A close-on-exec duplicate, `fcntl(fd, F_DUPFD_CLOEXEC, 0)`.
  package func duplicate() throws(Errno) -> FileDescriptor {
    FileDescriptor(rawValue: try valueOrErrno { fcntl(rawValue, F_DUPFD_CLOEXEC, 0) }.get())
  }
}

/// What `poll(2)` reported for one descriptor.
package struct PollEvents: OptionSet, Sendable {
  /// The raw `revents` bits.
  package let rawValue: Int16

  /// Wraps raw `poll(2)` event bits.
  package init(rawValue: Int16) { self.rawValue = rawValue }
  /// `POLLIN`: data to read (or end of file).
  package static let input = PollEvents(rawValue: Int16(POLLIN))
  /// `POLLOUT`: room to write.
  package static let output = PollEvents(rawValue: Int16(POLLOUT))
  /// `POLLERR`: an error condition.
  package static let error = PollEvents(rawValue: Int16(POLLERR))
  /// `POLLHUP`: hang-up (the other end closed, the device went away).
  package static let hangup = PollEvents(rawValue: Int16(POLLHUP))
  /// `POLLNVAL`: the descriptor is not open.
  package static let invalid = PollEvents(rawValue: Int16(POLLNVAL))
}

/// Waits with `poll(2)` until `first` or `second` is ready for `events`, at most `milliseconds`
/// (−1: forever). Returns what each reported (empty for both on a timeout). Allocates nothing.
package func poll(
  _ first: FileDescriptor, _ second: FileDescriptor, for events: PollEvents, milliseconds: Int32
) throws(Errno) -> (PollEvents, PollEvents) {
  var entries = (
    pollfd(fd: first.rawValue, events: events.rawValue, revents: 0),
    pollfd(fd: second.rawValue, events: events.rawValue, revents: 0)
  )
  try withUnsafeMutableBytes(of: &entries) { bytes throws(Errno) in
    let base = bytes.baseAddress?.assumingMemoryBound(to: pollfd.self)
    _ = try valueOrErrno { Glibc.poll(base, 2, milliseconds) }.get()
  }
  return (PollEvents(rawValue: entries.0.revents), PollEvents(rawValue: entries.1.revents))
}

/// Waits with `poll(2)` until `descriptor` is ready for `events`, at most `milliseconds`
/// (−1: forever). Returns what it reported (empty on a timeout).
package func poll(
  _ descriptor: FileDescriptor, for events: PollEvents, milliseconds: Int32
) throws(Errno) -> PollEvents {
  var entry = pollfd(fd: descriptor.rawValue, events: events.rawValue, revents: 0)
  _ = try valueOrErrno { Glibc.poll(&entry, 1, milliseconds) }.get()
  return PollEvents(rawValue: entry.revents)
}
