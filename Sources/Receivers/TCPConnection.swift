import Glibc

/// Opening a TCP connection: name lookup with `getaddrinfo(3)`, then a non-blocking
/// `connect(2)` to each address in turn, waiting at most `timeout` seconds for each, never past
/// `deadline` (a ``MonotonicClock`` value), and giving up at once when `stop` is signalled.
package enum TCPConnection {
  /// Connects to `host`:`port`; `url` names the source in errors (`ETIMEDOUT` past the
  /// deadline, `ECANCELED` on stop).
  package static func connect(
    host: String, port: UInt16, url: String, timeout: Double = 5, deadline: UInt64? = nil,
    stop: Waker? = nil
  ) throws(ReceiverError) -> FileDescriptor {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>? = nil
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      let reason = String(cString: gai_strerror(status))
      throw ReceiverError(
        code: .invalidSource("cannot resolve host '\(host)': \(reason)"), path: url)
    }
    defer { freeaddrinfo(list) }
    var lastError = Errno(rawValue: ECONNREFUSED)
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      entry = info.pointee.ai_next
      var limit = MonotonicClock.deadline(after: timeout)
      if let deadline { limit = min(limit, deadline) }
      do {
        return try connect(info.pointee, until: limit, stop: stop)
      } catch {
        lastError = error
        if error == .timedOut && limit == deadline { break }
        if error.rawValue == ECANCELED { break }
      }
    }
    throw ReceiverError(code: .io, path: url, errno: lastError.rawValue)
  }

  /// `socket(2)` (close-on-exec, non-blocking) and `connect(2)` to one address, waiting until
  /// `limit` at most.
  private static func connect(_ info: addrinfo, until limit: UInt64, stop: Waker?)
    throws(Errno) -> FileDescriptor
  {
    let type =
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
      | Int32(SOCK_NONBLOCK.rawValue)
    let fd = FileDescriptor(
      rawValue: try valueOrErrno { socket(info.ai_family, type, info.ai_protocol) }.get())
    do throws(Errno) {
      switch valueOrErrno(
        retryOnInterrupt: false, { Glibc.connect(fd.rawValue, info.ai_addr, info.ai_addrlen) })
      {
      case .success: return fd
      case .failure(let error) where error == .inProgress || error == .interrupted: break
      case .failure(let error): throw error
      }
      var ready = PollEvents()
      while ready.isEmpty {
        let millis = MonotonicClock.milliseconds(until: limit)
        if millis == 0 { throw Errno.timedOut }
        // In slices of 100 ms, so a stop is seen at once (the stop pipe polls for input).
        if stop?.isSignalled == true { throw Errno(rawValue: ECANCELED) }
        ready = try poll(fd, for: .output, milliseconds: stop == nil ? millis : min(millis, 100))
      }
      var failure: CInt = 0
      var length = socklen_t(MemoryLayout<CInt>.size)
      try nothingOrErrno { getsockopt(fd.rawValue, SOL_SOCKET, SO_ERROR, &failure, &length) }.get()
      if failure != 0 { throw Errno(rawValue: failure) }
      return fd
    } catch {
      fd.close()
      throw error
    }
  }
}
