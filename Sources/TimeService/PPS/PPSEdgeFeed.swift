import Platform

/// Edges given by hand: the seam through which tests (and nothing else) drive the pairing, the
/// segments and chrony's socket with pulses at chosen instants, on a machine without PPS
/// hardware.
package final class PPSEdgeFeed: PPSSource, @unchecked Sendable {
  package let name: String
  private let queue = Locked<(edges: [PPSEdge], closed: Bool)>(([], false))
  private let waker: Waker

  /// An empty feed named `name`.
  package init(name: String = "fed edges") throws(TimeServiceError) {
    self.name = name
    do {
      waker = try Waker()
    } catch {
      throw TimeServiceError(.system("pipe2"), name, errno: error)
    }
  }

  deinit { waker.close() }

  /// Queues an edge for the reader.
  package func feed(_ edge: PPSEdge) {
    queue.withLock { $0.edges.append(edge) }
    waker.wake()
  }

  package func nextEdge(timeout: Double) throws(TimeServiceError) -> PPSEdge? {
    if let edge = take() { return edge }
    _ = waker.sleep(timeout)
    waker.drain()
    return take()
  }

  private func take() -> PPSEdge? {
    queue.withLock { queue in queue.edges.isEmpty ? nil : queue.edges.removeFirst() }
  }

  package func close() {
    queue.withLock { $0.closed = true }
    waker.wake()
  }
}
