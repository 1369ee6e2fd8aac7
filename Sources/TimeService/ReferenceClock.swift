import Platform

/// What ntpd and chrony see of the receiver: serial samples (each second's epoch against the
/// arrival of its first byte) in NTP shared-memory unit `unit` and on chrony's SOCK socket,
/// and, with a PPS source, each pulse paired with the serial time of its second in unit
/// `unit + 1` and on chrony's PPS socket (with the pulse flag). gpsd's rules choose which
/// epochs count (``SerialTimeGate``) and which pulses (``PulsePairing``).
///
/// Serial samples come from the receiver's reader thread, pulses from the PPS thread: every
/// method may be called from any thread.
package final class ReferenceClock: @unchecked Sendable {
  /// Where the samples go.
  package struct Configuration: Sendable, Hashable {
    /// The shared-memory unit of serial samples; nil: none.
    package var serialUnit: Int?
    /// The shared-memory unit of PPS samples (gpsd: the serial unit's next); nil: none.
    package var pulseUnit: Int?
    /// chrony's socket for serial samples; nil: none.
    package var chronySerial: String?
    /// chrony's socket for PPS samples; nil: none.
    package var chronyPulse: String?
    /// log2 seconds written with serial samples (−10: about a millisecond, the resolution of
    /// NMEA times; their jitter is the receiver's).
    package var serialPrecision: Int32 = -10
    /// log2 seconds written with PPS samples (gpsd's: −20, about a microsecond, for the
    /// kernel's timestamps and a serial port's lines; −10 for a USB adapter's).
    package var pulsePrecision: Int32 = -20

    /// Nothing anywhere.
    package init() {}
  }

  /// Notes for the operator (``init(_:onNote:)``), called on the thread that caused them.
  package enum Note: Sendable, Hashable {
    /// chronyd's socket took a sample, the first since it was absent.
    case chronyReached(path: String)
    /// chronyd's socket is absent (or stopped taking samples).
    case chronyAbsent(path: String, ChronySocket.Outcome)
    /// A pulse made no sample.
    case pulseRefused(PulsePairing.Refusal)
  }

  package let configuration: Configuration
  private let onNote: @Sendable (Note) -> Void
  private let serialSegment: NTPSegment?
  private let pulseSegment: NTPSegment?
  private let serialSocket: ChronySocket?
  private let pulseSocket: ChronySocket?
  private let state = Locked(State())

  private struct State {
    var gate = SerialTimeGate()
    var pairing = PulsePairing()
    var lastRefusal: PulsePairing.Refusal?
  }

  /// Attaches the segments (making them when missing) and prepares chrony's sockets.
  /// - Throws: ``TimeServiceError`` for a segment that cannot be had (wrong size, permission,
  ///   another `locate` writes it).
  package init(
    _ configuration: Configuration, onNote: @escaping @Sendable (Note) -> Void = { _ in }
  ) throws(TimeServiceError) {
    self.configuration = configuration
    self.onNote = onNote
    serialSegment = try configuration.serialUnit.map { unit throws(TimeServiceError) in
      try NTPSegment(unit: unit)
    }
    do {
      pulseSegment = try configuration.pulseUnit.map { unit throws(TimeServiceError) in
        try NTPSegment(unit: unit)
      }
      serialSocket = try configuration.chronySerial.map { path throws(TimeServiceError) in
        try ChronySocket(path: path)
      }
      pulseSocket = try configuration.chronyPulse.map { path throws(TimeServiceError) in
        try ChronySocket(path: path)
      }
    } catch {
      serialSegment?.close()
      throw error
    }
  }

  deinit { close() }

  /// An epoch of the receiver: its time (nil: undated), whether it is a fix, and the system
  /// clock at its first byte. Returns the serial sample it made, if ``SerialTimeGate`` let it
  /// through (gpsd's TOFF object reports it).
  @discardableResult
  package func epoch(reference: Int64?, system: Int64, isFix: Bool) -> TimeSample? {
    let sample = state.withLock { state -> TimeSample? in
      guard state.gate.admits(reference: reference, isFix: isFix), let reference else {
        return nil
      }
      let sample = TimeSample(reference: reference, system: system)
      state.pairing.serialSample(sample)
      return sample
    }
    guard let sample else { return nil }
    serialSegment?.write(sample, precision: configuration.serialPrecision)
    if let serialSocket { send(sample, to: serialSocket, pulse: false) }
    return sample
  }

  /// A PPS edge: the sample it makes with the serial time of its second, written to the PPS
  /// unit and chrony's PPS socket; nil when it makes none (said once per reason in a row).
  @discardableResult
  package func pulse(_ edge: PPSEdge) -> TimeSample? {
    let paired = state.withLock { state -> Result<TimeSample, PulsePairing.Refusal>? in
      let result = state.pairing.pair(edge)
      switch result {
      case .success:
        state.lastRefusal = nil
        return result
      case .failure(let refusal):
        // Said when the reason changes, not at every pulse.
        let same = state.lastRefusal.map { Self.sameKind($0, refusal) } ?? false
        state.lastRefusal = refusal
        return same ? nil : result
      }
    }
    switch paired {
    case .success(let sample)?:
      pulseSegment?.write(sample, precision: configuration.pulsePrecision)
      if let pulseSocket { send(sample, to: pulseSocket, pulse: true) }
      return sample
    case .failure(let refusal)?:
      onNote(.pulseRefused(refusal))
      return nil
    case nil:
      return nil
    }
  }

  private static func sameKind(_ a: PulsePairing.Refusal, _ b: PulsePairing.Refusal) -> Bool {
    switch (a, b) {
    case (.noSerialTime, .noSerialTime), (.serialTooOld, .serialTooOld), (.firstEdge, .firstEdge),
      (.notOneHertz, .notOneHertz):
      return true
    default:
      return false
    }
  }

  private func send(_ sample: TimeSample, to socket: ChronySocket, pulse: Bool) {
    let (outcome, changed) = socket.send(sample, pulse: pulse)
    guard changed else { return }
    onNote(
      outcome == .sent
        ? .chronyReached(path: socket.path) : .chronyAbsent(path: socket.path, outcome))
  }

  /// The receiver went away (unplugged, silent): the segments hold no sample until it comes
  /// back, and fixes are counted again.
  package func receiverLost() {
    state.withLock { state in
      state.gate.reset()
      state.pairing.reset()
    }
    serialSegment?.invalidate()
    pulseSegment?.invalidate()
  }

  /// Marks the segments invalid and detaches them, and closes the sockets. Later calls do
  /// nothing.
  package func close() {
    serialSegment?.close()
    pulseSegment?.close()
    serialSocket?.close()
    pulseSocket?.close()
  }
}
