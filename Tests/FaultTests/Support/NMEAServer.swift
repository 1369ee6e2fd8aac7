import Foundation
import Glibc
import Platform

/// A local NMEA-over-TCP server the test controls: it accepts one client and sends
/// ``SentenceStream`` epochs — as fast as the client takes them (a flood), or an exact number —
/// counting what it sent, and can say how much of it the client has not read yet (the two
/// sockets' queues in /proc/net/tcp). As a gpsd it first reads the client's `?WATCH` and then
/// relays the same NMEA lines.
final class NMEAServer: @unchecked Sendable {
  /// What to send once a client connects.
  enum Plan {
    /// Epochs until the server is stopped.
    case flood
    /// This many epochs, then nothing (the connection stays open).
    case epochs(Int)
  }

  /// The listening port on 127.0.0.1.
  let port: UInt16
  /// Whether to read a gpsd `?WATCH` before sending.
  let gpsd: Bool
  /// Whether epochs are RMC and GGA alone (else with GSA and GSVs).
  let dense: Bool
  private let listener: Int32
  private let state = Locked<State>(State())
  private var thread: Thread?

  private struct State {
    var client: Int32 = -1
    var clientPort: UInt16 = 0
    var bytesSent = 0
    var epochsSent = 0
    var finished = false
    var stopped = false
  }

  /// Bytes of one epoch (every epoch of a ``SentenceStream`` is as long).
  static func epochBytes(dense: Bool = false) -> Int {
    var stream = SentenceStream(satellites: !dense)
    var bytes: [UInt8] = []
    stream.append(1, to: &bytes)
    return bytes.count
  }

  /// Bytes of one of this server's epochs.
  var epochBytes: Int { Self.epochBytes(dense: dense) }

  /// Starts listening, and serving `plan` on another thread; `dense`: RMC and GGA only.
  init(plan: Plan, gpsd: Bool = false, dense: Bool = false) throws {
    self.gpsd = gpsd
    self.dense = dense
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw TestFailure("socket: \(errno)") }
    self.listener = listener
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 1) == 0 else {
      close(listener)
      throw TestFailure("bind: \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener, $0, &length)
      }
    }
    port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in serve(plan) }
    self.thread = thread
    thread.start()
  }

  deinit { stop() }

  /// `tcp://127.0.0.1:PORT`, or `gpsd://…` as a gpsd.
  var url: String { (gpsd ? "gpsd" : "tcp") + "://127.0.0.1:\(port)" }

  /// Bytes and whole epochs written to the socket so far.
  var sent: (bytes: Int, epochs: Int) { state.withLock { ($0.bytesSent, $0.epochsSent) } }

  /// Whether the plan's epochs are all written (never, for a flood).
  var finished: Bool { state.withLock { $0.finished } }

  /// Stops sending and closes everything.
  func stop() {
    let (first, client) = state.withLock { state -> (Bool, Int32) in
      defer {
        state.stopped = true
        state.client = -1
      }
      return (!state.stopped, state.client)
    }
    guard first else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    if client >= 0 {
      shutdown(client, Int32(SHUT_RDWR))
      close(client)
    }
  }

  /// Bytes written that the client has not read: the server socket's send queue
  /// (`SIOCOUTQ`) plus the client socket's receive queue (/proc/net/tcp); nil before a client
  /// connected.
  var unread: Int? {
    // A socket may be missing from one reading while the table changes: read again.
    for _ in 0..<20 {
      if let unread = queues() { return unread }
      usleep(5000)
    }
    return nil
  }

  private func queues() -> Int? {
    let (client, clientPort) = state.withLock { ($0.client, $0.clientPort) }
    guard client >= 0, clientPort != 0 else { return nil }
    var unsent: Int32 = 0
    guard ioctl(client, UInt(TIOCOUTQ), &unsent) == 0, let data = Self.readAll("/proc/net/tcp")
    else { return nil }
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
      let fields = line.split(separator: " ")
      guard fields.count > 4 else { continue }
      let local = fields[1].split(separator: ":")
      let remote = fields[2].split(separator: ":")
      let queues = fields[4].split(separator: ":")
      guard local.count == 2, remote.count == 2, queues.count == 2,
        UInt16(local[1], radix: 16) == clientPort, UInt16(remote[1], radix: 16) == port,
        let received = Int(queues[1], radix: 16)
      else { continue }
      return Int(unsent) + received
    }
    return nil
  }

  /// A /proc file read to its end (Foundation stops after the first page of a file whose size
  /// reads as 0: sockets beyond it were missing).
  static func readAll(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return count == 0 ? bytes : nil }
      bytes += buffer[0..<count]
    }
  }

  private func serve(_ plan: Plan) {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let client = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
    }
    guard client >= 0 else { return }
    let stopped = state.withLock { state -> Bool in
      state.client = client
      state.clientPort = UInt16(bigEndian: address.sin_port)
      return state.stopped
    }
    if stopped { return }
    if gpsd {
      var request = [UInt8](repeating: 0, count: 512)
      _ = read(client, &request, request.count)
    }
    var stream = SentenceStream(satellites: !dense)
    let epochBytes = self.epochBytes
    var chunk: [UInt8] = []
    var left: Int? = nil
    if case .epochs(let count) = plan { left = count }
    while left.map({ $0 > 0 }) ?? true {
      let batch = min(left ?? 64, 64)
      chunk.removeAll(keepingCapacity: true)
      stream.append(batch, to: &chunk)
      var offset = 0
      while offset < chunk.count {
        let count = chunk.withUnsafeBytes {
          send(client, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
        }
        if count <= 0 {
          if count < 0 && errno == EINTR { continue }
          return
        }
        offset += count
        state.withLock { state in
          state.bytesSent += count
          state.epochsSent = state.bytesSent / epochBytes
        }
      }
      if let count = left { left = count - batch }
    }
    state.withLock { $0.finished = true }
  }
}
