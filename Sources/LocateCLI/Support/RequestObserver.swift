import LocationEngine
import Platform
import Receivers

/// Watches the service's events while a command waits for a fix: shows the status line, notes
/// device changes, and remembers what it saw so a failure can be explained (and given the
/// right exit status).
final class RequestObserver: Sendable {
  /// What was seen so far.
  struct Seen: Sendable {
    /// The last device state reported.
    var state: DeviceState?
    /// Whether the device was ever open and talking.
    var connected = false
    /// The last progress report.
    var progress: FixProgress?
    /// The most accurate fix seen that the request did not accept.
    var bestRejected: Fix?
    /// Whether sentences without a checksum were dropped (strict checksums).
    var uncheckedDropped = false
    /// Whether the receiver's NMEA decided the authorization (a checked sentence came).
    var nmeaAccepted = false
    /// Whether the receiver completed an epoch without a fix since the last fix (it talks,
    /// but has no fix).
    var epochWithoutFix = false
  }

  private let seen = Locked(Seen())
  /// Where status and notes go.
  let status: StatusLine

  /// An observer writing to `status`.
  init(status: StatusLine) { self.status = status }

  /// What was seen so far.
  var snapshot: Seen { seen.withLock { $0 } }

  /// Why the last fix turned stale, from what was seen since: `the receiver has gone quiet`,
  /// or, when it goes on talking, `the receiver sends epochs without a fix`.
  var staleReason: String {
    let seen = snapshot
    switch seen.state {
    case .silent?: return "the receiver has gone quiet"
    case .unplugged?: return "the receiver is unplugged"
    default:
      return seen.epochWithoutFix ? "the receiver sends epochs without a fix" : "no fix since"
    }
  }

  /// Handles one event (on any thread).
  func handle(_ event: LocationServiceEvent) {
    switch event {
    case .progress(let progress):
      let state = seen.withLock { seen in
        seen.progress = progress
        if progress.followsEpochWithoutFix { seen.epochWithoutFix = true }
        return seen.state
      }
      // The satellites last seen are no news while the receiver is gone or silent.
      switch state {
      case .unplugged(let path)?:
        status.show(
          "waiting for \(path) to come back (unplugged), "
            + HumanFormat.duration(progress.elapsed), elapsed: progress.elapsed)
      case .silent(let path, _)?:
        status.show(
          "waiting for a fix: \(path) is silent, " + HumanFormat.duration(progress.elapsed),
          elapsed: progress.elapsed)
      default:
        status.show(HumanFormat.progress(progress), elapsed: progress.elapsed)
      }
    case .authorization(let authorization, let state):
      if authorization == .authorizedAlways || authorization == .authorizedWhenInUse {
        seen.withLock { $0.nmeaAccepted = true }
      }
      deviceChanged(state)
    case .device(let state):
      deviceChanged(state)
    case .location(let location):
      seen.withLock { seen in
        seen.epochWithoutFix = false
        let best = seen.bestRejected?.horizontalAccuracy ?? .infinity
        if location.horizontalAccuracy >= 0, location.horizontalAccuracy < best {
          seen.bestRejected = location
        }
      }
    case .ignored(let error, let kept):
      let note = HumanFormat.ignored(error, sentenceKept: kept)
      guard error.code == .noChecksum else { return status.note(note) }
      // Said always while nothing else came: the receiver talks, but nothing it says is read.
      let alone = seen.withLock { seen -> Bool in
        defer { seen.uncheckedDropped = true }
        return !seen.uncheckedDropped && !seen.nmeaAccepted
      }
      alone ? status.print(line: "locate: " + note) : status.note(note)
    case .sky, .paused, .stale, .region, .visit, .sentences:
      break
    }
  }

  /// Notes a device change (once per change), and remembers the state.
  private func deviceChanged(_ state: DeviceState) {
    let changed = seen.withLock { seen -> Bool in
      defer {
        seen.state = state
        if case .connected = state { seen.connected = true }
      }
      return seen.state != state
    }
    // `garbled` is not a passing note: `watch` prints it always, `current` ends with it.
    if changed, StateText.garbled(state) == nil, let note = StateText.note(state) {
      status.note(note)
    }
  }
}
