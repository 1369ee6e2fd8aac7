import NMEA

/// Splits a capture into epochs by the UTC time of its sentences (RMC, GGA, GLL, GNS, ZDA), so
/// a replay can be paced by the capture's own clock.
///
/// Each segment holds the lines of one epoch (lines before the first timed sentence join the
/// first epoch) and its offset in capture seconds from the first epoch. Offsets never go
/// backwards: a time that goes back adds nothing, a wrap past midnight adds the rest of the day.
/// A segment never grows past ``maximumEpochBytes``: beyond, what is pending goes out at the
/// current offset (a capture of noise without timed sentences costs no memory).
package struct CaptureSegmenter {
  /// Lines longer than this are passed on untimed.
  package static let maxLine = 4096
  /// The most bytes held for one epoch.
  package static let maximumEpochBytes = 65536

  private var line: [UInt8] = []
  private var pending: [UInt8] = []
  private var framer = NMEAFramer(policy: .lenient)
  private var epochTime: Double?
  private var pendingOffset = 0.0

  package init() {
    line.reserveCapacity(Self.maxLine)
    pending.reserveCapacity(Self.maxLine * 4)
  }

  /// Feeds a chunk; `emit(bytes, offset)` is called for every epoch it completes, in order.
  package mutating func feed(
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
    if pending.count > Self.maximumEpochBytes {
      pending.withUnsafeBytes { emit($0, pendingOffset) }
      pending.removeAll(keepingCapacity: true)
    }
  }

  /// Ends the capture, emitting the last epoch.
  package mutating func finish(_ emit: (UnsafeRawBufferPointer, Double) -> Void) {
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

  /// The UTC time of day of a sentence that carries one (RMC, GGA, GNS, ZDA, GLL), decoded by
  /// the NMEA module; `nil` for other types and for sentences with an impossible field.
  static func time(of raw: RawSentence) -> Double? {
    let address = raw.address
    guard address.count == 5 else { return nil }
    switch (address[2], address[3], address[4]) {
    case (0x52, 0x4D, 0x43), (0x47, 0x47, 0x41), (0x47, 0x4E, 0x53), (0x5A, 0x44, 0x41),
      (0x47, 0x4C, 0x4C):
      break  // RMC GGA GNS ZDA GLL: decode only these
    default:
      return nil
    }
    let time: UTCTime?
    switch try? Sentence(raw) {
    case .rmc(let rmc): time = rmc.time
    case .gga(let gga): time = gga.time
    case .gns(let gns): time = gns.time
    case .zda(let zda): time = zda.time
    case .gll(let gll): time = gll.time
    default: time = nil
    }
    return time?.secondsOfDay
  }
}
