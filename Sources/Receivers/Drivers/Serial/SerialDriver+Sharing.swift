import Platform

extension SerialDriver {
  /// How long opening keeps trying to join a `locate` that holds the device but does not
  /// listen or greet yet (it has just opened the device, is taking it over, or is slow to be
  /// scheduled: 3 s was too short for a holder under ThreadSanitizer on a loaded machine),
  /// at most: never longer than ``ReceiverOptions/openTimeout`` (a one-shot request's
  /// `--timeout`). A holder that is not a joinable `locate` is reported busy at once.
  static let joinWait = 10.0

  /// How long this open tries to join: ``joinWait``, or less when the open has a deadline.
  var joinLimit: Double { min(Self.joinWait, max(0, options.openTimeout ?? Self.joinWait)) }

  /// The busy error for a `locate` of this user that could not be joined within `waited`
  /// seconds, with why when it can be told: the holder's user has no private directory to
  /// listen in (``ShareDirectory/obstacle(for:environment:)``), or it did not answer.
  func notJoined(_ error: ReceiverError, holder: DeviceHolder, waited: Double) -> ReceiverError {
    var holder = holder
    let uid = ShareLink.joinableUser(holder, procRoot: roots.proc)
    let runtime =
      uid == CurrentProcess.userID ? CurrentProcess.environment("XDG_RUNTIME_DIR") : nil
    if let uid, let obstacle = ShareDirectory.obstacle(for: uid, environment: runtime) {
      holder.notSharing =
        "it cannot share it: no private directory to listen in, as \(obstacle); another local"
        + " user can make that directory in /tmp first: have it removed, or set XDG_RUNTIME_DIR"
        + " to a private directory"
    } else {
      holder.notSharing =
        "it did not let this process join within " + Self.seconds(waited)
        + " (it may be starting, or stopped)"
    }
    return ReceiverError(code: .busy(holder: holder), path: error.path, errno: error.errno)
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\((value * 10).rounded() / 10) s"
  }

  /// Opens the device, or joins the `locate` of this user holding it (see ``ShareLink``):
  /// sets ``port`` or ``link``. `reopening` tries the by-id link first; `flush` false keeps
  /// what waits in the port (a takeover: the holder read until a moment ago); `previous` is
  /// the holder whose stream just ended (joined again, it had dropped this process). Throws
  /// as opening does when neither can be done: busy when another program holds it.
  func acquire(
    rate: Int, flush: Bool, reopening: Bool = false, stop: Waker? = nil, previous: Int32? = nil
  ) throws(ReceiverError) {
    let limit = joinLimit
    let deadline = SystemTime.deadline(after: limit)
    while true {
      do {
        port =
          try reopening
          ? reopen(rate: rate, flush: flush)
          : SerialPort.open(path, rate: rate, procRoot: roots.proc, flush: flush)
        // Shared from now on, so that a newcomer joins even while the rate is hunted (the
        // relay kept from before an unplug, unless the device came back as another one).
        if let kept = host, !kept.serves(devicePath: path) {
          kept.stop()
          host = nil
        }
        if host == nil {
          host = ShareHost.start(devicePath: path, rate: baud == .auto ? nil : rate)
          if host == nil, !notedNotShared,
            let obstacle = ShareDirectory.obstacle(
              for: CurrentProcess.userID,
              environment: CurrentProcess.environment("XDG_RUNTIME_DIR"))
          {
            notedNotShared = true
            SharingNote.notShared(path: path, why: obstacle).post()
          }
        }
        return
      } catch {
        guard case .busy(let holder?) = error.code,
          ShareLink.joinableUser(holder, procRoot: roots.proc) != nil
        else { throw error }
        if let joined = ShareLink.join(holder, device: path, procRoot: roots.proc) {
          host?.stop()
          host = nil
          link = joined
          let pid = joined.holder.pid
          if pid == previous {
            SharingNote.rejoined(path: path, pid: pid).post()
          } else {
            SharingNote.joined(path: path, pid: pid).post()
            // The holder's port settings hold: a joined process's own --baud changes nothing.
            if case .fixed(let asked) = baud, asked != joined.rate {
              SharingNote.baudNotApplied(path: path, pid: pid, asked: asked, rate: joined.rate)
                .post()
            }
          }
          return
        }
        if stop?.isSignalled == true { throw error }
        if SystemTime.now() >= deadline { throw notJoined(error, holder: holder, waited: limit) }
        SystemTime.sleep(0.05)
      }
    }
  }

  /// How long after a takeover what is read is kept for the holder's other peers.
  static let takeoverReplay = 10.0

  /// After the holder's stream ended: opens the device at the holder's rate, keeping what
  /// waits in it, or joins whoever opened it first — the same holder again when it had only
  /// dropped this process for reading too slowly. `false` when neither could be done (the
  /// device went away, or another program holds it).
  func takeOver(after joined: ShareLink, context: ReaderContext) -> Bool {
    do {
      try acquire(
        rate: joined.rate ?? initialRate, flush: false, reopening: true, stop: context.waker,
        previous: joined.holder.pid)
    } catch {
      return false
    }
    if port != nil {
      // The holder's other peers join this process in a moment: what it reads meanwhile (what
      // waited in the port since the holder's last read) is kept for them.
      host?.replayToJoiners(for: Self.takeoverReplay)
      SharingNote.tookOver(path: path).post()
    }
    return true
  }

  /// Reopens (or joins) with backoff until it works; `false` when stopped meanwhile.
  func reconnect(context: ReaderContext, rate: Int) -> Bool {
    let done: Void? = context.reconnect(waiting: .unplugged(path: path)) {
      () throws(ReceiverError) in
      try acquire(rate: rate, flush: true, reopening: true, stop: context.waker)
    }
    return done != nil
  }

  /// Reads the holder's stream, handing its chunks on with their original arrival times,
  /// until stop, its end, or a broken frame.
  func readJoined(
    _ joined: ShareLink, context: ReaderContext, buffer: UnsafeMutableRawBufferPointer
  ) -> StreamEnd {
    let connected = DeviceState.connected(path: path, baud: joined.rate)
    context.emit(connected)
    var reader = joined.reader
    return context.pump(
      joined.descriptor, buffer: buffer, connected: connected, path: path,
      silence: options.silenceTimeout,
      deliver: { chunk, _ in
        reader.feed(chunk) { bytes, time in context.deliver(bytes, at: time) }
      },
      garbled: { _, _ in reader.isBroken })
  }
}
