import Platform

/// Reads standard input (a pipe, a file or a terminal) until it ends, then reports
/// ``DeviceState/ended``. Reads a duplicate of descriptor 0, so stopping never closes the
/// process's standard input.
final class StandardInputDriver: SourceDriver, @unchecked Sendable {
  /// The path used in states and errors.
  static let path = ReceiverSource.standardInputName
  private var descriptor: FileDescriptor?
  private let source: FileDescriptor

  init(source: FileDescriptor = .standardInput) {
    self.source = source
  }

  func open() throws(ReceiverError) {
    do {
      descriptor = try source.duplicate()
    } catch {
      throw ReceiverError(code: .io, path: Self.path, errno: error.rawValue)
    }
  }

  func close() {
    descriptor?.close()
    descriptor = nil
  }

  func run(_ context: ReaderContext) {
    guard let descriptor else { return }
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: ReaderContext.bufferSize, alignment: 1)
    defer {
      buffer.deallocate()
      close()
    }
    let connected = DeviceState.connected(path: Self.path, baud: nil)
    context.emit(connected)
    let end = context.pump(
      descriptor, buffer: buffer, connected: connected, path: Self.path, silence: nil)
    if end != .stopped { context.emit(.ended) }
  }
}
