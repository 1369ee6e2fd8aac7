import Platform

extension SerialDriver {
  /// How long opening keeps trying to join a `locate` that holds the device but does not
  /// listen or greet yet (it has just opened the device, is taking it over, or is slow to be
  /// scheduled: 3 s was too short for a holder under ThreadSanitizer on a loaded machine).
  /// A holder that is not a joinable `locate` is reported busy at once.
  static let joinWait = 10.0

  /// Opens the device, or joins the `locate` of this user holding it (see ``ShareLink``):
  /// sets ``port`` or ``link``. `reopening` tries the by-id link first; `flush` false keeps
  /// what waits in the port (a takeover: the holder read until a moment ago); `previous` is
  /// the holder whose stream just ended (joined again, it had dropped this process). Throws
  /// as opening does when neither can be done: busy when another program holds it.
  func acquire(
    rate: Int, flush: Bool, reopening: Bool = false, stop: Waker? = nil, previous: Int32? = nil
  ) throws(ReceiverError) {
    let deadline = Clock.deadline(after: Self.joinWait)
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
        if Clock.now() >= deadline || stop?.isSignalled == true { throw error }
        Clock.sleep(0.05)
      }
    }
  }

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
    if port != nil { SharingNote.tookOver(path: path).post() }
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
