import Platform

/// Replays a capture file, as fast as it can be read or paced by the capture's own clock, then
/// reports ``DeviceState/ended``. Opening never blocks (a FIFO is opened with `O_NONBLOCK`, so
/// one without a writer does not hang `open(2)`); every read waits with `poll(2)` beside the
/// stop signal, so a FIFO or a pipe that stays quiet never holds up a stop or a deadline.
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
      descriptor = try FileDescriptor.open(path, .readOnly, options: .nonBlocking)
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
      byteCount: ReaderContext.fileChunkSize, alignment: 1)
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
      context.deliver(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), at: SystemTime.now())
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
    let start = SystemTime.now()
    var stopped = false
    let emit: (UnsafeRawBufferPointer, Double) -> Void = { bytes, offset in
      guard !stopped else { return }
      let wait = offset / speed - SystemTime.seconds(since: start)
      if wait > 0 && !context.pause(wait) {
        stopped = true
        return
      }
      context.deliver(bytes, at: SystemTime.now())
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

  /// Reads the next chunk once there is one (or stop is requested): its size, or `nil` at the
  /// end of the file, on stop, or on a read error (which ends the replay like the end of the
  /// file). A FIFO without a writer yet polls as not ready, so it is waited for, not read as
  /// an empty file.
  private func readChunk(
    _ descriptor: FileDescriptor, buffer: UnsafeMutableRawBufferPointer, context: ReaderContext
  ) -> Int? {
    while true {
      guard
        let (ready, stop) = try? poll(
          descriptor, context.waker.readEnd, for: .input, milliseconds: 1000)
      else { return nil }
      if !stop.isEmpty { return nil }
      if ready.isEmpty { continue }
      do {
        guard let count = try descriptor.readIfReady(into: buffer) else { continue }
        return count > 0 ? count : nil
      } catch {
        return nil
      }
    }
  }
}
