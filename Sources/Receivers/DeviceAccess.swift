import Glibc

/// Turns the OS's refusals into the module's error and states, with what the user needs to fix
/// them: the group that owns the device, or the process that holds it.
enum DeviceAccess {
  /// The error for a failed `open(2)`, `flock(2)` or `tcgetattr(3)` on `path`:
  /// `EACCES`/`EPERM` → permission denied, naming the group that owns the device;
  /// `EBUSY`/`EWOULDBLOCK` → busy, naming the holder from `/proc`;
  /// `ENOENT`/`ENXIO`/`ENODEV`/`ENOTDIR`/`ELOOP`/`ENAMETOOLONG` → not found (the path leads
  /// to no device); `ENOTTY`/`EINVAL`/`EISDIR` → not a serial port; else I/O.
  static func error(for errno: Errno, path: String, procRoot: String = "/proc") -> ReceiverError {
    switch errno.rawValue {
    case EACCES, EPERM:
      return ReceiverError(
        code: .permissionDenied(group: owningGroup(of: path)), path: path, errno: errno.rawValue)
    case EBUSY, EAGAIN:
      return ReceiverError(
        code: .busy(holder: DeviceHolders.holder(of: path, procRoot: procRoot)), path: path,
        errno: errno.rawValue)
    case ENOENT, ENXIO, ENODEV, ENOTDIR, ELOOP, ENAMETOOLONG:
      return ReceiverError(code: .notFound, path: path, errno: errno.rawValue)
    case ENOTTY, EINVAL:
      return ReceiverError(
        code: .invalidSource("not a serial port"), path: path, errno: errno.rawValue)
    case EISDIR:
      return ReceiverError(
        code: .invalidSource("a directory, not a serial port"), path: path, errno: errno.rawValue)
    default:
      return ReceiverError(code: .io, path: path, errno: errno.rawValue)
    }
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

  /// The name of the group owning `path` (`stat(2)`, then `getgrgid_r(3)`), or its number
  /// when it has no name; `nil` when `path` cannot be examined.
  static func owningGroup(of path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return groupName(info.st_gid)
  }

  /// The name of group `gid` from the group database (`getgrgid_r(3)`), or the number.
  static func groupName(_ gid: gid_t) -> String {
    var group = Glibc.group()
    var result: UnsafeMutablePointer<Glibc.group>? = nil
    var buffer = [CChar](repeating: 0, count: 4096)
    while true {
      let status = buffer.withUnsafeMutableBufferPointer { storage in
        getgrgid_r(gid, &group, storage.baseAddress, storage.count, &result)
      }
      if status == ERANGE && buffer.count < 1 << 20 {
        buffer = [CChar](repeating: 0, count: buffer.count * 4)
        continue
      }
      guard status == 0, let entry = result, let name = entry.pointee.gr_name else {
        return String(gid)
      }
      return String(cString: name)
    }
  }
}
