import LocationEngine
import Platform
import Receivers
import TimeService

/// The receiver's time for ntpd and chrony while `serve` or `watch` reads it: each second's
/// serial sample (the epoch's time against the arrival of its first byte) to the shared-memory
/// unit and chrony's serial socket, and PPS samples to the next unit and chrony's PPS socket
/// (``ReferenceClock``); what it does and finds is noted on stderr (``StatusLine``).
///
/// Epochs come on the reader's thread (``epoch(_:)``, from `epochTiming`), device states from
/// the command's loop (``deviceChanged(_:)``), pulses on the PPS thread.
final class TimeFeed: @unchecked Sendable {
  /// Called with each serial sample made (serve's TOFF objects) and each PPS sample (PPS).
  struct Listeners: Sendable {
    var serial: @Sendable (TimeSample) -> Void = { _ in }
    var pulse: @Sendable (TimeSample, _ precision: Int32) -> Void = { _, _ in }
  }

  let plan: TimeOptions.Plan
  let clock: ReferenceClock
  private let status: StatusLine
  private let listeners: Listeners
  private let state = Locked(State())

  private struct State {
    var reader: PPSReader?
    var lineDiscipline: PPSLineDiscipline?
    var portTried = false
    var failure: LocateError?
    var stopped = false
  }

  /// Attaches the units and prepares chrony's sockets for `device` (its name names them);
  /// starts a PPS device given by path at once, one of the port when it first connects.
  /// - Throws: ``LocateError`` for a unit or PPS device that cannot be had, when an option
  ///   asked for it; by default that is a note and nothing is sent there.
  init(
    plan: TimeOptions.Plan, device: String?, status: StatusLine, listeners: Listeners = .init()
  ) throws(LocateError) {
    self.plan = plan
    self.status = status
    self.listeners = listeners
    var configuration = ReferenceClock.Configuration()
    configuration.serialUnit = plan.serialUnit
    configuration.pulseUnit = plan.pulseUnit
    if let directory = plan.chronyDirectory, let device {
      let name = TimeOptions.chronyName(device)
      configuration.chronySerial = directory + "/chrony.\(name).serial.sock"
      configuration.chronyPulse = plan.pps == .off ? nil : directory + "/chrony.\(name).sock"
    }
    if case .modemLines = plan.pps, let device, Self.isUSB(device) {
      configuration.pulsePrecision = -10
    }
    let onNote: @Sendable (ReferenceClock.Note) -> Void = { [status] note in
      status.note(Self.text(note))
    }
    do {
      clock = try ReferenceClock(configuration, onNote: onNote)
    } catch {
      let failure = TimeServiceFailure.error(error)
      guard !plan.explicit else { throw failure }
      // By default: the note, and chrony's sockets without the shared memory.
      status.note("no NTP shared memory: " + failure.description.dropPrefix("locate: "))
      configuration.serialUnit = nil
      configuration.pulseUnit = nil
      do {
        clock = try ReferenceClock(configuration, onNote: onNote)
      } catch {
        throw TimeServiceFailure.error(error)
      }
    }
    if let unit = clock.configuration.serialUnit {
      status.note("the receiver's time goes to NTP\(unit) (chrony: 'refclock SHM \(unit)')")
    }
    if case .device(let path) = plan.pps {
      try startPPS { () throws(TimeServiceError) in try KernelPPS(path: path) }
    }
  }

  /// The epoch's sample, from `epochTiming` (the reader's thread).
  func epoch(_ timing: EpochTiming) {
    let sample = clock.epoch(
      reference: timing.receiverTime, system: timing.firstByteRealtime, isFix: timing.isFix)
    if let sample { listeners.serial(sample) }
  }

  /// A device state from the command's loop: a port's PPS starts at its first connection; a
  /// receiver gone leaves the units invalid.
  func deviceChanged(_ state: DeviceState) {
    switch state {
    case .connected(let path, _):
      startPortPPS(path)
    case .unplugged, .silent, .ended:
      clock.receiverLost()
    default:
      break
    }
  }

  /// An explicit PPS source that failed as the port connected (the command ends with it).
  var failure: LocateError? { state.withLock { $0.failure } }

  /// Stops the PPS thread, marks the units invalid and detaches them, closes the sockets.
  func stop() {
    let (reader, discipline) = state.withLock { state in
      state.stopped = true
      defer {
        state.reader = nil
        state.lineDiscipline = nil
      }
      return (state.reader, state.lineDiscipline)
    }
    reader?.stop()
    discipline?.detach()
    clock.close()
  }

  private func startPortPPS(_ path: String) {
    // A /dev/ppsN given by path started with the feed, and does not depend on the port.
    if plan.pps == .off { return }
    if case .device = plan.pps { return }
    let (first, failed) = state.withLock { state -> (Bool, PPSReader?) in
      defer { state.portTried = true }
      guard !state.portTried && !state.stopped else { return (false, nil) }
      // A reader whose port went away is let go before the port's PPS starts again.
      defer { state.reader = nil }
      return (true, state.reader)
    }
    guard first else { return }
    failed?.stop()
    do throws(LocateError) {
      switch plan.pps {
      case .off, .device:
        return
      case .auto:
        if let device = PPSDiscovery.device(forPort: path) {
          try startPPS { () throws(TimeServiceError) in try KernelPPS(path: device) }
        } else if !TimeOptions.isPseudoTerminal(.device(path: path, baud: .auto)) {
          try startPPS { () throws(TimeServiceError) in
            try ModemLinePPS(path: path, lines: [.carrierDetect, .clearToSend])
          }
        }
      case .modemLines(let lines):
        try startPPS { () throws(TimeServiceError) in try ModemLinePPS(path: path, lines: lines) }
      case .lineDiscipline:
        state.withLock { $0.lineDiscipline }?.detach()
        let discipline: PPSLineDiscipline
        do {
          discipline = try PPSLineDiscipline(port: path)
        } catch {
          throw TimeServiceFailure.error(error)
        }
        state.withLock { $0.lineDiscipline = discipline }
        guard let device = discipline.device() else {
          throw LocateError(
            .unavailable, path, "the PPS line discipline made no /dev/ppsN",
            remedy: "see /sys/class/pps")
        }
        try startPPS { () throws(TimeServiceError) in try KernelPPS(path: device) }
      }
    } catch {
      if plan.pps == .auto {
        status.note("no PPS: " + error.description.dropPrefix("locate: "))
      } else {
        state.withLock { $0.failure = error }
      }
    }
  }

  /// Opens a PPS source and starts its thread.
  func startPPS(_ open: () throws(TimeServiceError) -> any PPSSource) throws(LocateError) {
    let source: any PPSSource
    do {
      source = try open()
    } catch {
      throw TimeServiceFailure.error(error)
    }
    let clock = self.clock
    let listeners = self.listeners
    let precision = clock.configuration.pulsePrecision
    let status = self.status
    do {
      let reader = try PPSReader(
        source: source,
        onEdge: { edge in
          if let sample = clock.pulse(edge) { listeners.pulse(sample, precision) }
        },
        onFailure: { [weak self] error in
          // The port went away (unplugged): tried again when it connects again.
          status.note("PPS stopped: \(error)")
          self?.state.withLock { $0.portTried = false }
        })
      state.withLock { $0.reader = reader }
    } catch {
      source.close()
      throw TimeServiceFailure.error(error)
    }
    if let unit = clock.configuration.pulseUnit {
      status.note(
        "PPS from \(source.name) goes to NTP\(unit) (chrony: 'refclock SHM \(unit)')")
    } else {
      status.note("PPS from \(source.name)")
    }
  }

  /// A USB adapter (its modem lines are polled: about a millisecond, gpsd's −10).
  private static func isUSB(_ path: String) -> Bool {
    let resolved = FileSystem.resolvedPath(path) ?? path
    return resolved.contains("ttyUSB") || resolved.contains("ttyACM")
  }

  /// A note's text.
  private static func text(_ note: ReferenceClock.Note) -> String {
    switch note {
    case .chronyReached(let path): return "chronyd listens at \(path): sending it the time"
    case .chronyAbsent(let path, .absent): return "no chronyd at \(path) (yet)"
    case .chronyAbsent(let path, .failed(let error)):
      return "chronyd at \(path) takes no samples: \(error)"
    case .chronyAbsent(let path, .sent): return "chronyd at \(path)"
    case .pulseRefused(let refusal):
      switch refusal {
      case .noSerialTime: return "PPS pulse ignored: no serial time yet (a fix, three in a row)"
      case .serialTooOld(let delay):
        return "PPS pulse ignored: the last serial time came \(delay / 1_000_000) ms before it"
      case .firstEdge: return "PPS: first pulse"
      case .notOneHertz(let interval):
        return "PPS pulse ignored: \(interval / 1_000_000) ms after the one before, not a second"
      }
    }
  }
}

extension String {
  /// Without `prefix` at its start.
  func dropPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
  }
}
