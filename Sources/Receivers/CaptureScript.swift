import Glibc

/// NMEA bytes with the time they are due: one epoch of a capture or of a synthetic drive.
public struct TimedChunk: Sendable, Hashable {
  /// Seconds from the start of the script.
  public var offset: Double
  /// The bytes, whole sentences with their line ends.
  public var bytes: [UInt8]

  /// Makes a chunk.
  public init(offset: Double, bytes: [UInt8]) {
    self.offset = offset
    self.bytes = bytes
  }
}

/// A capture file cut into epochs by its own clock, replayed `speed` times real time, looping
/// when asked (each loop starts one epoch interval after the last epoch of the one before).
struct CaptureScript: IteratorProtocol, Sendable {
  let epochs: [TimedChunk]
  let speed: Double
  let loop: Bool
  private var index = 0
  private var base = 0.0

  /// Reads and cuts the whole capture.
  init(path: String, speed: Double, loop: Bool) throws(ReceiverError) {
    guard speed > 0 && speed.isFinite else {
      throw ReceiverError(
        code: .invalidSource("replay speed must be a positive number, not \(speed)"), path: path)
    }
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, O_RDONLY)
    } catch {
      throw DeviceAccess.error(for: error, path: path)
    }
    defer { descriptor.close() }
    var segmenter = CaptureSegmenter()
    var epochs: [TimedChunk] = []
    let collect: (UnsafeRawBufferPointer, Double) -> Void = { bytes, offset in
      epochs.append(TimedChunk(offset: offset, bytes: Array(bytes)))
    }
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { (try? descriptor.read(into: $0)) ?? 0 }
      if count <= 0 { break }
      buffer.withUnsafeBytes {
        segmenter.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count]), collect)
      }
    }
    segmenter.finish(collect)
    guard !epochs.isEmpty else {
      throw ReceiverError(code: .invalidSource("the capture is empty"), path: path)
    }
    self.epochs = epochs
    self.speed = speed
    self.loop = loop
  }

  /// Capture seconds between two loops: the mean epoch interval (1 s for a single epoch).
  var loopGap: Double {
    guard epochs.count > 1, let last = epochs.last?.offset, last > 0 else { return 1 }
    return last / Double(epochs.count - 1)
  }

  mutating func next() -> TimedChunk? {
    if index == epochs.count {
      guard loop, let last = epochs.last else { return nil }
      base += last.offset + loopGap
      index = 0
    }
    let epoch = epochs[index]
    index += 1
    return TimedChunk(offset: (base + epoch.offset) / speed, bytes: epoch.bytes)
  }
}
