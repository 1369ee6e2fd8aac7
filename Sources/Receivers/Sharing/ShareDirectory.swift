import Platform

/// Where a `locate` holding a device listens for the other `locate`s of its user: a directory
/// only that user may enter, `$XDG_RUNTIME_DIR/locate` when that variable names one of the
/// user's private directories, else `/tmp/locate-UID`, made with mode 0700. A directory that
/// is a symbolic link, belongs to someone else or lets others in is never used (nothing is
/// shared then). One socket per device, named after its device number (`tty-136-3`), so two
/// paths to one device (a by-id link, a `--link`) meet at one socket.
enum ShareDirectory {
  /// This process's directory, made when missing; `nil` when no private one can be had.
  static func own() -> String? {
    let uid = CurrentProcess.userID
    for directory in candidates(
      for: uid, environment: CurrentProcess.environment("XDG_RUNTIME_DIR"))
    {
      if isPrivate(directory, owner: uid) { return directory }
      if (try? FileSystem.status(directory, followingLinks: false)) != nil { continue }
      try? FileSystem.makeDirectory(directory, permissions: 0o700)
      if isPrivate(directory, owner: uid) { return directory }
    }
    return nil
  }

  /// Where user `uid`'s `locate` may listen, in the order it chooses them: under
  /// `runtimeDirectory` (`$XDG_RUNTIME_DIR`) when that is private to the user, then
  /// `/run/user/UID/locate` (what it usually is), then `/tmp/locate-UID`.
  static func candidates(for uid: UInt32, environment runtimeDirectory: String?) -> [String] {
    var list: [String] = []
    if let runtimeDirectory, runtimeDirectory.hasPrefix("/"),
      isPrivate(runtimeDirectory, owner: uid)
    {
      list.append(runtimeDirectory + "/locate")
    }
    for directory in ["/run/user/\(uid)/locate", "/tmp/locate-\(uid)"]
    where !list.contains(directory) {
      list.append(directory)
    }
    return list
  }

  /// Why user `uid` has no directory to share devices in, when none of its candidates is
  /// private and one is in the way: `/tmp/locate-1000 belongs to mallory, not to alice` (in
  /// `/tmp`, another local user can make that directory first and so keep a user's `locate`s
  /// from sharing). `nil` when a directory is private, or when none is in the way (nothing
  /// exists yet, so it could be made).
  static func obstacle(for uid: UInt32, environment runtimeDirectory: String?) -> String? {
    let list = candidates(for: uid, environment: runtimeDirectory)
    guard !list.contains(where: { isPrivate($0, owner: uid) }) else { return nil }
    var problems: [String] = []
    for directory in list {
      guard let status = try? FileSystem.status(directory, followingLinks: false) else {
        continue
      }
      switch status.kind {
      case .symbolicLink: problems.append("\(directory) is a symbolic link")
      case .directory where status.ownerID != uid:
        problems.append(
          "\(directory) belongs to \(CurrentProcess.userName(status.ownerID)), not to "
            + CurrentProcess.userName(uid))
      case .directory:
        problems.append(
          "\(directory) lets others in (mode 0" + String(status.permissions & 0o777, radix: 8)
            + ")")
      default: problems.append("\(directory) is not a directory")
      }
    }
    guard !problems.isEmpty else { return nil }
    var text = problems.joined(separator: ", ")
    if runtimeDirectory == nil { text += ", and XDG_RUNTIME_DIR is not set" }
    return text
  }

  /// Whether `path` is a directory (not a link to one) owned by `owner` that nobody else may
  /// enter (no group or other permission bits).
  static func isPrivate(_ path: String, owner: UInt32) -> Bool {
    guard let status = try? FileSystem.status(path, followingLinks: false) else { return false }
    return status.kind == .directory && status.ownerID == owner && status.permissions & 0o077 == 0
  }

  /// The socket's name for the device at `path` (`tty-136-3`: its major and minor numbers),
  /// or `nil` when `path` is not a character device.
  static func socketName(forDevice path: String) -> String? {
    guard let status = try? FileSystem.status(path), status.kind == .characterDevice else {
      return nil
    }
    return "tty-\(status.deviceMajor)-\(status.deviceMinor)"
  }

  /// The sockets a `locate` of user `uid` holding `path` may listen at, the likeliest first,
  /// only in directories private to that user.
  static func sockets(forDevice path: String, holderUser uid: UInt32) -> [String] {
    guard let name = socketName(forDevice: path) else { return [] }
    let mine = uid == CurrentProcess.userID
    let runtime = mine ? CurrentProcess.environment("XDG_RUNTIME_DIR") : nil
    return candidates(for: uid, environment: runtime).filter { isPrivate($0, owner: uid) }.map {
      $0 + "/" + name
    }
  }
}
