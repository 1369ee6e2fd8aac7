import Platform

/// Reads NMEA over TCP: a plain NMEA bridge (`tcp://HOST:PORT`), or a gpsd server relaying
/// its devices' raw NMEA (`gpsd://HOST:PORT`). Reconnects with backoff when the connection
/// drops, reporting ``DeviceState/unplugged(path:)`` meanwhile.
final class TCPDriver: SourceDriver, @unchecked Sendable {
  /// What the server speaks.
  enum ServerProtocol {
    /// NMEA as is.
    case raw
    /// gpsd's JSON protocol: watch with `"nmea":true`, keep only the NMEA lines.
    case gpsd
  }

  let host: String
  let port: UInt16
  let serverProtocol: ServerProtocol
  let options: ReceiverOptions
  private var descriptor: FileDescriptor?

  init(host: String, port: UInt16, protocol: ServerProtocol, options: ReceiverOptions) {
    self.host = host
    self.port = port
    self.serverProtocol = `protocol`
    self.options = options
  }

  /// `tcp://HOST:PORT` or `gpsd://HOST:PORT` (``ReceiverSource/name``).
  var url: String {
    let source: ReceiverSource =
      serverProtocol == .raw ? .tcp(host: host, port: port) : .gpsd(host: host, port: port)
    return source.name ?? ""
  }

  func open() throws(ReceiverError) {
    descriptor = try connect(deadline: options.openTimeout.map(SystemTime.deadline(after:)))
  }

  func close() {
    descriptor?.close()
    descriptor = nil
  }

  private func connect(deadline: Int64? = nil, stop: Waker? = nil) throws(ReceiverError)
    -> FileDescriptor
  {
    let fd = try TCPConnection.connect(
      host: host, port: port, url: url, deadline: deadline, stop: stop)
    if serverProtocol == .gpsd {
      let failure = GpsdRelayFilter.watchRequest.withUnsafeBytes { bytes -> Errno? in
        do throws(Errno) {
          try fd.writeAll(bytes)
          return nil
        } catch {
          return error
        }
      }
      if let failure {
        fd.close()
        throw ReceiverError(code: .io, path: url, errno: failure.rawValue)
      }
    }
    return fd
  }

  func run(_ context: ReaderContext) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: ReaderContext.bufferSize, alignment: 1)
    defer {
      buffer.deallocate()
      close()
    }
    let connected = DeviceState.connected(path: url, baud: nil)
    while let open = descriptor {
      context.emit(connected)
      let end: StreamEnd
      switch serverProtocol {
      case .raw:
        end = context.pump(
          open, buffer: buffer, connected: connected, path: url, silence: options.silenceTimeout)
      case .gpsd:
        var filter = GpsdRelayFilter()
        end = context.pump(
          open, buffer: buffer, connected: connected, path: url, silence: options.silenceTimeout,
          deliver: { chunk, time in filter.feed(chunk) { line in context.deliver(line, at: time) } }
        )
      }
      close()
      if end == .stopped { return }
      context.emit(.unplugged(path: url))
      guard options.reconnect else {
        context.emit(.ended)
        return
      }
      descriptor = context.reconnect(waiting: .unplugged(path: url)) { () throws(ReceiverError) in
        try connect(stop: context.waker)
      }
    }
  }
}
