import Platform

/// Standard output, written through `write(2)` with a buffer: a reader that went away (EPIPE,
/// `locate … | head`) ends the program quietly with status 0; any other failure (ENOSPC on
/// `/dev/full`, EBADF when stdout is closed) is an output error, exit 74.
final class OutputSink: Sendable {
  private struct State {
    var buffer: [UInt8] = []
    var failure: LocateError?
  }

  private let descriptor: FileDescriptor
  private let state = Locked(State())
  /// Buffered bytes beyond which `write` flushes by itself.
  private let limit = 64 * 1024

  /// Writes to `descriptor` (1 for standard output); `closed` when it was not open at start
  /// (every write then fails with EBADF, exit 74).
  init(descriptor: FileDescriptor, closed: Bool = false) {
    self.descriptor = descriptor
    if closed { state.withLock { $0.failure = Self.outputError(.badFileDescriptor) } }
  }

  /// Appends text; flushes when the buffer is large.
  func write(_ text: String) throws(LocateError) {
    try write(bytes: text.utf8)
  }

  /// Appends UTF-8 bytes as they are (formats that build bytes need no `String` in between);
  /// flushes when the buffer is large.
  func write(bytes: some Collection<UInt8>) throws(LocateError) {
    let full = state.withLock { state in
      state.buffer.append(contentsOf: bytes)
      return state.buffer.count >= limit
    }
    if full { try flush() }
  }

  /// Writes out everything buffered.
  func flush() throws(LocateError) {
    let result: Result<Void, LocateError> = state.withLock { state in
      if let failure = state.failure {
        return state.buffer.isEmpty ? .success(()) : .failure(failure)
      }
      guard !state.buffer.isEmpty else { return .success(()) }
      let error = Self.writeAll(descriptor, state.buffer)
      state.buffer.removeAll(keepingCapacity: true)
      if let error {
        state.failure = error
        return .failure(error)
      }
      return .success(())
    }
    try result.get()
  }

  /// Writes `text` to standard output at once, without a sink: what `--version` and `--help`
  /// print, before anything else runs (no lock, no buffer). Fails as ``flush()`` does; `closed`
  /// when standard output was not open at start.
  static func writeOnce(_ text: String, closed: Bool) throws(LocateError) {
    if closed { throw outputError(.badFileDescriptor) }
    if let error = writeAll(.standardOutput, Array(text.utf8)) { throw error }
  }

  /// `write(2)` until every byte is out, retrying on EINTR and waiting out EAGAIN.
  private static func writeAll(_ descriptor: FileDescriptor, _ bytes: [UInt8]) -> LocateError? {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(Errno) in try descriptor.writeAll(raw) }
    }
    guard case .failure(let error) = result else { return nil }
    return error == .brokenPipe ? .quiet(.ok) : outputError(error)
  }

  /// The one-line error for a failed write to standard output.
  static func outputError(_ error: Errno) -> LocateError {
    let why = error.description
    let remedy: String
    switch error {
    case .noSpace, .diskQuotaExceeded: remedy = "free some space, or write somewhere else"
    case .badFileDescriptor: remedy = "standard output is closed: redirect it to a file or a pipe"
    default: remedy = "check where the output goes"
    }
    return LocateError(.ioError, "writing standard output", why, remedy: remedy)
  }
}
