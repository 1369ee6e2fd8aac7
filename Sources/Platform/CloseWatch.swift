import Glibc

/// Notices when a file is closed by anyone — including by the kernel, for a process that was
/// killed: its descriptor is readable after each close of `path` (readable through
/// ``descriptor`` with `poll(2)`; ``drain()`` empties it).
package final class CloseWatch: @unchecked Sendable {
  /// The descriptor to poll for input.
  package let descriptor: FileDescriptor

  /// Watches `path` for closes (`IN_CLOSE_WRITE | IN_CLOSE_NOWRITE`).
  ///
  /// The corresponding C functions are `inotify_init1` (close-on-exec, non-blocking) and
  /// `inotify_add_watch`.
  package init(_ path: String) throws(Errno) {
    let fd = try valueOrErrno { inotify_init1(CInt(IN_NONBLOCK | IN_CLOEXEC)) }.get()
    descriptor = FileDescriptor(rawValue: fd)
    do throws(Errno) {
      let events = UInt32(IN_CLOSE_WRITE) | UInt32(IN_CLOSE_NOWRITE)
      try nothingOrErrno { inotify_add_watch(fd, path, events) }.get()
    } catch {
      descriptor.close()
      throw error
    }
  }

  /// Reads every event waiting; `true` when there was at least one.
  package func drain() -> Bool {
    var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    var any = false
    while withUnsafeMutableBytes(of: &buffer, { (try? descriptor.read(into: $0)) ?? 0 }) > 0 {
      any = true
    }
    return any
  }

  /// Stops watching.
  package func close() { descriptor.close() }
}
