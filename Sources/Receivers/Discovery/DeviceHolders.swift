import Platform

/// Finds the processes that have a device open by reading `/proc/PID/fd/*` links: the
/// answer to "busy — who holds it?". Only processes we may inspect are seen (all, for root);
/// when none of those has it open, the `flock(2)` holder from `/proc/locks` (which everyone may
/// read) is named, so another user's `locate` is named too. A holder of another user carries
/// that user's name.
///
/// The program that made a pseudo-terminal (it holds the master, `/dev/ptmx` with that
/// `tty-index`) is its creator, not a competing reader, whatever it keeps of the slave:
/// `locate simulate` keeps it open read-only to watch the pty's exclusive flag, socat
/// (`socat pty,link=…`) read-write so that the master never reads end-of-file. Unless it also
/// reads the slave as a receiver, as `locate` does: with the device's `flock(2)`.
enum DeviceHolders {
  /// The processes holding `path` (resolved through symlinks), the lowest PID first.
  static func find(_ path: String, procRoot: String = "/proc") -> [DeviceHolder] {
    guard let target = FileSystem.resolvedPath(path) else { return [] }
    let ptyIndex = target.hasPrefix("/dev/pts/") ? Int(target.dropFirst("/dev/pts/".count)) : nil
    var holders: [DeviceHolder] = []
    let lockers = ptyIndex == nil ? [] : lockers(target, procRoot: procRoot)
    for entry in FileSystem.directoryEntries(procRoot) {
      guard let pid = Int32(entry), pid > 0 else { continue }
      let process = "\(procRoot)/\(entry)"
      let descriptors = FileSystem.directoryEntries("\(process)/fd").filter { fd in
        FileSystem.readLink("\(process)/fd/\(fd)") == target
      }
      if descriptors.isEmpty { continue }
      if let ptyIndex, makes(ptyIndex, process), !lockers.contains(pid) { continue }
      holders.append(holder(pid, procRoot: procRoot))
    }
    if holders.isEmpty, let locker = lockHolder(target, procRoot: procRoot) {
      holders.append(holder(locker, procRoot: procRoot))
    }
    for index in holders.indices where holders[index].command == "locate" {
      holders[index].shared =
        ShareLink.isListening(holders[index], device: target, procRoot: procRoot)
    }
    return holders.sorted { $0.pid < $1.pid }
  }

  /// `pid` as a holder: its command, and its user when that is not ours.
  private static func holder(_ pid: Int32, procRoot: String) -> DeviceHolder {
    var holder = DeviceHolder(pid: pid, command: command(of: pid, procRoot: procRoot))
    if let uid = owner(of: pid, procRoot: procRoot), uid != CurrentProcess.userID {
      holder.user = CurrentProcess.userName(uid)
    }
    return holder
  }

  /// The user running `pid` (the owner of `/proc/PID`).
  static func owner(of pid: Int32, procRoot: String = "/proc") -> UInt32? {
    (try? FileSystem.status("\(procRoot)/\(pid)"))?.ownerID
  }

  /// The holder to name: another process when there is one, else this process itself.
  static func holder(of path: String, procRoot: String = "/proc") -> DeviceHolder? {
    let all = find(path, procRoot: procRoot)
    let me = CurrentProcess.id
    return all.first { $0.pid != me } ?? all.first
  }

  /// The other processes holding `path` (this process excluded), the lowest PID first.
  static func others(_ path: String, procRoot: String = "/proc") -> [DeviceHolder] {
    let me = CurrentProcess.id
    return find(path, procRoot: procRoot).filter { $0.pid != me }
  }

  /// The command name of `pid` (`/proc/PID/comm`), or `pid N` when unreadable.
  static func command(of pid: Int32, procRoot: String = "/proc") -> String {
    guard let text = FileSystem.readSmallFile("\(procRoot)/\(pid)/comm") else {
      return "pid \(pid)"
    }
    return text.trimmingLineEnd()
  }

  /// Whether `process` holds the master of pseudo-terminal `index` (a `/dev/ptmx` descriptor
  /// whose `fdinfo` says `tty-index: index`).
  private static func makes(_ index: Int, _ process: String) -> Bool {
    FileSystem.directoryEntries("\(process)/fd").contains { fd in
      let link = FileSystem.readLink("\(process)/fd/\(fd)")
      guard link == "/dev/ptmx" || link == "/dev/pts/ptmx" else { return false }
      return fdinfo(process, fd, "tty-index:").flatMap { Int($0) } == index
    }
  }

  /// The value of `field` in `/proc/PID/fdinfo/FD`.
  private static func fdinfo(_ process: String, _ fd: String, _ field: String) -> String? {
    guard let text = FileSystem.readSmallFile("\(process)/fdinfo/\(fd)", limit: 4096) else {
      return nil
    }
    for line in text.split(separator: "\n") where line.hasPrefix(field) {
      return String(line.dropFirst(field.count).drop { $0 == " " || $0 == "\t" })
    }
    return nil
  }
}

extension String {
  /// The string without trailing line ends and spaces.
  func trimmingLineEnd() -> String {
    var text = Substring(self)
    while let last = text.last, last == "\n" || last == "\r" || last == " " { text.removeLast() }
    return String(text)
  }
}
