import Glibc

/// An error number reported by a system call (`errno`), in the style of swift-system's `Errno`.
struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  /// The raw `errno` value.
  let rawValue: CInt

  /// Wraps a raw `errno` value.
  init(rawValue: CInt) { self.rawValue = rawValue }

  /// The calling thread's current `errno`.
  static var current: Errno { Errno(rawValue: Glibc.errno) }

  /// `EINTR`: a signal interrupted the call.
  static let interrupted = Errno(rawValue: EINTR)
  /// `EAGAIN`/`EWOULDBLOCK`: nothing to do now on a non-blocking descriptor or lock.
  static let wouldBlock = Errno(rawValue: EAGAIN)
  /// `EACCES`: permission denied.
  static let accessDenied = Errno(rawValue: EACCES)
  /// `EPERM`: operation not permitted.
  static let notPermitted = Errno(rawValue: EPERM)
  /// `ENOENT`: no such file or directory.
  static let noSuchFile = Errno(rawValue: ENOENT)
  /// `ENXIO`: no such device or address (a tty whose hardware is gone).
  static let noSuchDeviceOrAddress = Errno(rawValue: ENXIO)
  /// `ENODEV`: no such device.
  static let noDevice = Errno(rawValue: ENODEV)
  /// `EBUSY`: device busy (another process set `TIOCEXCL`).
  static let busy = Errno(rawValue: EBUSY)
  /// `EIO`: input/output error (a hung-up terminal).
  static let ioError = Errno(rawValue: EIO)
  /// `ENOTTY`: not a terminal.
  static let notTerminal = Errno(rawValue: ENOTTY)
  /// `EINPROGRESS`: a non-blocking connect is under way.
  static let inProgress = Errno(rawValue: EINPROGRESS)
  /// `ETIMEDOUT`: timed out.
  static let timedOut = Errno(rawValue: ETIMEDOUT)

  /// The C library's message for this error (`strerror`).
  var description: String { String(cString: strerror(rawValue)) }
}

/// Calls `body`, turning a `-1` result into the thread's ``Errno``; with `retryOnInterrupt`,
/// calls it again while it fails with `EINTR`. Every system call in this module goes through it.
@inline(__always)
func valueOrErrno<I: FixedWidthInteger>(
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
func nothingOrErrno<I: FixedWidthInteger>(
  retryOnInterrupt: Bool = true, _ body: () -> I
) -> Result<Void, Errno> {
  valueOrErrno(retryOnInterrupt: retryOnInterrupt, body).map { _ in () }
}
