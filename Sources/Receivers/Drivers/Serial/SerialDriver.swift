import Platform

/// Reads a serial device: opened exclusively (at once, on the caller's thread, so a missing,
/// refused or busy device fails fast), its rate hunted on the reader thread with
/// ``BaudSetting/auto`` (stoppable at any moment, so a deadline or a signal is never held up by
/// a hunt), watched for unplug, silence and noise, and reopened with backoff through the same
/// path or its by-id link after unplug.
///
/// While hunting, a port that sends nothing for ``ReceiverOptions/silenceTimeout`` is reported
/// ``DeviceState/silent(path:seconds:)``, and one whose every rate gave bytes but no NMEA
/// ``DeviceState/garbled(path:baud:)`` (`baud` nil); the hunt goes on until it finds NMEA. A
/// port that keeps delivering bytes but no NMEA for ``ReceiverOptions/rehuntAfter`` seconds
/// (the receiver's rate was changed) is hunted again. At a fixed rate, bytes without NMEA for
/// ``ReceiverOptions/noNMEAAfter`` seconds are reported `garbled` at that rate (reading goes
/// on; NMEA that comes back reports `connected` again).
///
/// Sharing: while it holds the device, it relays what it reads to the `locate` processes of
/// its user that join it (``ShareHost``); a device held by such a `locate` is joined instead
/// of refused as busy (``ShareLink``), and when that holder ends, the device is taken over (or
/// whoever took it over is joined): see `SerialDriver+Sharing.swift`.
final class SerialDriver: SourceDriver, @unchecked Sendable {
  let path: String
  let baud: BaudSetting
  let options: ReceiverOptions
  let roots: DiscoveryRoots
  var port: SerialPort?
  private var stableLink: String?
  /// The holder's stream, when joined.
  var link: ShareLink?
  /// The relay to joined processes, while holding.
  var host: ShareHost?
  /// Whether ``SharingNote/notShared(path:why:)`` was said.
  var notedNotShared = false

  init(path: String, baud: BaudSetting, options: ReceiverOptions, roots: DiscoveryRoots = .system) {
    self.path = path
    self.baud = baud
    self.options = options
    self.roots = roots
  }

  /// The rate in use once open.
  var rate: Int? { port?.rate }

  func open() throws(ReceiverError) {
    stableLink = roots.stableLink(for: path)
    try acquire(rate: initialRate, flush: true)
  }

  /// The rate to open at: the one given, or the first the hunt tries.
  var initialRate: Int {
    switch baud {
    case .fixed(let rate): return rate
    case .auto: return hunter.candidates[0]
    }
  }

  /// The hunter for ``BaudSetting/auto``.
  private var hunter: BaudHunter {
    BaudHunter(
      path: path, cacheKey: stableLink ?? path,
      cache: options.baudCacheFile.map { BaudCache(file: $0) },
      sentences: options.baudHuntSentences, window: options.baudHuntWindow,
      procRoot: roots.proc)
  }

  func close() {
    host?.stop()
    host = nil
    port?.close()
    port = nil
    link?.descriptor.close()
    link = nil
  }

  func run(_ context: ReaderContext) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: ReaderContext.bufferSize, alignment: 1)
    defer {
      buffer.deallocate()
      close()
    }
    var hunting = baud == .auto
    while port != nil || link != nil {
      if let joined = link {
        link = nil
        let end = readJoined(joined, context: context, buffer: buffer)
        joined.descriptor.close()
        if end == .stopped { return }
        // The holder ended: take the device over, or join whoever did.
        if takeOver(after: joined, context: context) {
          // At the holder's rate; hunted when it had not found one.
          if port != nil { hunting = joined.rate == nil && baud == .auto }
          continue
        }
        context.emit(.unplugged(path: path))
        guard reconnect(context: context, rate: joined.rate ?? initialRate) else { return }
        hunting = port != nil && baud == .auto
        continue
      }
      guard let open = port else { return }
      var end = StreamEnd.endOfStream
      if hunting {
        switch hunt(open, context: context, buffer: buffer) {
        case .found: hunting = false
        case .stopped: return
        case .lost(let error): end = .hangup(error)
        }
      }
      if !hunting {
        end = read(open, context: context, buffer: buffer)
        if end == .stopped { return }
        if end == .garbled {
          // The receiver now speaks at another rate: hunt it again on the open port.
          hunting = true
          continue
        }
      }
      // The relay stays while reopening: joined processes wait with this one.
      open.close()
      port = nil
      context.emit(.unplugged(path: path))
      guard options.reconnect else {
        context.emit(.ended)
        return
      }
      guard reconnect(context: context, rate: open.rate) else { return }
      hunting = port != nil && baud == .auto
    }
  }

  /// How a hunt ended.
  private enum HuntEnd {
    /// The port is at a rate that gives NMEA.
    case found
    /// Stop was requested.
    case stopped
    /// The device went away.
    case lost(Errno?)
  }

  /// Hunts the rate on the open port until one gives NMEA, stop, or the device goes away.
  private func hunt(
    _ port: SerialPort, context: ReaderContext, buffer: UnsafeMutableRawBufferPointer
  ) -> HuntEnd {
    let hunter = self.hunter
    var lastBytes = SystemTime.now()
    var reportedSilence = false
    while true {
      let outcome = hunter.pass(
        port, rates: hunter.candidates, stop: context.waker, buffer: buffer
      ) { sample in
        if sample.bytes > 0 {
          lastBytes = SystemTime.now()
          reportedSilence = false
        } else if let silence = options.silenceTimeout, !reportedSilence,
          SystemTime.seconds(since: lastBytes) >= silence
        {
          reportedSilence = true
          context.emit(.silent(path: path, seconds: silence))
        }
      }
      switch outcome {
      case .found: return .found
      case .stopped: return .stopped
      case .lost(let error): return .lost(error)
      case .noNMEA(let sawBytes):
        if sawBytes { context.emit(.garbled(path: path, baud: nil)) }
        if !FileSystem.exists(path) { return .lost(nil) }
      }
    }
  }

  /// Reads at the port's rate until stop, unplug, or (with `--baud auto`) noise for
  /// ``ReceiverOptions/rehuntAfter`` seconds (`.garbled`).
  private func read(
    _ port: SerialPort, context: ReaderContext, buffer: UnsafeMutableRawBufferPointer
  ) -> StreamEnd {
    let connected = DeviceState.connected(path: path, baud: port.rate)
    context.emit(connected)
    if host == nil { host = ShareHost.start(devicePath: path, rate: port.rate) }
    host?.rate = port.rate
    let host = self.host
    let window = baud == .auto ? options.rehuntAfter : options.noNMEAAfter
    var watch = window.map { NMEAWatch(window: $0, now: SystemTime.now()) }
    var reported = false
    let fixedRate = baud != .auto
    let garbled: ((UnsafeRawBufferPointer, Int64) -> Bool)? =
      watch == nil
      ? nil
      : { [path] bytes, now in
        guard let noise = watch?.isGarbled(after: bytes, at: now) else { return false }
        guard fixedRate else { return noise }
        // A fixed rate: say so, keep reading; NMEA that comes back is `connected` again.
        if noise && !reported {
          reported = true
          context.emit(.garbled(path: path, baud: port.rate))
        } else if reported && watch?.sawSentence == true {
          reported = false
          context.emit(connected)
        }
        return false
      }
    return context.pump(
      port.descriptor, buffer: buffer, connected: connected, path: path,
      silence: options.silenceTimeout, present: { [path] in FileSystem.exists(path) },
      deliver: { bytes, time in
        // This process's own engine first: relaying first saved the joined ones about 150 µs
        // (median) but cost this one about 110 µs on two cores (LocateBench relay).
        context.deliver(bytes, at: time)
        host?.publish(bytes, at: time)
      }, garbled: garbled)
  }

  /// Opens the device again, through its by-id link first (it may come back under another
  /// ttyUSB number), then through the path given.
  func reopen(rate: Int, flush: Bool = true) throws(ReceiverError) -> SerialPort {
    if let stableLink, stableLink != path {
      do {
        return try SerialPort.open(stableLink, rate: rate, procRoot: roots.proc, flush: flush)
      } catch  where error.code != .notFound {
        throw ReceiverError(code: error.code, path: path, errno: error.errno)
      } catch {}
    }
    return try SerialPort.open(path, rate: rate, procRoot: roots.proc, flush: flush)
  }
}
