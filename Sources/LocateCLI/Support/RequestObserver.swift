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
  }

  private let seen = Locked(Seen())
  /// Where status and notes go.
  let status: StatusLine

  /// An observer writing to `status`.
  init(status: StatusLine) { self.status = status }

  /// What was seen so far.
  var snapshot: Seen { seen.withLock { $0 } }

  /// Handles one event (on any thread).
  func handle(_ event: LocationServiceEvent) {
    switch event {
    case .progress(let progress):
      seen.withLock { $0.progress = progress }
      status.show(HumanFormat.progress(progress), elapsed: progress.elapsed)
    case .authorization(let authorization, let state):
      if authorization == .authorizedAlways || authorization == .authorizedWhenInUse {
        seen.withLock { $0.nmeaAccepted = true }
      }
      deviceChanged(state)
    case .device(let state):
      deviceChanged(state)
    case .location(let location):
      seen.withLock { seen in
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
