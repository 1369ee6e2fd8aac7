import Glibc

/// Replays a capture file, as fast as it can be read or paced by the capture's own clock, then
/// reports ``DeviceState/ended``.
final class FileDriver: SourceDriver, @unchecked Sendable {
  let path: String
  let pacing: Pacing
  private var descriptor: FileDescriptor?

  init(path: String, pacing: Pacing) {
    self.path = path
    self.pacing = pacing
  }

  func open() throws(ReceiverError) {
    if case .realtime(let speed) = pacing, !(speed > 0 && speed.isFinite) {
      throw ReceiverError(
        code: .invalidSource("replay speed must be a positive number, not \(speed)"), path: path)
    }
    do {
      descriptor = try FileDescriptor.open(path, O_RDONLY)
    } catch {
      throw DeviceAccess.error(for: error, path: path)
    }
  }

  func close() {
    descriptor?.close()
    descriptor = nil
  }

  func run(_ context: ReaderContext) {
    guard let descriptor else { return }
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: ReaderContext.bufferSize * 4, alignment: 1)
    defer {
      buffer.deallocate()
      close()
    }
    context.emit(.connected(path: path, baud: nil))
    let finished: Bool
    switch pacing {
    case .asFastAsPossible:
      finished = copyAll(descriptor, buffer: buffer, context: context)
    case .realtime(let speed):
      finished = replayPaced(descriptor, speed: speed, buffer: buffer, context: context)
    }
    if finished { context.emit(.ended) }
  }

  /// Delivers the file chunk by chunk; `false` when stopped.
  private func copyAll(
    _ descriptor: FileDescriptor, buffer: UnsafeMutableRawBufferPointer, context: ReaderContext
  ) -> Bool {
    while !context.isStopping {
      guard let count = readChunk(descriptor, buffer: buffer, context: context) else { return true }
      context.deliver(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), at: MonotonicClock.now())
    }
    return false
  }

  /// Delivers the file epoch by epoch, each when its capture time (divided by `speed`) has
  /// passed since the first; `false` when stopped.
  private func replayPaced(
    _ descriptor: FileDescriptor, speed: Double, buffer: UnsafeMutableRawBufferPointer,
    context: ReaderContext
  ) -> Bool {
    var segmenter = CaptureSegmenter()
    let start = MonotonicClock.now()
    var stopped = false
    let emit: (UnsafeRawBufferPointer, Double) -> Void = { bytes, offset in
      guard !stopped else { return }
      let wait = offset / speed - MonotonicClock.seconds(since: start)
      if wait > 0 && !context.pause(wait) {
        stopped = true
        return
      }
      context.deliver(bytes, at: MonotonicClock.now())
    }
    while !stopped {
      guard let count = readChunk(descriptor, buffer: buffer, context: context) else {
        segmenter.finish(emit)
        return !stopped
      }
      segmenter.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), emit)
      stopped = stopped || context.isStopping
    }
    return false
  }

  /// Reads the next chunk: its size, or `nil` at the end of the file (or on a read error,
  /// which ends the replay like the end of the file).
  private func readChunk(
    _ descriptor: FileDescriptor, buffer: UnsafeMutableRawBufferPointer, context: ReaderContext
  ) -> Int? {
    guard let count = try? descriptor.read(into: buffer), count > 0 else { return nil }
    return count
  }
}
