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
  /// `ENOENT`: no such file or directory.
  package static let noSuchFile = Errno(rawValue: ENOENT)
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
  /// `EINPROGRESS`: a non-blocking connect is under way.
  package static let inProgress = Errno(rawValue: EINPROGRESS)
  /// `ETIMEDOUT`: timed out.
  package static let timedOut = Errno(rawValue: ETIMEDOUT)

  /// The C library's message for this error (`strerror`).
  package var description: String { String(cString: strerror(rawValue)) }
}

/// Calls `body`, turning a `-1` result into the thread's ``Errno``; with `retryOnInterrupt`,
/// calls it again while it fails with `EINTR`. Every system call in this module goes through it.
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
