import CLocateSys
import Glibc

/// An IPv4 or IPv6 socket address, as `getaddrinfo(3)` finds it or `accept(2)` and
/// `getsockname(2)` report it.
package struct SocketAddress: @unchecked Sendable {
  fileprivate var storage = sockaddr_storage()
  fileprivate var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
  /// The address family (`AF_INET`, `AF_INET6`).
  package var family: CInt { CInt(storage.ss_family) }
  /// The protocol `getaddrinfo(3)` gave with it (0 otherwise).
  package var socketProtocol: CInt = 0

  fileprivate init() {}

  /// The address as text, without brackets (`127.0.0.1`, `::1`), or `nil` for a family other
  /// than IPv4 and IPv6.
  ///
  /// The corresponding C function is `inet_ntop`.
  package var host: String? {
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    var copy = storage
    let ok = withUnsafeBytes(of: &copy) { raw -> Bool in
      switch family {
      case AF_INET:
        var address = raw.load(as: sockaddr_in.self)
        return inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count)) != nil
      case AF_INET6:
        var address = raw.load(as: sockaddr_in6.self)
        return inet_ntop(AF_INET6, &address.sin6_addr, &text, socklen_t(text.count)) != nil
      default:
        return false
      }
    }
    guard ok else { return nil }
    return String(
      decoding: text.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The port.
  package var port: UInt16 {
    var copy = storage
    return withUnsafeBytes(of: &copy) { raw in
      switch family {
      case AF_INET: return UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
      case AF_INET6: return UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port)
      default: return 0
      }
    }
  }

  /// Runs `body` with the C address and its length.
  /// Sets the port of an IPv4 or IPv6 address (another family is left as it is).
  package mutating func setPort(_ port: UInt16) {
    let family = self.family
    withUnsafeMutableBytes(of: &storage) { raw in
      switch family {
      case AF_INET:
        var address = raw.load(as: sockaddr_in.self)
        address.sin_port = port.bigEndian
        raw.storeBytes(of: address, as: sockaddr_in.self)
      case AF_INET6:
        var address = raw.load(as: sockaddr_in6.self)
        address.sin6_port = port.bigEndian
        raw.storeBytes(of: address, as: sockaddr_in6.self)
      default:
        break
      }
    }
  }

  fileprivate func withAddress<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
    var copy = storage
    return withUnsafePointer(to: &copy) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
    }
  }

  /// What a name lookup found.
  package enum Lookup: Sendable {
    /// The addresses, in the resolver's order of preference.
    case found([SocketAddress])
    /// Why nothing was found (`gai_strerror(3)`'s words).
    case failed(String)
  }

  /// The TCP addresses of `host`:`port` (any family); with `passive`, for listening
  /// (`AI_PASSIVE | AI_NUMERICSERV`).
  ///
  /// The corresponding C functions are `getaddrinfo`, `gai_strerror` and `freeaddrinfo`.
  package static func lookUp(host: String, port: UInt16, passive: Bool = false) -> Lookup {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = CInt(SOCK_STREAM.rawValue)
    if passive { hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV }
    var list: UnsafeMutablePointer<addrinfo>? = nil
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, list != nil else { return .failed(String(cString: gai_strerror(status))) }
    defer { freeaddrinfo(list) }
    var addresses: [SocketAddress] = []
    var entry = list
    while let info = entry?.pointee {
      entry = info.ai_next
      guard let source = info.ai_addr, Int(info.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size
      else { continue }
      var address = SocketAddress()
      address.length = info.ai_addrlen
      address.socketProtocol = info.ai_protocol
      withUnsafeMutableBytes(of: &address.storage) { target in
        target.copyMemory(
          from: UnsafeRawBufferPointer(start: source, count: Int(info.ai_addrlen)))
      }
      addresses.append(address)
    }
    return .found(addresses)
  }
}

extension FileDescriptor {
  /// A TCP socket for `address`'s family: close-on-exec and non-blocking.
  ///
  /// The corresponding C function is `socket`.
  package static func streamSocket(for address: SocketAddress) throws(Errno) -> FileDescriptor {
    let type = CInt(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue)
    return FileDescriptor(
      rawValue: try valueOrErrno { socket(address.family, type, address.socketProtocol) }.get())
  }

  /// Starts connecting to `address`; on a non-blocking socket, ``Errno/inProgress`` means wait
  /// for it to be writable, then ask ``pendingSocketError()``. Never retried on `EINTR` (the
  /// connection goes on: wait for it the same way).
  ///
  /// The corresponding C function is `connect`.
  package func connect(to address: SocketAddress) throws(Errno) {
    try address.withAddress { pointer, length in
      nothingOrErrno(retryOnInterrupt: false) { Glibc.connect(rawValue, pointer, length) }
    }.get()
  }

  /// The error a non-blocking connect ended with, or `nil` when it succeeded.
  ///
  /// The corresponding C call is `getsockopt(fd, SOL_SOCKET, SO_ERROR)`.
  package func pendingSocketError() throws(Errno) -> Errno? {
    var failure: CInt = 0
    var length = socklen_t(MemoryLayout<CInt>.size)
    try nothingOrErrno { getsockopt(rawValue, SOL_SOCKET, SO_ERROR, &failure, &length) }.get()
    return failure == 0 ? nil : Errno(rawValue: failure)
  }

  /// Binds the socket to `address`, letting a restart take it at once (`SO_REUSEADDR`: no
  /// waiting for the old connections' TIME_WAIT).
  ///
  /// The corresponding C functions are `setsockopt` and `bind`.
  package func bind(to address: SocketAddress) throws(Errno) {
    setOption(SOL_SOCKET, SO_REUSEADDR, 1)
    try address.withAddress { pointer, length in
      nothingOrErrno { Glibc.bind(rawValue, pointer, length) }
    }.get()
  }

  /// Listens for connections, `backlog` waiting at most.
  ///
  /// The corresponding C function is `listen`.
  package func listen(backlog: CInt) throws(Errno) {
    try nothingOrErrno { Glibc.listen(rawValue, backlog) }.get()
  }

  /// The address the socket is bound to.
  ///
  /// The corresponding C function is `getsockname`.
  package func localAddress() throws(Errno) -> SocketAddress {
    var address = SocketAddress()
    try withUnsafeMutablePointer(to: &address.storage) { pointer throws(Errno) in
      try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw throws(Errno) in
        try nothingOrErrno { getsockname(rawValue, raw, &address.length) }.get()
      }
    }
    return address
  }

  /// Accepts a waiting connection as a close-on-exec, non-blocking socket, with the peer's
  /// address; ``Errno/wouldBlock`` when none waits.
  ///
  /// The corresponding C function is `accept4` (through CLocateSys: Swift cannot see it).
  package func accept() throws(Errno) -> (FileDescriptor, SocketAddress) {
    var address = SocketAddress()
    let raw = try withUnsafeMutablePointer(to: &address.storage) { pointer throws(Errno) in
      try valueOrErrno { clocate_accept(rawValue, pointer, &address.length) }.get()
    }
    return (FileDescriptor(rawValue: raw), address)
  }

  /// Sends what the socket takes now, without waiting and without SIGPIPE (a closed peer is
  /// ``Errno/brokenPipe``); returns how many bytes went.
  ///
  /// The corresponding C call is `send` with `MSG_NOSIGNAL | MSG_DONTWAIT`.
  package func send(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
    try valueOrErrno {
      Glibc.send(rawValue, buffer.baseAddress, buffer.count, CInt(MSG_NOSIGNAL | MSG_DONTWAIT))
    }.get()
  }

  /// Sets a stream socket up for small messages sent at once: `TCP_NODELAY` (no waiting for
  /// Nagle's algorithm), and a send buffer of `sendBuffer` bytes (`SO_SNDBUF`). Failures are
  /// ignored (the defaults work, less well).
  ///
  /// The corresponding C function is `setsockopt`.
  package func configureForMessages(sendBuffer: Int) {
    setOption(CInt(IPPROTO_TCP), TCP_NODELAY, 1)
    setOption(SOL_SOCKET, SO_SNDBUF, CInt(clamping: sendBuffer))
  }

  private func setOption(_ level: CInt, _ name: CInt, _ value: CInt) {
    var value = value
    _ = setsockopt(rawValue, level, name, &value, socklen_t(MemoryLayout<CInt>.size))
  }
}
