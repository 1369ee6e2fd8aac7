import Platform

/// Turns the OS's refusals into the module's error and states, with what the user needs to fix
/// them: the group that owns the device, or the process that holds it.
package enum DeviceAccess {
  /// The error for a failed `open(2)`, `flock(2)` or `tcgetattr(3)` on `path`:
  /// `EACCES`/`EPERM` → permission denied, naming the group that owns the device;
  /// `EBUSY`/`EWOULDBLOCK` → busy, naming the holder from `/proc`;
  /// `ENOENT`/`ENXIO`/`ENODEV`/`ENOTDIR`/`ELOOP`/`ENAMETOOLONG` → not found (the path leads
  /// to no device); `ENOTTY`/`EINVAL`/`EISDIR` → not a serial port; else I/O.
  package static func error(for errno: Errno, path: String, procRoot: String = "/proc")
    -> ReceiverError
  {
    switch errno {
    case .accessDenied, .notPermitted:
      return ReceiverError(
        code: .permissionDenied(group: owningGroup(of: path)), path: path, errno: errno.rawValue)
    case .busy, .wouldBlock:
      return ReceiverError(
        code: .busy(holder: DeviceHolders.holder(of: path, procRoot: procRoot)), path: path,
        errno: errno.rawValue)
    case .noSuchFile, .noSuchDeviceOrAddress, .noDevice, .notDirectory, .tooManySymbolicLinks,
      .fileNameTooLong:
      return ReceiverError(code: .notFound, path: path, errno: errno.rawValue)
    case .notTerminal, .invalidArgument:
      return ReceiverError(
        code: .invalidSource("not a serial port"), path: path, errno: errno.rawValue)
    case .isDirectory:
      return ReceiverError(
        code: .invalidSource("a directory, not a serial port"), path: path, errno: errno.rawValue)
    default:
      return ReceiverError(code: .io, path: path, errno: errno.rawValue)
    }
  }

  /// ``error(for:path:procRoot:)`` for a path that should be a serial device: when `path`
  /// exists and is not a character device, what it is instead (a regular file, a socket…) —
  /// never "permission denied, join group X" for a file (`/etc/shadow`) nor "no such device"
  /// for a socket, whose `open(2)` fails with `ENXIO`.
  package static func deviceError(for errno: Errno, path: String, procRoot: String = "/proc")
    -> ReceiverError
  {
    notADevice(path) ?? error(for: errno, path: path, procRoot: procRoot)
  }

  /// When `path` exists (following links) and is not a character device: the error saying what
  /// it is (``ReceiverError/Code/invalidSource(_:)``); `nil` for a character device, or a path
  /// that cannot be examined.
  package static func notADevice(_ path: String) -> ReceiverError? {
    guard let status = try? FileSystem.status(path) else { return nil }
    let what: String
    switch status.kind {
    case .characterDevice, .symbolicLink: return nil
    case .regular: what = "a regular file"
    case .directory: what = "a directory"
    case .blockDevice: what = "a block device"
    case .fifo: what = "a FIFO (named pipe)"
    case .socket: what = "a socket"
    }
    return ReceiverError(
      code: .invalidSource(what + ", not a serial port"), path: path,
      errno: Errno.notTerminal.rawValue)
  }

  /// The state that stands for an error while reopening, or discovering: denied, busy or
  /// unavailable (`nil` for other errors).
  static func state(for error: ReceiverError) -> DeviceState? {
    switch error.code {
    case .permissionDenied(let group): return .denied(path: error.path, group: group)
    case .busy(let holder): return .busy(path: error.path, holder: holder)
    case .notFound: return .unavailable(path: error.path)
    default: return nil
    }
  }

  /// The name of the group owning the device `path` (or its number when it has no name); `nil`
  /// when `path` cannot be examined or is not a device (a file's group is no advice).
  static func owningGroup(of path: String) -> String? {
    guard let status = try? FileSystem.status(path),
      status.kind == .characterDevice || status.kind == .blockDevice
    else { return nil }
    return CurrentProcess.groupName(status.groupID)
  }
}
