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

  /// Descriptor 0.
  package static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
  /// Descriptor 1.
  package static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
  /// Descriptor 2.
  package static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

  /// How a file is opened: for reading, writing or both.
  package struct AccessMode: Sendable, Hashable {
    /// The `O_…` access bits.
    package let rawValue: CInt
    /// `O_RDONLY`.
    package static let readOnly = AccessMode(rawValue: O_RDONLY)
    /// `O_WRONLY`.
    package static let writeOnly = AccessMode(rawValue: O_WRONLY)
    /// `O_RDWR`.
    package static let readWrite = AccessMode(rawValue: O_RDWR)
  }

  /// What else `open(2)` is asked to do (`O_CLOEXEC` is always added).
  package struct OpenOptions: OptionSet, Sendable {
    /// The `O_…` bits.
    package let rawValue: CInt
    /// Wraps `O_…` bits.
    package init(rawValue: CInt) { self.rawValue = rawValue }
    /// `O_NONBLOCK`: never wait (opening a FIFO without a writer, reading, writing).
    package static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
    /// `O_NOCTTY`: a terminal opened does not become the controlling terminal.
    package static let noControllingTerminal = OpenOptions(rawValue: O_NOCTTY)
    /// `O_CREAT`: make the file when it does not exist (needs permissions).
    package static let create = OpenOptions(rawValue: O_CREAT)
    /// `O_TRUNC`: empty a regular file opened for writing.
    package static let truncate = OpenOptions(rawValue: O_TRUNC)
    /// `O_APPEND`: every write goes to the end.
    package static let append = OpenOptions(rawValue: O_APPEND)
  }

  /// Opens `path`, close-on-exec; `permissions` (`0o644`) for a file `options` creates.
  ///
  /// The corresponding C function is `open`.
  package static func open(
    _ path: String, _ mode: AccessMode, options: OpenOptions = [], permissions: UInt32 = 0
  ) throws(Errno) -> FileDescriptor {
    let flags = mode.rawValue | options.rawValue | O_CLOEXEC
    let fd = try valueOrErrno { Glibc.open(path, flags, mode_t(permissions)) }.get()
    return FileDescriptor(rawValue: fd)
  }

  /// Closes the descriptor; never retried (Linux frees it even on `EINTR`).
  ///
  /// The corresponding C function is `close`.
  package func close() {
    _ = Glibc.close(rawValue)
  }

  /// Reads at most `buffer.count` bytes; 0 means end of file (or a hang-up).
  ///
  /// The corresponding C function is `read`.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try valueOrErrno { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }.get()
  }

  /// Reads what is there, as ``read(into:)`` does; `nil` when nothing is (``Errno/wouldBlock``
  /// on a non-blocking descriptor: `poll(2)` said it was ready, but another reader was first,
  /// or a terminal's line was flushed).
  package func readIfReady(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int? {
    do {
      return try read(into: buffer)
    } catch  where error == .wouldBlock {
      return nil
    }
  }

  /// Writes at most `buffer.count` bytes, returning how many were written.
  ///
  /// The corresponding C function is `write`.
  package func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
    try valueOrErrno { Glibc.write(rawValue, buffer.baseAddress, buffer.count) }.get()
  }

  /// Writes all of `buffer`, waiting with `poll(2)` (a second at a time) when a non-blocking
  /// descriptor is full.
  package func writeAll(_ buffer: UnsafeRawBufferPointer) throws(Errno) {
    var offset = 0
    while offset < buffer.count {
      do {
        offset += try write(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
      } catch  where error == .wouldBlock {
        _ = try poll(self, for: .output, milliseconds: 1000)
      }
    }
  }

  /// A close-on-exec duplicate on the lowest free number.
  ///
  /// The corresponding C function is `fcntl` with `F_DUPFD_CLOEXEC`.
  package func duplicate() throws(Errno) -> FileDescriptor {
    FileDescriptor(rawValue: try valueOrErrno { fcntl(rawValue, F_DUPFD_CLOEXEC, 0) }.get())
  }

  /// Makes `target` a duplicate of this descriptor (closing what `target` was first).
  ///
  /// The corresponding C function is `dup2`.
  package func duplicate(as target: FileDescriptor) throws(Errno) {
    try nothingOrErrno { dup2(rawValue, target.rawValue) }.get()
  }

  /// Turns `O_NONBLOCK` on or off, keeping the other status flags.
  ///
  /// The corresponding C function is `fcntl` with `F_GETFL` and `F_SETFL`.
  package func setNonBlocking(_ nonBlocking: Bool) throws(Errno) {
    let flags = try valueOrErrno { fcntl(rawValue, F_GETFL) }.get()
    let wanted = nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
    try nothingOrErrno { fcntl(rawValue, F_SETFL, wanted) }.get()
  }

  /// Whether the number names an open descriptor (`EBADF` says it does not).
  ///
  /// The corresponding C function is `fcntl` with `F_GETFD`.
  package var isOpen: Bool {
    fcntl(rawValue, F_GETFD) != -1 || Errno.current != .badFileDescriptor
  }

  /// Moves the file offset to `offset` bytes from the start; fails on a pipe or a terminal.
  ///
  /// The corresponding C function is `lseek` with `SEEK_SET`.
  package func seek(to offset: Int64) throws(Errno) {
    try nothingOrErrno(retryOnInterrupt: false) { lseek(rawValue, off_t(offset), SEEK_SET) }.get()
  }

  /// Whether the descriptor is a terminal.
  ///
  /// The corresponding C function is `isatty`.
  package var isTerminal: Bool { isatty(rawValue) == 1 }

  /// What the descriptor refers to.
  ///
  /// The corresponding C function is `fstat`.
  package func status() throws(Errno) -> FileStatus {
    var info = stat()
    try nothingOrErrno { fstat(rawValue, &info) }.get()
    return FileStatus(info)
  }

  /// The bytes received and not read yet (a terminal, pipe or socket).
  ///
  /// The corresponding C function is `ioctl` with `FIONREAD` (through CLocateSys).
  package func bytesWaiting() throws(Errno) -> Int {
    let count = clocate_bytes_waiting(rawValue)
    guard count >= 0 else { throw Errno.current }
    return Int(count)
  }

  /// A close-on-exec, non-blocking pipe: what is written to `writeEnd` is read from `readEnd`.
  ///
  /// The corresponding C function is `pipe2` (through CLocateSys: Swift cannot see it).
  package static func pipe() throws(Errno) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
    var ends: (CInt, CInt) = (-1, -1)
    try withUnsafeMutableBytes(of: &ends) { bytes throws(Errno) in
      let base = bytes.baseAddress?.assumingMemoryBound(to: CInt.self)
      try nothingOrErrno { clocate_pipe(base) }.get()
    }
    return (FileDescriptor(rawValue: ends.0), FileDescriptor(rawValue: ends.1))
  }
}
