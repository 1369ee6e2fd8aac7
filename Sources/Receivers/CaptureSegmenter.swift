import NMEA

/// Splits a capture into epochs by the UTC time of its sentences (RMC, GGA, GLL, GNS, ZDA), so
/// a replay can be paced by the capture's own clock.
///
/// Each segment holds the lines of one epoch (lines before the first timed sentence join the
/// first epoch) and its offset in capture seconds from the first epoch. Offsets never go
/// backwards: a time that goes back adds nothing, a wrap past midnight adds the rest of the day.
struct CaptureSegmenter {
  /// Lines longer than this are passed on untimed.
  static let maxLine = 4096

  private var line: [UInt8] = []
  private var pending: [UInt8] = []
  private var framer = NMEAFramer(policy: .lenient)
  private var epochTime: Double?
  private var pendingOffset = 0.0

  init() {
    line.reserveCapacity(Self.maxLine)
    pending.reserveCapacity(Self.maxLine * 4)
  }

  /// Feeds a chunk; `emit(bytes, offset)` is called for every epoch it completes, in order.
  mutating func feed(
    _ chunk: UnsafeRawBufferPointer, _ emit: (UnsafeRawBufferPointer, Double) -> Void
  ) {
    var start = 0
    for index in chunk.indices where chunk[index] == 0x0A || chunk[index] == 0x0D {
      line.append(contentsOf: chunk[start...index])
      start = index + 1
      endLine(emit)
    }
    line.append(contentsOf: chunk[start...])
    if line.count > Self.maxLine {
      pending.append(contentsOf: line)
      line.removeAll(keepingCapacity: true)
    }
  }

  /// Ends the capture, emitting the last epoch.
  mutating func finish(_ emit: (UnsafeRawBufferPointer, Double) -> Void) {
    if !line.isEmpty { endLine(emit) }
    if !pending.isEmpty { pending.withUnsafeBytes { emit($0, pendingOffset) } }
    pending.removeAll(keepingCapacity: true)
  }

  private mutating func endLine(_ emit: (UnsafeRawBufferPointer, Double) -> Void) {
    let time = lineTime()
    if let time, let current = epochTime {
      if abs(time - current) > 1e-6 {
        var delta = time - current
        if delta < -43_200 { delta += 86_400 }
        if !pending.isEmpty { pending.withUnsafeBytes { emit($0, pendingOffset) } }
        pending.removeAll(keepingCapacity: true)
        pendingOffset += max(0, delta)
        epochTime = time
      }
    } else if let time {
      epochTime = time
    }
    pending.append(contentsOf: line)
    line.removeAll(keepingCapacity: true)
  }

  /// The UTC time of day in seconds carried by the current line, if it is a checksum-valid
  /// RMC, GGA, GNS, ZDA (field 1) or GLL (field 5).
  private mutating func lineTime() -> Double? {
    var time: Double?
    line.withUnsafeBytes { bytes in
      framer.feed(bytes) { event in
        guard case .sentence(let raw) = event else { return }
        time = Self.time(of: raw)
      }
    }
    return time
  }

  /// The time field of a sentence that carries one.
  static func time(of raw: RawSentence) -> Double? {
    let address = raw.address
    guard address.count == 5 else { return nil }
    let type = (address[2], address[3], address[4])
    let index: Int
    switch type {
    case (0x52, 0x4D, 0x43), (0x47, 0x47, 0x41), (0x47, 0x4E, 0x53), (0x5A, 0x44, 0x41): index = 1
    case (0x47, 0x4C, 0x4C): index = 5
    default: return nil
    }
    var fields = raw.fields
    for _ in 0..<index { _ = fields.next() }
    guard let field = fields.next() else { return nil }
    return secondsOfDay(field)
  }

  /// `hhmmss[.sss]` as seconds since midnight, or `nil` when malformed.
  static func secondsOfDay(_ field: UnsafeRawBufferPointer) -> Double? {
    guard field.count >= 6 else { return nil }
    func pair(_ index: Int) -> Int? {
      let high = field[index] &- 0x30
      let low = field[index + 1] &- 0x30
      guard high < 10, low < 10 else { return nil }
      return Int(high) * 10 + Int(low)
    }
    guard let hours = pair(0), let minutes = pair(2), let seconds = pair(4) else { return nil }
    guard hours < 24, minutes < 60, seconds <= 60 else { return nil }
    var fraction = 0.0
    if field.count > 6 {
      guard field[6] == 0x2E else { return nil }
      var scale = 0.1
      for byte in field[7...] {
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
        fraction += Double(byte - 0x30) * scale
        scale /= 10
      }
    }
    return Double(hours * 3600 + minutes * 60 + seconds) + fraction
  }
}
