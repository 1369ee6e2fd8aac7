import Glibc

/// An error number reported by a system call (`errno`), in the style of swift-system's `Errno`.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  /// The raw `errno` value.
  package let rawValue: CInt

  /// Wraps a raw `errno` value.
  package init(rawValue: CInt) { self.rawValue = rawValue }

  /// The calling thread's current `errno`.
  package static var current: Errno { Errno(rawValue: Glibc.errno) }

  /// `EINTR`: a signal interrupted the call.
  package static let interrupted = Errno(rawValue: EINTR)
  /// `EAGAIN`/`EWOULDBLOCK`: nothing to do now on a non-blocking descriptor or lock.
  package static let wouldBlock = Errno(rawValue: EAGAIN)
  /// `EACCES`: permission denied.
  package static let accessDenied = Errno(rawValue: EACCES)
  /// `EPERM`: operation not permitted.
  package static let notPermitted = Errno(rawValue: EPERM)
  /// `EROFS`: read-only file system.
  package static let readOnlyFileSystem = Errno(rawValue: EROFS)
  /// `ENOENT`: no such file or directory.
  package static let noSuchFile = Errno(rawValue: ENOENT)
  /// `ENOTDIR`: a path component is not a directory.
  package static let notDirectory = Errno(rawValue: ENOTDIR)
  /// `EISDIR`: is a directory.
  package static let isDirectory = Errno(rawValue: EISDIR)
  /// `ELOOP`: too many levels of symbolic links.
  package static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
  /// `ENAMETOOLONG`: file name too long.
  package static let fileNameTooLong = Errno(rawValue: ENAMETOOLONG)
  /// `ENXIO`: no such device or address (a tty whose hardware is gone).
  package static let noSuchDeviceOrAddress = Errno(rawValue: ENXIO)
  /// `ENODEV`: no such device.
  package static let noDevice = Errno(rawValue: ENODEV)
  /// `EBUSY`: device busy (another process set `TIOCEXCL`).
  package static let busy = Errno(rawValue: EBUSY)
  /// `EIO`: input/output error (a hung-up terminal).
  package static let ioError = Errno(rawValue: EIO)
  /// `ENOTTY`: not a terminal.
  package static let notTerminal = Errno(rawValue: ENOTTY)
  /// `EINVAL`: invalid argument (a speed a port does not take, say).
  package static let invalidArgument = Errno(rawValue: EINVAL)
  /// `EBADF`: not an open descriptor.
  package static let badFileDescriptor = Errno(rawValue: EBADF)
  /// `EPIPE`: the reading end of a pipe or socket is gone.
  package static let brokenPipe = Errno(rawValue: EPIPE)
  /// `ENOSPC`: no space left on the device.
  package static let noSpace = Errno(rawValue: ENOSPC)
  /// `EDQUOT`: disk quota exceeded.
  package static let diskQuotaExceeded = Errno(rawValue: EDQUOT)
  /// `ERANGE`: a result does not fit (a buffer too small).
  package static let outOfRange = Errno(rawValue: ERANGE)
  /// `EINPROGRESS`: a non-blocking connect is under way.
  package static let inProgress = Errno(rawValue: EINPROGRESS)
  /// `ETIMEDOUT`: timed out.
  package static let timedOut = Errno(rawValue: ETIMEDOUT)
  /// `ECANCELED`: the operation was cancelled.
  package static let canceled = Errno(rawValue: ECANCELED)
  /// `ECONNREFUSED`: nothing listens at that address.
  package static let connectionRefused = Errno(rawValue: ECONNREFUSED)
  /// `ECONNABORTED`: a connection was aborted before it was accepted.
  package static let connectionAborted = Errno(rawValue: ECONNABORTED)
  /// `EADDRINUSE`: the address is in use.
  package static let addressInUse = Errno(rawValue: EADDRINUSE)
  /// `EADDRNOTAVAIL`: the address is not one of this machine's.
  package static let addressNotAvailable = Errno(rawValue: EADDRNOTAVAIL)

  /// The C library's message for this error, as `strerror(3)` gives it (`Device or resource
  /// busy`).
  package var description: String { String(cString: strerror(rawValue)) }
}

/// Calls `body`, turning a `-1` result into the thread's ``Errno``; with `retryOnInterrupt`,
/// calls it again while it fails with `EINTR`. Every system call of the project goes through
/// it (or through a Platform function built on it).
@inline(__always)
package func valueOrErrno<I: FixedWidthInteger>(
  retryOnInterrupt: Bool = true, _ body: () -> I
) -> Result<I, Errno> {
  while true {
    let value = body()
    if value != -1 { return .success(value) }
    let error = Errno.current
    if retryOnInterrupt && error == .interrupted { continue }
    return .failure(error)
  }
}

/// Like ``valueOrErrno(retryOnInterrupt:_:)`` for calls that only report success or failure.
@inline(__always)
package func nothingOrErrno<I: FixedWidthInteger>(
  retryOnInterrupt: Bool = true, _ body: () -> I
) -> Result<Void, Errno> {
  valueOrErrno(retryOnInterrupt: retryOnInterrupt, body).map { _ in () }
}
