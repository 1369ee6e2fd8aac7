import Platform

/// The holder's side of sharing: a Unix socket in the user's ``ShareDirectory`` that other
/// `locate` processes of the same user (or root) connect to, each then sent every chunk the
/// holder reads with its arrival time (``ShareFrame``).
///
/// Connections are accepted on a thread of their own; chunks are sent from the reader thread
/// without ever waiting: what a peer's socket does not take is queued, up to
/// ``queueLimit`` bytes, past which that peer is dropped, so a stalled peer never slows the
/// reader nor the other peers. A peer of another user (`SO_PEERCRED`) is closed at once.
final class ShareHost: @unchecked Sendable {
  /// The most bytes queued for one peer before it is dropped.
  static let queueLimit = 1 << 20

  /// The socket's path.
  let socketPath: String
  private let listener: FileDescriptor
  /// The socket file's identity (file system, inode) as bound: only that file is removed at
  /// the end, never one that another holder bound at the same path since.
  private let bound: (fileSystem: UInt64, inode: UInt64)?
  private let waker: Waker
  private let currentRate: Locked<Int?>
  private var thread: JoinableThread?
  private let peers = Locked<[Peer]>([])
  private var header: [UInt8] = []
  /// After a takeover (``replayToJoiners(for:)``): every frame published since, until
  /// `until` (monotonic ns) or ``replayLimit`` bytes, for the holder's other former peers, which
  /// join only after this process has read what waited in the port. Guarded by `peers`' lock
  /// (taken under it, so a joiner gets the replay and then every later frame, none twice).
  private var replay: (frames: [UInt8], until: Int64)?

  /// The most bytes kept for joiners after a takeover.
  static let replayLimit = 1 << 18

  private struct Peer {
    let descriptor: FileDescriptor
    /// Its process (`SO_PEERCRED`), for the note when it is dropped.
    let pid: Int32
    var queue: [UInt8] = []
  }

  /// The device's path, as this process opened it (for notes).
  private let devicePath: String

  private init(
    devicePath: String, socketPath: String, listener: FileDescriptor, waker: Waker, rate: Int?
  ) {
    self.devicePath = devicePath
    self.socketPath = socketPath
    self.listener = listener
    bound = (try? FileSystem.status(socketPath, followingLinks: false)).map {
      ($0.fileSystem, $0.inode)
    }
    self.waker = waker
    self.currentRate = Locked(rate)
  }

  /// The port's rate, as peers that join from now on are told (`nil` while it is hunted).
  var rate: Int? {
    get { currentRate.withLock { $0 } }
    set { currentRate.withLock { $0 = newValue } }
  }

  /// Starts sharing the device at `path` (held by this process, read at `rate`, `nil` while
  /// unknown); `nil` when
  /// it cannot be shared (no private directory, not a character device, no socket).
  static func start(devicePath path: String, rate: Int?) -> ShareHost? {
    guard let directory = ShareDirectory.own(),
      let name = ShareDirectory.socketName(forDevice: path)
    else { return nil }
    let socketPath = directory + "/" + name
    // A socket already there is no live holder's: this process holds the device (exclusively)
    // now. It was left by a holder that was killed (nobody listens: connecting is refused), or
    // belongs to one that lost the device and waits for it (it joins this one when it finds it
    // busy, and leaves this socket alone).
    try? FileSystem.remove(socketPath)
    guard let listener = try? FileDescriptor.unixListener(at: socketPath) else { return nil }
    guard let waker = try? Waker() else {
      listener.close()
      try? FileSystem.remove(socketPath)
      return nil
    }
    let host = ShareHost(
      devicePath: path, socketPath: socketPath, listener: listener, waker: waker, rate: rate)
    do {
      host.thread = try JoinableThread(name: "locate-share") { host.acceptLoop() }
    } catch {
      host.closeAll()
      return nil
    }
    return host
  }

  /// Whether this relay's socket is the one for the device at `path` (a device that came back
  /// after an unplug may be another one: another ttyUSB number).
  func serves(devicePath path: String) -> Bool {
    guard let name = ShareDirectory.socketName(forDevice: path) else { return false }
    return socketPath.hasSuffix("/" + name)
  }

  /// Sends a chunk to every peer (on the reader thread; never waits). A peer that is gone,
  /// or has ``queueLimit`` bytes waiting, is closed (`--verbose` notes the latter).
  func publish(_ bytes: UnsafeRawBufferPointer, at time: Int64) {
    ShareFrame.header(time: time, count: bytes.count, into: &header)
    let dropped = header.withUnsafeBytes { header in
      peers.withLock { peers -> [Int32] in
        if var kept = replay {
          replay = nil
          if SystemTime.now() < kept.until,
            kept.frames.count + header.count + bytes.count <= Self.replayLimit
          {
            kept.frames.append(contentsOf: header)
            kept.frames.append(contentsOf: bytes)
            replay = kept
          }
        }
        guard !peers.isEmpty else { return [] }
        var dropped: [Int32] = []
        var index = 0
        while index < peers.count {
          if Self.send(header, bytes, to: &peers[index]) {
            index += 1
          } else {
            if peers[index].queue.count > Self.queueLimit { dropped.append(peers[index].pid) }
            peers.remove(at: index)
          }
        }
        return dropped
      }
    }
    for pid in dropped { SharingNote.droppedPeer(path: devicePath, pid: pid).post() }
  }

  /// Keeps what is published from now on for `seconds`, and sends it to every peer that joins
  /// meanwhile before the frames that follow: after a takeover, the previous holder's other
  /// peers join this process only once it has read what waited in the port (the epochs that
  /// came while nobody read it), which they would lose otherwise. Each frame keeps its arrival
  /// time, so a newcomer's freshness rules see how old it is.
  func replayToJoiners(for seconds: Double) {
    let until = SystemTime.deadline(after: seconds)
    peers.withLock { _ in replay = (frames: [], until: until) }
  }

  /// How many peers are connected (for tests).
  var peerCount: Int { peers.withLock { $0.count } }

  /// Sends what is queued, then `header` and `bytes`; `false` when the peer must go (gone, or
  /// its queue past the limit), in which case it is closed.
  private static func send(
    _ header: UnsafeRawBufferPointer, _ bytes: UnsafeRawBufferPointer, to peer: inout Peer
  ) -> Bool {
    do throws(Errno) {
      if !peer.queue.isEmpty {
        let descriptor = peer.descriptor
        let sent = peer.queue.withUnsafeBytes { queued in
          Result { () throws(Errno) in try sendSome(queued, descriptor) }
        }
        peer.queue.removeFirst(try sent.get())
      }
      for part in [header, bytes] {
        if peer.queue.isEmpty {
          let sent = try sendSome(part, peer.descriptor)
          peer.queue.append(contentsOf: part[sent...])
        } else {
          peer.queue.append(contentsOf: part)
        }
      }
      if peer.queue.count <= queueLimit { return true }
    } catch {}
    peer.descriptor.close()
    return false
  }

  /// Sends what the socket takes now (0 when full).
  private static func sendSome(_ bytes: UnsafeRawBufferPointer, _ descriptor: FileDescriptor)
    throws(Errno) -> Int
  {
    guard !bytes.isEmpty else { return 0 }
    do {
      return try descriptor.send(bytes)
    } catch  where error == .wouldBlock {
      return 0
    }
  }

  /// Accepts peers until stopped: the same user or root only, greeted with the rate.
  private func acceptLoop() {
    let me = CurrentProcess.userID
    while true {
      guard let (ready, stop) = try? poll(listener, waker.readEnd, for: .input, milliseconds: 1000)
      else { return }
      if !stop.isEmpty { return }
      guard ready.contains(.input), let (peer, _) = try? listener.accept() else { continue }
      guard let credentials = try? peer.peerCredentials(),
        credentials.uid == me || credentials.uid == 0
      else {
        peer.close()
        continue
      }
      peers.withLock { peers in
        var joined = Peer(descriptor: peer, pid: credentials.pid)
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        var ok = ShareFrame.greeting(rate: rate).withUnsafeBytes {
          Self.send($0, empty, to: &joined)
        }
        if ok, let kept = replay, SystemTime.now() < kept.until, !kept.frames.isEmpty {
          ok = kept.frames.withUnsafeBytes { Self.send($0, empty, to: &joined) }
        }
        if ok { peers.append(joined) }
      }
    }
  }

  /// Stops accepting, closes every peer (they see the end of the stream and take over) and
  /// removes the socket, unless another holder has bound one at its path since. Idempotent.
  func stop() {
    guard let thread else { return }
    self.thread = nil
    waker.wake()
    thread.join()
    closeAll()
  }

  private func closeAll() {
    if let bound, let status = try? FileSystem.status(socketPath, followingLinks: false),
      status.fileSystem == bound.fileSystem, status.inode == bound.inode
    {
      try? FileSystem.remove(socketPath)
    }
    listener.close()
    waker.close()
    peers.withLock { peers in
      for peer in peers { peer.descriptor.close() }
      peers.removeAll()
    }
  }

  deinit { stop() }
}
