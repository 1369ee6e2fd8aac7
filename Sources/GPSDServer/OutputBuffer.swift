import Platform

/// A client's unsent output, at most `limit` bytes: what the socket did not take yet. Appending
/// beyond the limit fails, and the server drops the client (a stalled or too slow reader never
/// holds the server or the others back, and never grows memory).
struct OutputBuffer {
  /// The most bytes held.
  let limit: Int
  private var bytes: [UInt8] = []
  private var start = 0

  /// An empty buffer.
  init(limit: Int) { self.limit = limit }

  /// Bytes waiting.
  var count: Int { bytes.count - start }

  /// Whether nothing waits.
  var isEmpty: Bool { start == bytes.count }

  /// Queues `chunk`; false (and nothing queued) when it would pass the limit.
  mutating func append(_ chunk: [UInt8]) -> Bool {
    guard count + chunk.count <= limit else { return false }
    if start > 0 && start >= bytes.count / 2 {
      bytes.removeFirst(start)
      start = 0
    }
    bytes.append(contentsOf: chunk)
    return true
  }

  /// Sends what the socket takes now (`send(2)`, non-blocking, `MSG_NOSIGNAL`: a closed peer is
  /// an error, never a SIGPIPE); true when everything went.
  mutating func send(to descriptor: FileDescriptor) throws(Errno) -> Bool {
    while !isEmpty {
      let result = bytes.withUnsafeBytes { raw in
        Result { () throws(Errno) in
          try descriptor.send(UnsafeRawBufferPointer(rebasing: raw[start...]))
        }
      }
      switch result {
      case .success(let sent):
        start += sent
      case .failure(let error) where error == .wouldBlock: return false
      case .failure(let error): throw error
      }
    }
    // All sent: give back a buffer a burst made large.
    if bytes.capacity > 65_536 { bytes = [] } else { bytes.removeAll(keepingCapacity: true) }
    start = 0
    return true
  }
}
