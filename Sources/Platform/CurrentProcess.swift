import Glibc

/// This process: its IDs, its environment, how it ends.
package enum CurrentProcess {
  /// The process ID.
  ///
  /// The corresponding C function is `getpid`.
  package static var id: Int32 { getpid() }

  /// Whether process `pid` exists (it may belong to another user).
  ///
  /// The corresponding C call is `kill(pid, 0)`.
  package static func exists(_ pid: Int32) -> Bool {
    guard pid > 0 else { return false }
    return Glibc.kill(pid, 0) == 0 || Errno.current == .notPermitted
  }

  /// Whether the process runs as root (effective user 0), which passes `TIOCEXCL` and sees
  /// every process in `/proc`.
  ///
  /// The corresponding C function is `geteuid`.
  package static var isRoot: Bool { geteuid() == 0 }

  /// The effective user ID.
  ///
  /// The corresponding C function is `geteuid`.
  package static var userID: UInt32 { geteuid() }

  /// The name of user `uid` from the password database, or its number when it has none.
  ///
  /// The corresponding C function is `getpwuid_r`.
  package static func userName(_ uid: UInt32) -> String {
    var entry = passwd()
    var result: UnsafeMutablePointer<passwd>? = nil
    var buffer = [CChar](repeating: 0, count: 4096)
    let status = buffer.withUnsafeMutableBufferPointer { storage -> CInt in
      guard let base = storage.baseAddress else { return ERANGE }
      return getpwuid_r(uid_t(uid), &entry, base, storage.count, &result)
    }
    guard status == 0, let found = result else { return String(uid) }
    let name: UnsafeMutablePointer<CChar>? = found.pointee.pw_name
    return name.map { String(cString: $0) } ?? String(uid)
  }

  /// The environment variable `name`, or `nil` when it is not set.
  ///
  /// The corresponding C function is `getenv`.
  package static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Every environment variable, by name (a later duplicate wins).
  package static var environment: [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return variables
  }

  /// Runs `handler` when the process exits through `exit(3)` or a return from `main` (not on a
  /// signal's default action, nor `_exit`). Handlers run in the reverse order of registration.
  ///
  /// The corresponding C function is `atexit`.
  package static func atExit(_ handler: @escaping @convention(c) () -> Void) {
    _ = atexit(handler)
  }

  /// Ends the process at once with `status`: no exit handlers, no buffers flushed.
  ///
  /// The corresponding C function is `_exit`.
  package static func exitImmediately(_ status: Int32) -> Never {
    _exit(status)
  }

  /// Ends the process with `status`, running the exit handlers.
  ///
  /// The corresponding C function is `exit`.
  package static func exit(_ status: Int32) -> Never {
    Glibc.exit(status)
  }

  /// The name of group `gid` from the group database, or its number when it has none.
  ///
  /// The corresponding C function is `getgrgid_r`.
  package static func groupName(_ gid: UInt32) -> String {
    var group = Glibc.group()
    var result: UnsafeMutablePointer<Glibc.group>? = nil
    var buffer = [CChar](repeating: 0, count: 4096)
    while true {
      let status = buffer.withUnsafeMutableBufferPointer { storage in
        getgrgid_r(gid_t(gid), &group, storage.baseAddress, storage.count, &result)
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
