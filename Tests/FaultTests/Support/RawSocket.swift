import Glibc

/// A TCP connection to an IPv4 address of this machine, by plain system calls: for clients
/// that misbehave on purpose (connect and drop, send garbage, never read).
struct RawSocket {
  let descriptor: Int32

  /// Connects to `127.0.0.1`-style `host` and `port`; `receiveBuffer` shrinks `SO_RCVBUF`
  /// first (a client that never reads then fills it, and the server's queue, fast).
  init(host: String, port: UInt16, receiveBuffer: Int32? = nil) throws {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
      throw TestFailure("not an IPv4 address: \(host)")
    }
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw TestFailure("socket: \(errno)") }
    if var size = receiveBuffer {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard status == 0 else {
      let failure = errno
      Glibc.close(descriptor)
      throw TestFailure("connect \(host):\(port): \(String(cString: strerror(failure)))")
    }
  }

  /// Sends all of `bytes`, unless the connection fails first (a server that closed it is the
  /// point of some tests).
  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return }
      offset += count
    }
  }

  /// Closes it.
  func close() { Glibc.close(descriptor) }
}
