import Glibc
import Platform
import Synchronization

@testable import Receivers

/// A local TCP listener for source tests: each accepted connection is handed to `serve`, on
/// the server's own thread, one after the other.
final class TCPServer: Sendable {
  let listener: FileDescriptor
  let port: UInt16
  private let thread = Locked<JoinableThread?>(nil)
  private let stopped = Atomic<Bool>(false)

  /// Listens on 127.0.0.1 at a free port.
  init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw Errno.current }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    guard bound == 0, listen(fd, 4) == 0 else { throw Errno.current }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    listener = FileDescriptor(rawValue: fd)
    port = UInt16(bigEndian: address.sin_port)
  }

  /// Serves `connections` connections, one at a time, with `serve(connectionNumber, fd)`; the
  /// connection is closed when `serve` returns.
  func start(connections: Int, _ serve: @escaping @Sendable (Int, FileDescriptor) -> Void) throws {
    let listener = self.listener
    let made = try JoinableThread(name: "test-tcp-server") { [self] in
      for number in 0..<connections {
        while !stopped.load(ordering: .relaxed) {
          let ready = try? poll(listener, for: .input, milliseconds: 100)
          if ready?.contains(.input) == true { break }
        }
        if stopped.load(ordering: .relaxed) { return }
        let client = accept(listener.rawValue, nil, nil)
        guard client >= 0 else { return }
        let connection = FileDescriptor(rawValue: client)
        serve(number, connection)
        connection.close()
      }
    }
    thread.withLock { $0 = made }
  }

  /// Stops serving and closes the listener.
  func stop() {
    stopped.store(true, ordering: .relaxed)
    thread.withLock { $0?.join() }
    listener.close()
  }
}

extension FileDescriptor {
  /// Writes a string whole.
  func send(_ text: String) {
    _ = Array(text.utf8).withUnsafeBytes { try? writeAll($0) }
  }

  /// Reads what arrives within `seconds` (for servers checking a request).
  func receive(for seconds: Double) -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1024)
    let deadline = SystemTime.deadline(after: seconds)
    while SystemTime.now() < deadline {
      let millis = SystemTime.milliseconds(until: deadline)
      guard let ready = try? poll(self, for: .input, milliseconds: millis), ready.contains(.input)
      else { continue }
      let count = buffer.withUnsafeMutableBytes { (try? read(into: $0)) ?? 0 }
      if count <= 0 { break }
      bytes += buffer[0..<count]
      if bytes.contains(0x0A) { break }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
