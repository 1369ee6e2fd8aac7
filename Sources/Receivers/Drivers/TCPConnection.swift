import Platform

/// Opening a TCP connection: name lookup, then a non-blocking connect to each address in turn,
/// waiting at most `timeout` seconds for each, never past `deadline` (a ``SystemTime`` value), and
/// giving up at once when `stop` is signalled.
package enum TCPConnection {
  /// Connects to `host`:`port`; `url` names the source in errors (`ETIMEDOUT` past the
  /// deadline, `ECANCELED` on stop).
  package static func connect(
    host: String, port: UInt16, url: String, timeout: Double = 5, deadline: Int64? = nil,
    stop: Waker? = nil
  ) throws(ReceiverError) -> FileDescriptor {
    let addresses: [SocketAddress]
    switch SocketAddress.lookUp(host: host, port: port) {
    case .found(let found): addresses = found
    case .failed(let reason):
      throw ReceiverError(
        code: .invalidSource("cannot resolve host '\(host)': \(reason)"), path: url)
    }
    var lastError = Errno.connectionRefused
    for address in addresses {
      var limit = SystemTime.deadline(after: timeout)
      if let deadline { limit = min(limit, deadline) }
      do {
        return try connect(address, until: limit, stop: stop)
      } catch {
        lastError = error
        if error == .timedOut && limit == deadline { break }
        if error == .canceled { break }
      }
    }
    throw ReceiverError(code: .io, path: url, errno: lastError.rawValue)
  }

  /// A socket connected to one address, waiting until `limit` at most.
  private static func connect(_ address: SocketAddress, until limit: Int64, stop: Waker?)
    throws(Errno) -> FileDescriptor
  {
    let fd = try FileDescriptor.streamSocket(for: address)
    do throws(Errno) {
      do {
        try fd.connect(to: address)
        return fd
      } catch  where error == .inProgress || error == .interrupted {}
      var ready = PollEvents()
      while ready.isEmpty {
        let millis = SystemTime.milliseconds(until: limit)
        if millis == 0 { throw Errno.timedOut }
        // In slices of 100 ms, so a stop is seen at once (the stop pipe polls for input).
        if stop?.isSignalled == true { throw Errno.canceled }
        ready = try poll(fd, for: .output, milliseconds: stop == nil ? millis : min(millis, 100))
      }
      if let failure = try fd.pendingSocketError() { throw failure }
      return fd
    } catch {
      fd.close()
      throw error
    }
  }
}
