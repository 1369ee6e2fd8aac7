import Platform

/// A PPS source of the kernel's RFC 2783 API: `/dev/ppsN`, whose assert edges the kernel
/// timestamps in its interrupt handler (`PPS_FETCH`) — the precise kind.
package final class KernelPPS: PPSSource, @unchecked Sendable {
  package let name: String
  private let descriptor: FileDescriptor
  private let state = Locked((closed: false, lastSequence: UInt32?.none))

  /// Opens `path` and asks it to capture assert edges.
  /// - Throws: ``TimeServiceError`` `notFound`, `permissionDenied`, `notPPS` (not a PPS
  ///   device, or it cannot capture assert edges).
  package init(path: String) throws(TimeServiceError) {
    name = path
    do {
      descriptor = try .open(path, .readWrite, options: [.nonBlocking])
    } catch {
      switch error {
      case .noSuchFile: throw TimeServiceError(.notFound, path, errno: error)
      case .accessDenied, .notPermitted:
        throw TimeServiceError(.permissionDenied(owner: 0, permissions: 0), path, errno: error)
      default: throw TimeServiceError(.system("open"), path, errno: error)
      }
    }
    do throws(Errno) {
      let capabilities = try descriptor.ppsCapabilities()
      guard capabilities & 0x01 != 0 else { throw Errno.invalidArgument }
      try descriptor.ppsCaptureAssert()
    } catch {
      descriptor.close()
      throw TimeServiceError(.notPPS, path, errno: error)
    }
  }

  deinit { close() }

  package func nextEdge(timeout: Double) throws(TimeServiceError) -> PPSEdge? {
    let fetched: (assert: (nanoseconds: Int64, sequence: UInt32), clear: (Int64, UInt32))
    do {
      fetched = try descriptor.ppsFetch(timeout: timeout)
    } catch {
      if error == .timedOut || error == .interrupted { return nil }
      throw TimeServiceError(.system("PPS_FETCH"), name, errno: error)
    }
    // PPS_FETCH also returns when a clear edge came: only a new assert edge is a pulse.
    let edge = fetched.assert
    let isNew = state.withLock { state -> Bool in
      defer { state.lastSequence = edge.sequence }
      return edge.sequence != 0 && edge.sequence != state.lastSequence
    }
    return isNew ? PPSEdge(system: edge.nanoseconds, sequence: edge.sequence) : nil
  }

  package func close() {
    let first = state.withLock { state -> Bool in
      defer { state.closed = true }
      return !state.closed
    }
    if first { descriptor.close() }
  }
}
