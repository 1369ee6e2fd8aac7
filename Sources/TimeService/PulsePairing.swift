/// One pulse of a PPS signal: the system clock's time of its edge (the kernel's timestamp for
/// `/dev/ppsN`, the moment the waiting thread woke for DCD or CTS), nanoseconds since 1970.
package struct PPSEdge: Sendable, Hashable {
  /// When the edge came, by the system clock.
  package var system: Int64
  /// The source's sequence number of the pulse, when it counts them.
  package var sequence: UInt32?

  /// Makes an edge.
  package init(system: Int64, sequence: UInt32? = nil) {
    self.system = system
    self.sequence = sequence
  }
}

/// Pairs each PPS edge with the serial time of its second: a receiver's pulse marks the start
/// of a UTC second, and the sentences it sends after the pulse tell which second that pulse
/// began. So an edge that comes less than ``window`` after the latest serial sample began the
/// second after that sample's; the sample's time of day to the second, plus one, is the
/// edge's time. (A receiver whose sentences lag more than a second behind its pulses, on a
/// line too slow for what it sends, breaks this, as it breaks gpsd.)
///
/// An edge is accepted only when the one before came a second earlier (within ``jitter``), so
/// that noise on the line, a missed pulse or a pulse at another rate makes no sample.
package struct PulsePairing: Sendable {
  /// How long after a serial sample's first byte an edge still belongs to the next second.
  package var window: Int64 = 1_000_000_000
  /// How far from one second the time between two edges may be.
  package var jitter: Int64 = 10_000_000

  /// The two latest serial samples (the PPS thread may take an edge after the reader thread
  /// took the serial sample of the edge's own second: the one before then names it).
  private var serial: TimeSample?
  private var previousSerial: TimeSample?
  private var lastEdge: Int64?

  /// Why an edge made no sample.
  package enum Refusal: Error, Sendable, Hashable {
    /// No serial sample yet (no fix, or not enough of them).
    case noSerialTime
    /// The latest serial sample came more than ``window`` before the edge (or after it).
    case serialTooOld(nanoseconds: Int64)
    /// The first edge, or one after a gap: its interval cannot be checked yet.
    case firstEdge
    /// The time since the edge before is not a second.
    case notOneHertz(interval: Int64)
  }

  /// Pairs nothing yet.
  package init() {}

  /// The latest serial sample (its first byte's arrival and its time).
  package mutating func serialSample(_ sample: TimeSample) {
    previousSerial = serial
    serial = sample
  }

  /// The receiver went away: no pairing until new serial time comes.
  package mutating func reset() {
    serial = nil
    previousSerial = nil
    lastEdge = nil
  }

  /// The sample an edge makes, or why it makes none.
  package mutating func pair(_ edge: PPSEdge) -> Result<TimeSample, Refusal> {
    let previous = lastEdge
    lastEdge = edge.system
    guard let previous else { return .failure(.firstEdge) }
    let interval = edge.system &- previous
    guard abs(interval &- 1_000_000_000) <= jitter else {
      return .failure(.notOneHertz(interval: interval))
    }
    // The latest serial sample whose first byte came before the edge.
    let before = serial.map { $0.system < edge.system ? $0 : previousSerial ?? $0 }
    guard let serial = before else { return .failure(.noSerialTime) }
    let delay = edge.system &- serial.system
    guard delay > 0, delay <= window else { return .failure(.serialTooOld(nanoseconds: delay)) }
    let second = serial.reference.floorDivided(by: 1_000_000_000).quotient &+ 1
    let reference = second &* 1_000_000_000
    return .success(
      TimeSample(
        reference: reference, system: edge.system,
        leap: serial.leap.effective(at: reference)))
  }
}
