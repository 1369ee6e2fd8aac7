import Glibc

/// Reads a serial device: opened exclusively at a fixed or hunted rate, watched for unplug and
/// silence, and reopened with backoff through the same path or its by-id link after unplug.
/// With ``BaudSetting/auto``, a port that keeps delivering bytes but no NMEA for
/// ``ReceiverOptions/rehuntAfter`` seconds (the receiver's rate was changed) is hunted again.
final class SerialDriver: SourceDriver, @unchecked Sendable {
  let path: String
  let baud: BaudSetting
  let options: ReceiverOptions
  let roots: DiscoveryRoots
  private var port: SerialPort?
  private var stableLink: String?

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
    switch baud {
    case .fixed(let rate):
      port = try SerialPort.open(path, rate: rate, procRoot: roots.proc)
    case .auto:
      port = try hunt()
    }
  }

  /// Opens the device at the rate that gives NMEA (``BaudHunter``).
  private func hunt() throws(ReceiverError) -> SerialPort {
    let hunter = BaudHunter(
      path: path, cacheKey: stableLink ?? path,
      cache: options.baudCacheFile.map { BaudCache(file: $0) },
      sentences: options.baudHuntSentences, window: options.baudHuntWindow,
      procRoot: roots.proc)
    return try hunter.hunt()
  }

  func close() {
    port?.close()
    port = nil
  }

  func run(_ context: ReaderContext) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: ReaderContext.bufferSize, alignment: 1)
    defer {
      buffer.deallocate()
      close()
    }
    while let open = port {
      let connected = DeviceState.connected(path: path, baud: open.rate)
      context.emit(connected)
      var watch = options.rehuntAfter.map { NMEAWatch(window: $0, now: MonotonicClock.now()) }
      let garbled: ((UnsafeRawBufferPointer, UInt64) -> Bool)? =
        baud == .auto && watch != nil
        ? { bytes, now in watch?.isGarbled(after: bytes, at: now) ?? false } : nil
      let end = context.pump(
        open.descriptor, buffer: buffer, connected: connected, path: path,
        silence: options.silenceTimeout, present: { [path] in access(path, F_OK) == 0 },
        garbled: garbled)
      close()
      if end == .stopped { return }
      if end == .garbled {
        // The receiver now speaks at another rate: hunt it, as at the start. While the hunt
        // fails the state stays `connected` at the old rate, unless the device goes away.
        port = context.reconnect(waiting: connected) { () throws(ReceiverError) in
          if access(path, F_OK) != 0 { context.emit(.unplugged(path: path)) }
          return try hunt()
        }
        continue
      }
      context.emit(.unplugged(path: path))
      guard options.reconnect else {
        context.emit(.ended)
        return
      }
      let rate = open.rate
      port = context.reconnect(waiting: .unplugged(path: path)) { () throws(ReceiverError) in
        try reopen(rate: rate)
      }
    }
  }

  /// Opens the device again, through its by-id link first (it may come back under another
  /// ttyUSB number), then through the path given.
  private func reopen(rate: Int) throws(ReceiverError) -> SerialPort {
    if let stableLink, stableLink != path {
      do {
        return try SerialPort.open(stableLink, rate: rate, procRoot: roots.proc)
      } catch  where error.code != .notFound {
        throw ReceiverError(code: error.code, path: path, errno: error.errno)
      } catch {}
    }
    return try SerialPort.open(path, rate: rate, procRoot: roots.proc)
  }
}
