/// How a holder's bytes travel to the `locate`s that joined it: first a greeting (`LSH1` and
/// the port's rate, little-endian `UInt32`, 0 when unknown), then for every chunk read its
/// arrival time (`CLOCK_MONOTONIC` nanoseconds, one clock for every process of the machine,
/// `Int64`, never negative), its length (`UInt32`) and its bytes.
enum ShareFrame {
  /// The greeting's first four bytes.
  static let magic: [UInt8] = Array("LSH1".utf8)
  /// The greeting's size.
  static let greetingSize = 8
  /// A chunk's header size.
  static let headerSize = 12
  /// The longest chunk accepted (a holder sends at most a read buffer).
  static let maximumChunk = 1 << 16

  /// The greeting for a port at `rate`.
  static func greeting(rate: Int?) -> [UInt8] {
    var bytes = magic
    append(UInt32(clamping: rate ?? 0), to: &bytes)
    return bytes
  }

  /// Writes a chunk's header into `header` (``headerSize`` bytes).
  static func header(time: Int64, count: Int, into header: inout [UInt8]) {
    header.removeAll(keepingCapacity: true)
    append(time, to: &header)
    append(UInt32(clamping: count), to: &header)
  }

  private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Reads a little-endian integer at `offset` of `bytes`.
  static func load<T: FixedWidthInteger>(_: T.Type, _ bytes: [UInt8], at offset: Int) -> T {
    var value: T = 0
    for index in 0..<MemoryLayout<T>.size {
      value |= T(bytes[offset + index]) << (8 * index)
    }
    return value
  }
}

/// Cuts a joined stream back into the holder's chunks, with their arrival times.
struct ShareFrameReader {
  private var buffer: [UInt8] = []
  private var start = 0
  /// The holder's rate, once the greeting is in (0: unknown).
  private(set) var rate: Int?
  /// Whether the stream broke the framing (a wrong greeting, a chunk too long).
  private(set) var isBroken = false

  /// Takes bytes as read, calling `chunk` for every complete chunk with its time.
  mutating func feed(
    _ bytes: UnsafeRawBufferPointer, _ chunk: (UnsafeRawBufferPointer, Int64) -> Void
  ) {
    guard !isBroken else { return }
    buffer.append(contentsOf: bytes)
    while true {
      let available = buffer.count - start
      if rate == nil {
        guard available >= ShareFrame.greetingSize else { break }
        guard Array(buffer[start..<start + 4]) == ShareFrame.magic else {
          isBroken = true
          return
        }
        rate = Int(ShareFrame.load(UInt32.self, buffer, at: start + 4))
        start += ShareFrame.greetingSize
        continue
      }
      guard available >= ShareFrame.headerSize else { break }
      let time = ShareFrame.load(Int64.self, buffer, at: start)
      let count = Int(ShareFrame.load(UInt32.self, buffer, at: start + 8))
      guard count <= ShareFrame.maximumChunk else {
        isBroken = true
        return
      }
      guard available >= ShareFrame.headerSize + count else { break }
      let from = start + ShareFrame.headerSize
      buffer.withUnsafeBytes { all in
        chunk(UnsafeRawBufferPointer(rebasing: all[from..<from + count]), time)
      }
      start = from + count
    }
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
  }
}
