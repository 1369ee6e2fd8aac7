import Platform

/// A listening TCP socket: non-blocking and close-on-exec, bound with `SO_REUSEADDR` (a
/// restart need not wait for the old connections' TIME_WAIT), listening.
struct ListeningSocket {
  /// The socket.
  let descriptor: FileDescriptor
  /// The address bound, with the port the system chose when asked for port 0.
  let address: ListenAddress

  /// Resolves `address` and listens on every address it names, on one port; `localhost` is
  /// both loopbacks, 127.0.0.1 and ::1, as gpsd listens on both. Port 0 takes a
  /// free port for the first and the same one for the others. An address this machine does
  /// not have (`::1` without IPv6) is left out when another one works.
  static func openAll(_ address: ListenAddress, backlog: CInt = 64) throws(GPSDServerError)
    -> [ListeningSocket]
  {
    let shown = address.description
    var found: [SocketAddress] = []
    // `localhost` is the loopback of both families, as gpsd listens, whatever /etc/hosts
    // says of the name (Debian's may name 127.0.0.1 alone).
    let hosts = address.host.lowercased() == "localhost" ? ["127.0.0.1", "::1"] : [address.host]
    for host in hosts {
      switch SocketAddress.lookUp(host: host, port: address.port, passive: true) {
      case .found(let list): found += list
      case .failed(let reason) where hosts.count == 1:
        throw GPSDServerError(code: .cannotResolve(reason), address: shown)
      case .failed: break
      }
    }
    guard !found.isEmpty else {
      throw GPSDServerError(code: .cannotResolve("no address"), address: shown)
    }
    var seen = Set<String>()
    found = found.filter { seen.insert("\($0.family) \($0.host ?? "")").inserted }
    var attempts = 0
    while true {
      attempts += 1
      var sockets: [ListeningSocket] = []
      var skipped: GPSDServerError?
      do throws(GPSDServerError) {
        for info in found {
          var info = info
          // Port 0: the others on the port the first was given.
          if address.port == 0, let first = sockets.first { info.setPort(first.address.port) }
          do {
            sockets.append(try open(info, shown: shown, backlog: backlog))
          } catch
            where found.count > 1
            && (error.code == .addressNotAvailable || error.code == .system("socket"))
          {
            skipped = error
          }
        }
      } catch {
        for socket in sockets { socket.descriptor.close() }
        // The free port of the first was taken on another address: choose again.
        if address.port == 0, error.code == .addressInUse, attempts < 8 { continue }
        throw error
      }
      if sockets.isEmpty {
        throw skipped ?? GPSDServerError(code: .cannotResolve("no address"), address: shown)
      }
      return sockets
    }
  }

  /// Listens on one resolved address.
  private static func open(_ info: SocketAddress, shown: String, backlog: CInt)
    throws(GPSDServerError) -> ListeningSocket
  {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.streamSocket(for: info)
    } catch {
      throw GPSDServerError(code: .system("socket"), address: shown, errno: error.rawValue)
    }
    do throws(GPSDServerError) {
      do {
        try descriptor.bind(to: info)
        try descriptor.listen(backlog: backlog)
      } catch {
        throw Self.bindError(error, address: shown)
      }
      let bound: SocketAddress
      do {
        bound = try descriptor.localAddress()
      } catch {
        throw GPSDServerError(code: .system("getsockname"), address: shown, errno: error.rawValue)
      }
      guard let host = bound.host else {
        throw GPSDServerError(code: .system("getsockname"), address: shown)
      }
      return ListeningSocket(
        descriptor: descriptor, address: ListenAddress(host: host, port: bound.port))
    } catch {
      descriptor.close()
      throw error
    }
  }

  private static func bindError(_ error: Errno, address: String) -> GPSDServerError {
    switch error {
    case .addressInUse: return GPSDServerError(code: .addressInUse, address: address)
    case .addressNotAvailable: return GPSDServerError(code: .addressNotAvailable, address: address)
    case .accessDenied, .notPermitted:
      return GPSDServerError(code: .permissionDenied, address: address)
    default: return GPSDServerError(code: .system("bind"), address: address, errno: error.rawValue)
    }
  }

  /// Accepts one waiting connection (non-blocking, close-on-exec): the new socket and the
  /// peer's address as text, or nil when none is waiting.
  func accept() throws(Errno) -> (FileDescriptor, String)? {
    do {
      let (socket, peer) = try descriptor.accept()
      let shown = peer.host.map { "\(ListenAddress(host: $0, port: peer.port))" }
      return (socket, shown ?? "?")
    } catch  where error == .wouldBlock || error == .connectionAborted {
      return nil
    }
  }
}
