import Foundation
import Glibc
import Platform

/// A TCP client for the tests: connects with plain system calls, sends text, and reads lines
/// (CR LF kept) with a generous timeout.
final class TestClient {
  let descriptor: Int32
  private var pending: [UInt8] = []
  private(set) var closedByServer = false

  /// Connects to `host`:`port`; `receiveBuffer` shrinks `SO_RCVBUF` first (a client that never
  /// reads then fills up fast).
  init(host: String = "127.0.0.1", port: UInt16, receiveBuffer: Int32? = nil) throws {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list?.pointee else {
      throw ClientFailure("cannot resolve \(host)")
    }
    defer { freeaddrinfo(list) }
    descriptor = socket(info.ai_family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw ClientFailure("socket: \(errno)") }
    if var size = receiveBuffer {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    guard connect(descriptor, info.ai_addr, info.ai_addrlen) == 0 else {
      // Not closed here: the object is whole, so its deinit runs and closes it (a second
      // close could hit a descriptor another test opened meanwhile).
      throw ClientFailure("connect \(host):\(port): \(errno)")
    }
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Sends `text` as it is.
  func send(_ text: String) {
    send(Array(text.utf8))
  }

  /// Sends bytes as they are.
  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      if count <= 0 { return }
      offset += count
    }
  }

  /// Closes the sending side (`shutdown(SHUT_WR)`): the server reads the end of the input.
  func finishSending() { shutdown(descriptor, Int32(SHUT_WR)) }

  /// The next line (with its CR LF), waiting up to `timeout` seconds; nil at the end or on a
  /// timeout.
  func line(timeout: Double = 30) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let end = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[...end], as: UTF8.self)
        pending.removeFirst(end + 1)
        return line
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0, !closedByServer else { return nil }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 65536)
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 {
        closedByServer = true
      } else {
        pending += buffer[0..<count]
      }
    }
  }

  /// The next `count` lines (fewer at the end or on a timeout).
  func lines(_ count: Int, timeout: Double = 30) -> [String] {
    var lines: [String] = []
    while lines.count < count, let line = line(timeout: timeout) { lines.append(line) }
    return lines
  }

  /// Lines until one contains `text` (that one included); nil if it never comes.
  func lines(until text: String, timeout: Double = 30) -> [String]? {
    var lines: [String] = []
    while let line = line(timeout: timeout) {
      lines.append(line)
      if line.contains(text) { return lines }
    }
    return nil
  }

  /// Waits until the server closes the connection (reading and discarding); whether it did.
  func waitForClose(timeout: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !closedByServer && Date() < deadline { _ = line(timeout: 0.2) }
    return closedByServer
  }
}

/// A failure of the test client.
struct ClientFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
