import CLocateSys
import Glibc
import Receivers

/// A listening TCP socket: `socket(2)` (non-blocking, close-on-exec), `SO_REUSEADDR` (a restart
/// need not wait for the old connections' TIME_WAIT), `bind(2)` and `listen(2)`.
struct ListeningSocket {
  /// The socket.
  let descriptor: FileDescriptor
  /// The address bound, with the port the system chose when asked for port 0.
  let address: ListenAddress

  /// Resolves `address` with `getaddrinfo(3)` and listens on its first result.
  static func open(_ address: ListenAddress, backlog: CInt = 64) throws(GPSDServerError)
    -> ListeningSocket
  {
    let shown = address.description
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = CInt(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>? = nil
    let status = getaddrinfo(address.host, String(address.port), &hints, &list)
    guard status == 0, let info = list?.pointee else {
      throw GPSDServerError(
        code: .cannotResolve(String(cString: gai_strerror(status))), address: shown)
    }
    defer { freeaddrinfo(list) }
    let type = CInt(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue)
    let descriptor: FileDescriptor
    switch valueOrErrno({ socket(info.ai_family, type, info.ai_protocol) }) {
    case .success(let raw): descriptor = FileDescriptor(rawValue: raw)
    case .failure(let error):
      throw GPSDServerError(code: .system("socket"), address: shown, errno: error.rawValue)
    }
    do throws(GPSDServerError) {
      var yes: CInt = 1
      _ = setsockopt(
        descriptor.rawValue, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<CInt>.size))
      if case .failure(let error) = nothingOrErrno({
        bind(descriptor.rawValue, info.ai_addr, info.ai_addrlen)
      }) {
        throw Self.bindError(error, address: shown)
      }
      if case .failure(let error) = nothingOrErrno({ listen(descriptor.rawValue, backlog) }) {
        throw Self.bindError(error, address: shown)
      }
      guard let bound = SocketAddress.local(of: descriptor) else {
        throw GPSDServerError(code: .system("getsockname"), address: shown, errno: Glibc.errno)
      }
      return ListeningSocket(
        descriptor: descriptor, address: ListenAddress(host: bound.host, port: bound.port))
    } catch {
      descriptor.close()
      throw error
    }
  }

  private static func bindError(_ error: Errno, address: String) -> GPSDServerError {
    switch error.rawValue {
    case EADDRINUSE: return GPSDServerError(code: .addressInUse, address: address)
    case EADDRNOTAVAIL: return GPSDServerError(code: .addressNotAvailable, address: address)
    case EACCES, EPERM: return GPSDServerError(code: .permissionDenied, address: address)
    default: return GPSDServerError(code: .system("bind"), address: address, errno: error.rawValue)
    }
  }

  /// Accepts one waiting connection with `accept4(2)` (non-blocking, close-on-exec; through
  /// CLocateSys, as Swift cannot see it): the new
  /// socket and the peer's address as text, or nil when none is waiting.
  func accept() throws(Errno) -> (FileDescriptor, String)? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let result = withUnsafeMutablePointer(to: &storage) { address in
      valueOrErrno { clocate_accept(descriptor.rawValue, address, &length) }
    }
    switch result {
    case .success(let raw):
      let peer = SocketAddress(storage).map { "\(ListenAddress(host: $0.host, port: $0.port))" }
      return (FileDescriptor(rawValue: raw), peer ?? "?")
    case .failure(let error) where error == .wouldBlock:
      return nil
    case .failure(let error) where error.rawValue == ECONNABORTED:
      return nil
    case .failure(let error):
      throw error
    }
  }
}

/// An IPv4 or IPv6 socket address as text and port (`inet_ntop(3)`).
struct SocketAddress {
  /// The address, without brackets.
  var host: String
  /// The port.
  var port: UInt16

  /// Reads a `sockaddr_in` or `sockaddr_in6`; nil for other families.
  init?(_ storage: sockaddr_storage) {
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    var copy = storage
    let parsed: (String, UInt16)? = withUnsafeBytes(of: &copy) { raw in
      switch CInt(storage.ss_family) {
      case AF_INET:
        var address = raw.load(as: sockaddr_in.self)
        guard inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count)) != nil else {
          return nil
        }
        return (Self.text(text), UInt16(bigEndian: address.sin_port))
      case AF_INET6:
        var address = raw.load(as: sockaddr_in6.self)
        guard inet_ntop(AF_INET6, &address.sin6_addr, &text, socklen_t(text.count)) != nil else {
          return nil
        }
        return (Self.text(text), UInt16(bigEndian: address.sin6_port))
      default:
        return nil
      }
    }
    guard let parsed else { return nil }
    (host, port) = parsed
  }

  /// A NUL-terminated C string in `buffer` as a `String`.
  private static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The local address of a socket (`getsockname(2)`).
  static func local(of descriptor: FileDescriptor) -> SocketAddress? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let status = withUnsafeMutablePointer(to: &storage) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor.rawValue, $0, &length)
      }
    }
    return status == 0 ? SocketAddress(storage) : nil
  }
}
