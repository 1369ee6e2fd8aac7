import Platform

/// The one error type of the time service: what failed, where, and the system's `errno`.
package struct TimeServiceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  package enum Code: Sendable, Hashable {
    /// An NTP segment with the unit's key exists with another size: not an NTP segment, or
    /// one another program made wrong (`size` bytes, `expected` wanted).
    case wrongSize(size: Int, expected: Int)
    /// The segment may not be used by this user (owned by `owner`, mode `permissions`).
    case permissionDenied(owner: UInt32, permissions: UInt32)
    /// Another `locate` (process `pid`) writes the segment.
    case inUse(pid: Int32)
    /// The PPS device or serial port is not there.
    case notFound
    /// The kernel has no PPS line discipline (`N_PPS`: `CONFIG_PPS_CLIENT_LDISC`).
    case noLineDiscipline
    /// The port has no modem lines to wait on (a pseudo-terminal, or a driver without
    /// `TIOCMIWAIT`).
    case noModemLines
    /// The device is not a PPS source (`PPS_GETCAP` failed) or cannot capture assert edges.
    case notPPS
    /// Another system call failed (its name).
    case system(String)
  }

  /// What went wrong.
  package var code: Code
  /// The segment (`NTP0`), device or socket concerned.
  package var what: String
  /// The system's error number, when a call failed.
  package var errno: Errno?

  /// Makes an error.
  package init(_ code: Code, _ what: String, errno: Errno? = nil) {
    self.code = code
    self.what = what
    self.errno = errno
  }

  /// `what: why`, for logs; the command line words its own lines from ``code``.
  package var description: String {
    let why: String
    switch code {
    case .wrongSize(let size, let expected):
      why = "exists with \(size) bytes, not the \(expected) of an NTP segment"
    case .permissionDenied(let owner, let permissions):
      why = "permission denied (owner \(owner), mode 0\(String(permissions, radix: 8)))"
    case .inUse(let pid): why = "written by locate pid \(pid)"
    case .notFound: why = "not found"
    case .noLineDiscipline: why = "the kernel has no PPS line discipline"
    case .noModemLines: why = "no modem lines to wait on"
    case .notPPS: why = "not a PPS source"
    case .system(let call): why = "\(call) failed"
    }
    return "\(what): \(why)" + (errno.map { ": \($0)" } ?? "")
  }
}
