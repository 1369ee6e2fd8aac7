import NMEA
import Platform
import Receivers

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
///
/// The capture is read as it is played, a chunk at a time (an epoch holds at most
/// ``CaptureSegmenter/maximumEpochBytes``), so its size costs no memory. It must hold a
/// checksum-valid NMEA sentence within its first ``probeBytes``: `/dev/zero` or a binary
/// capture is refused at once.
struct CaptureScript: IteratorProtocol, Sendable {
  /// How far into the capture the first NMEA sentence is looked for.
  static let probeBytes = 1 << 20

  let speed: Double
  let loop: Bool
  private let reader: CaptureReader
  private var base = 0.0

  /// Opens the capture and checks that it holds NMEA.
  init(path: String, speed: Double, loop: Bool) throws(ReceiverError) {
    guard speed > 0 && speed.isFinite else {
      throw ReceiverError(
        code: .invalidSource("replay speed must be a positive number, not \(speed)"), path: path)
    }
    reader = try CaptureReader(path: path)
    self.speed = speed
    self.loop = loop
  }

  mutating func next() -> TimedChunk? {
    var epoch = reader.next()
    if epoch == nil, loop, reader.rewind() {
      base += reader.lastOffset + reader.loopGap
      epoch = reader.next()
    }
    guard let epoch else { return nil }
    return TimedChunk(offset: (base + epoch.offset) / speed, bytes: epoch.bytes)
  }
}

/// The file behind a ``CaptureScript``: read and cut into epochs on demand.
final class CaptureReader: @unchecked Sendable {
  let path: String
  private let descriptor: FileDescriptor
  private var segmenter = CaptureSegmenter()
  private var ready: [TimedChunk] = []
  private var readyIndex = 0
  private var ended = false
  private var firstPass = true
  /// Epochs and the last offset of the first pass (for the gap between loops).
  private(set) var epochCount = 0
  private(set) var lastOffset = 0.0

  init(path: String) throws(ReceiverError) {
    self.path = path
    do {
      // Never blocks: a FIFO without a writer reads as an empty capture.
      descriptor = try FileDescriptor.open(path, .readOnly, options: .nonBlocking)
      try descriptor.setNonBlocking(false)
    } catch {
      throw DeviceAccess.error(for: error, path: path)
    }
    do {
      try checkNMEA()
    } catch {
      descriptor.close()
      throw error
    }
  }

  deinit { descriptor.close() }

  /// Reads until the first checksum-valid sentence (kept for playing), failing after
  /// ``CaptureScript/probeBytes`` or at the end without one.
  private func checkNMEA() throws(ReceiverError) {
    var framer = NMEAFramer(policy: .lenient)
    var found = false
    var read = 0
    while !found && read < CaptureScript.probeBytes {
      guard let chunk = readChunk() else { break }
      read += chunk.count
      chunk.withUnsafeBytes { bytes in
        framer.feed(bytes) { event in if case .sentence = event { found = true } }
        segmenter.feed(bytes, collect)
      }
    }
    guard found else {
      let why =
        read == 0
        ? "the capture is empty"
        : read >= CaptureScript.probeBytes
          ? "no NMEA sentence in the first \(CaptureScript.probeBytes >> 20) MiB"
          : "no NMEA sentence in it"
      throw ReceiverError(code: .badData(why), path: path)
    }
  }

  private func collect(_ bytes: UnsafeRawBufferPointer, _ offset: Double) {
    ready.append(TimedChunk(offset: offset, bytes: Array(bytes)))
    if firstPass {
      epochCount += 1
      lastOffset = offset
    }
  }

  private func readChunk() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes { (try? descriptor.read(into: $0)) ?? 0 }
    guard count > 0 else { return nil }
    return Array(buffer[0..<count])
  }

  /// The next epoch of this pass, or nil at the end of the file.
  func next() -> TimedChunk? {
    while readyIndex == ready.count {
      ready.removeAll(keepingCapacity: true)
      readyIndex = 0
      if ended { return nil }
      if let chunk = readChunk() {
        chunk.withUnsafeBytes { segmenter.feed($0, collect) }
      } else {
        ended = true
        segmenter.finish(collect)
      }
    }
    defer { readyIndex += 1 }
    return ready[readyIndex]
  }

  /// Goes back to the start for another pass; false when the file cannot seek (a pipe).
  func rewind() -> Bool {
    guard (try? descriptor.seek(to: 0)) != nil else { return false }
    firstPass = false
    ended = false
    segmenter = CaptureSegmenter()
    ready.removeAll(keepingCapacity: true)
    readyIndex = 0
    return true
  }

  /// Capture seconds between two loops: the mean epoch interval (1 s for a single epoch).
  var loopGap: Double {
    guard epochCount > 1, lastOffset > 0 else { return 1 }
    return lastOffset / Double(epochCount - 1)
  }
}
