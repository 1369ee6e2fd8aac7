import Platform

/// A listening TCP socket: non-blocking and close-on-exec, bound with `SO_REUSEADDR` (a
/// restart need not wait for the old connections' TIME_WAIT), listening.
struct ListeningSocket {
  /// The socket.
  let descriptor: FileDescriptor
  /// The address bound, with the port the system chose when asked for port 0.
  let address: ListenAddress

  /// Resolves `address` and listens on its first result.
  static func open(_ address: ListenAddress, backlog: CInt = 64) throws(GPSDServerError)
    -> ListeningSocket
  {
    let shown = address.description
    let info: SocketAddress
    switch SocketAddress.lookUp(host: address.host, port: address.port, passive: true) {
    case .found(let found) where !found.isEmpty: info = found[0]
    case .found: throw GPSDServerError(code: .cannotResolve("no address"), address: shown)
    case .failed(let reason): throw GPSDServerError(code: .cannotResolve(reason), address: shown)
    }
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
