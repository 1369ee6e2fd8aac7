import CLocateSys
import Glibc

/// An open file descriptor: a thin typed wrapper over the C calls, in swift-system's style.
///
/// The owner closes it exactly once with ``close()``.
struct FileDescriptor: Hashable, Sendable {
  /// The raw descriptor number.
  let rawValue: CInt

  /// Opens `path` with `open(2)`; `flags` are `O_…` values (`O_CLOEXEC` is always added).
  static func open(_ path: String, _ flags: CInt, mode: mode_t = 0) throws(Errno)
    -> FileDescriptor
  {
    let fd = try valueOrErrno { Glibc.open(path, flags | O_CLOEXEC, mode) }.get()
    return FileDescriptor(rawValue: fd)
  }

  /// Closes the descriptor with `close(2)`; never retried (Linux frees it even on `EINTR`).
  func close() {
    _ = Glibc.close(rawValue)
  }

  /// Reads at most `buffer.count` bytes with `read(2)`; 0 means end of file (or a hang-up).
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try valueOrErrno { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }.get()
  }

  /// Writes at most `buffer.count` bytes with `write(2)`, returning how many were written.
  func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
    try valueOrErrno { Glibc.write(rawValue, buffer.baseAddress, buffer.count) }.get()
  }

  /// Writes all of `buffer`, waiting with `poll(2)` when a non-blocking descriptor is full.
  func writeAll(_ buffer: UnsafeRawBufferPointer) throws(Errno) {
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
  func statusFlags() throws(Errno) -> CInt {
    try valueOrErrno { fcntl(rawValue, F_GETFL) }.get()
  }

  /// Sets the descriptor's status flags, `fcntl(fd, F_SETFL, flags)`.
  func setStatusFlags(_ flags: CInt) throws(Errno) {
    try nothingOrErrno { fcntl(rawValue, F_SETFL, flags) }.get()
  }

  /// A close-on-exec duplicate, `fcntl(fd, F_DUPFD_CLOEXEC, 0)`.
  func duplicate() throws(Errno) -> FileDescriptor {
    FileDescriptor(rawValue: try valueOrErrno { fcntl(rawValue, F_DUPFD_CLOEXEC, 0) }.get())
  }
}

/// What `poll(2)` reported for one descriptor.
struct PollEvents: OptionSet, Sendable {
  /// The raw `revents` bits.
  let rawValue: Int16
  /// `POLLIN`: data to read (or end of file).
  static let input = PollEvents(rawValue: Int16(POLLIN))
  /// `POLLOUT`: room to write.
  static let output = PollEvents(rawValue: Int16(POLLOUT))
  /// `POLLERR`: an error condition.
  static let error = PollEvents(rawValue: Int16(POLLERR))
  /// `POLLHUP`: hang-up (the other end closed, the device went away).
  static let hangup = PollEvents(rawValue: Int16(POLLHUP))
  /// `POLLNVAL`: the descriptor is not open.
  static let invalid = PollEvents(rawValue: Int16(POLLNVAL))
}

/// Waits with `poll(2)` until `first` or `second` is ready for `events`, at most `milliseconds`
/// (−1: forever). Returns what each reported (empty for both on a timeout). Allocates nothing.
func poll(
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
func poll(
  _ descriptor: FileDescriptor, for events: PollEvents, milliseconds: Int32
) throws(Errno) -> PollEvents {
  var entry = pollfd(fd: descriptor.rawValue, events: events.rawValue, revents: 0)
  _ = try valueOrErrno { Glibc.poll(&entry, 1, milliseconds) }.get()
  return PollEvents(rawValue: entry.revents)
}
