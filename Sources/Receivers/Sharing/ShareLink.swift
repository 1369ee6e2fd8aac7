import Platform

/// A joined process's side of sharing: a connection to the `locate` that holds a device,
/// made only when that process runs as this user (or this process is root), through a
/// socket in a directory private to that user (``ShareDirectory``).
struct ShareLink {
  /// The connection (non-blocking).
  let descriptor: FileDescriptor
  /// The holder joined (its PID as the kernel gave it on connecting).
  let holder: DeviceHolder
  /// The stream so far: the greeting is in, with the holder's rate.
  var reader: ShareFrameReader

  /// The holder's rate, when it said (0 in the greeting: unknown).
  var rate: Int? { reader.rate.flatMap { $0 == 0 ? nil : $0 } }

  /// The user `holder` runs as, when this process may join it: a `locate` of this user, or
  /// any `locate` when this process is root.
  static func joinableUser(_ holder: DeviceHolder, procRoot: String = "/proc") -> UInt32? {
    guard holder.command == "locate", holder.pid != CurrentProcess.id,
      let uid = DeviceHolders.owner(of: holder.pid, procRoot: procRoot),
      uid == CurrentProcess.userID || CurrentProcess.isRoot
    else { return nil }
    return uid
  }

  /// The socket `holder` listens at for the device at `path`, when there is one this process
  /// may join.
  static func socket(of holder: DeviceHolder, device path: String, procRoot: String = "/proc")
    -> (path: String, uid: UInt32)?
  {
    guard let uid = joinableUser(holder, procRoot: procRoot) else { return nil }
    let socket = ShareDirectory.sockets(forDevice: path, holderUser: uid).first {
      (try? FileSystem.status($0, followingLinks: false))?.kind == .socket
    }
    return socket.map { ($0, uid) }
  }

  /// Whether `holder` itself listens at its socket for the device at `path`, for this process
  /// to join: a connection (closed at once; the holder drops it at its next chunk) whose peer
  /// is that process (`SO_PEERCRED`). A socket file left by a holder killed with SIGKILL, or
  /// bound by another process, is not a stream to join.
  static func isListening(
    _ holder: DeviceHolder, device path: String, procRoot: String = "/proc"
  ) -> Bool {
    guard let (socket, _) = self.socket(of: holder, device: path, procRoot: procRoot),
      let descriptor = try? FileDescriptor.unixConnection(to: socket)
    else { return false }
    defer { descriptor.close() }
    return (try? descriptor.peerCredentials())?.pid == holder.pid
  }

  /// Connects to `holder`'s stream of the device at `path` and reads its greeting (within
  /// `timeout` seconds); `nil` when it may not be joined or does not listen (yet: a holder
  /// that has just taken over binds its socket after opening the device).
  static func join(
    _ holder: DeviceHolder, device path: String, procRoot: String = "/proc", timeout: Double = 2
  ) -> ShareLink? {
    guard let (socket, uid) = self.socket(of: holder, device: path, procRoot: procRoot),
      let descriptor = try? FileDescriptor.unixConnection(to: socket)
    else { return nil }
    // The listener must run as the user whose private directory it is in.
    guard let credentials = try? descriptor.peerCredentials(), credentials.uid == uid else {
      descriptor.close()
      return nil
    }
    var joined = holder
    joined.pid = credentials.pid
    var link = ShareLink(descriptor: descriptor, holder: joined, reader: ShareFrameReader())
    guard link.readGreeting(until: SystemTime.deadline(after: timeout)) else {
      descriptor.close()
      return nil
    }
    return link
  }

  /// Reads exactly the greeting (not a byte of the chunks after it); `false` on a timeout, an
  /// end or a wrong greeting.
  private mutating func readGreeting(until deadline: Int64) -> Bool {
    var greeting = [UInt8](repeating: 0, count: ShareFrame.greetingSize)
    var have = 0
    while have < greeting.count {
      let millis = SystemTime.milliseconds(until: deadline)
      guard millis > 0, let ready = try? poll(descriptor, for: .input, milliseconds: millis)
      else { return false }
      if ready.isEmpty { continue }
      let read: Int?
      do {
        read = try greeting.withUnsafeMutableBytes { bytes throws(Errno) in
          try descriptor.readIfReady(into: UnsafeMutableRawBufferPointer(rebasing: bytes[have...]))
        }
      } catch {
        return false
      }
      guard let read else { continue }
      if read == 0 { return false }
      have += read
    }
    greeting.withUnsafeBytes { reader.feed($0) { _, _ in } }
    return !reader.isBroken && reader.rate != nil
  }
}

/// What sharing tells the user about (with `--verbose`): a device joined, taken over, a
/// joined process dropped for reading too slowly, a `--baud` that a joined process cannot
/// apply.
public enum SharingNote: Sendable, Hashable, CustomStringConvertible {
  /// This process reads `path` through the `locate` with `pid`, which holds it.
  case joined(path: String, pid: Int32)
  /// The holder ended; this process holds `path` now.
  case tookOver(path: String)
  /// The holder `pid` dropped this process (it read too slowly); it joined `pid` again.
  case rejoined(path: String, pid: Int32)
  /// This process, holding `path`, dropped the joined `locate` with `pid` (it read too slowly).
  case droppedPeer(path: String, pid: Int32)
  /// A joined process's own `--baud` (`asked`) is not applied: the holder `pid` reads `path`
  /// at `rate` (`nil`: while it hunts the rate).
  case baudNotApplied(path: String, pid: Int32, asked: Int, rate: Int?)
  /// This process holds `path` but cannot share it with the other `locate`s of its user: it
  /// has no private directory to listen in (`why`, see ``ShareDirectory``).
  case notShared(path: String, why: String)

  /// `joined locate pid 4242 on /dev/ttyUSB0`, `took over /dev/ttyUSB0`, ….
  public var description: String {
    switch self {
    case .joined(let path, let pid): return "joined locate pid \(pid) on \(path)"
    case .tookOver(let path): return "took over \(path)"
    case .rejoined(let path, let pid):
      return "dropped by locate pid \(pid) on \(path) (this process read too slowly; what it"
        + " read meanwhile is lost): joined it again"
    case .droppedPeer(let path, let pid):
      return "dropped locate pid \(pid), joined on \(path): it read too slowly"
        + " (\(ShareHost.queueLimit >> 20) MiB waiting for it)"
    case .baudNotApplied(let path, let pid, let asked, let rate):
      let reading = rate.map { "reads \(path) at \($0) baud" } ?? "hunts \(path)'s baud rate"
      return "--baud \(asked) not applied: locate pid \(pid) holds the port and \(reading)"
        + " (a joined process takes the holder's port settings)"
    case .notShared(let path, let why):
      return "\(path) is not shared with other locates of this user: no private directory to"
        + " listen in, as \(why) (another local user can make that directory in /tmp first:"
        + " have it removed, or set XDG_RUNTIME_DIR to a private directory)"
    }
  }

  private static let handler = Locked<(@Sendable (SharingNote) -> Void)?>(nil)

  /// Sets who hears the notes (the command line's status line); `nil`: nobody.
  public static func setHandler(_ handler: (@Sendable (SharingNote) -> Void)?) {
    self.handler.withLock { $0 = handler }
  }

  /// Tells the handler, if any.
  func post() {
    let handler = Self.handler.withLock { $0 }
    handler?(self)
  }
}
