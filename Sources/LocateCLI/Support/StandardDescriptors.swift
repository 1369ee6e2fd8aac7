import Platform

/// Standard input, output and error when the caller closed them (`locate … >&-`).
enum StandardDescriptors {
  /// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed, so no file or pty
  /// opened later takes its number (and receives output meant for the terminal); returns the
  /// ones that were closed.
  static func occupyClosed() -> Set<Int32> {
    recorded.withLock { recorded in
      if let recorded { return recorded }
      let closed = claim()
      recorded = closed
      return closed
    }
  }

  /// What the first ``occupyClosed()`` found.
  private static let recorded = Locked<Set<Int32>?>(nil)

  private static func claim() -> Set<Int32> {
    let standard: [FileDescriptor] = [.standardInput, .standardOutput, .standardError]
    let closed = standard.filter { !$0.isOpen }
    for descriptor in closed {
      let mode: FileDescriptor.AccessMode = descriptor == .standardInput ? .readOnly : .writeOnly
      guard let opened = try? FileDescriptor.open("/dev/null", mode) else { continue }
      if opened != descriptor {
        try? opened.duplicate(as: descriptor)
        opened.close()
      }
    }
    return Set(closed.map(\.rawValue))
  }
}
