import Foundation

/// Holds a replay's events back from its first undated fix until the capture gives a date, so
/// that the first date a capture gives is carried back to the fixes before it (a GGA-only
/// capture whose only date is a later ZDA is dated by that ZDA, never by the computer's clock).
///
/// Bounded: at most ``limit`` undated fixes wait (68 minutes of a 1 Hz receiver; each held fix
/// costs well under a kilobyte). Past it, the oldest are released, in order. At the end of the
/// input everything still held is released. Released without a date from the capture, they
/// take the user's (`--date`, the date of the stream's first epoch), or stay undated. Live
/// sources are never held (a live fix is wanted now; there `--date` dates at once).
struct UndatedHold {
  /// The most undated fixes held at once.
  static let limit = 4096

  /// The day number of the stream's relative day 0 the user gave (`--date`), if any.
  var given: Int?
  private var held: [PipelineEvent] = []
  private var start = 0
  /// Undated fixes among `held[start...]`.
  private var undated = 0

  /// Whether events are being held.
  var isHolding: Bool { start < held.count }

  /// Passes `events` through: returns what may go out now. `anchor` is the day number of the
  /// stream's relative day 0 once a date is known (held fixes are dated by it); `ended` when
  /// the input ended (everything goes out).
  mutating func pass(_ events: [PipelineEvent], anchor: Int?, ended: Bool) -> [PipelineEvent] {
    if !isHolding {
      guard let first = events.firstIndex(where: \.isUndated) else { return events }
      if let anchor { return events.map { $0.redated(byDays: anchor) } }
      if ended { return events.map { $0.redated(byDays: given) } }
      held.append(contentsOf: events[first...])
      undated = held.count(where: \.isUndated)
      return trimmed(Array(events[..<first]))
    }
    held.append(contentsOf: events)
    undated += events.count(where: \.isUndated)
    if let anchor { return release().map { $0.redated(byDays: anchor) } }
    if ended { return release().map { $0.redated(byDays: given) } }
    return trimmed([])
  }

  /// `out` followed by the oldest held events, up to and including undated fixes beyond the
  /// limit.
  private mutating func trimmed(_ out: [PipelineEvent]) -> [PipelineEvent] {
    var out = out
    while undated > Self.limit, start < held.count {
      let event = held[start]
      start += 1
      if event.isUndated { undated -= 1 }
      out.append(event.redated(byDays: given))
    }
    if start > 4096 && start * 2 > held.count {
      held.removeFirst(start)
      start = 0
    }
    return out
  }

  /// Everything held, in order; the hold is empty after.
  private mutating func release() -> [PipelineEvent] {
    let out = Array(held[start...])
    held.removeAll(keepingCapacity: false)
    start = 0
    undated = 0
    return out
  }
}

extension PipelineEvent {
  /// Whether the event carries an undated fix.
  var isUndated: Bool { location?.gnss?.hasDate == false }

  /// The fix an event carries, if any.
  var location: CLLocation? {
    switch self {
    case .location(let location), .paused(_, let location), .stale(let location, _),
      .oneShotFix(let location):
      return location
    case .oneShotTimeout(let best, _): return best
    case .region(let transition): return transition.location
    case .sky, .authorization, .device, .progress, .oneShotFailed, .ended, .ignored: return nil
    }
  }

  /// The event with its undated fix dated: `anchor` days added to the timestamp (nil: as it
  /// is).
  func redated(byDays anchor: Int?) -> PipelineEvent {
    guard let anchor, isUndated else { return self }
    switch self {
    case .location(let location): return .location(location.dated(byDays: anchor))
    case .paused(let paused, let location): return .paused(paused, location.dated(byDays: anchor))
    case .stale(let location, let age): return .stale(location.dated(byDays: anchor), age: age)
    case .oneShotFix(let location): return .oneShotFix(location.dated(byDays: anchor))
    case .oneShotTimeout(let best, let error):
      return .oneShotTimeout(best: best?.dated(byDays: anchor), error: error)
    case .region(var transition):
      transition.location = transition.location.dated(byDays: anchor)
      return .region(transition)
    case .sky, .authorization, .device, .progress, .oneShotFailed, .ended, .ignored:
      return self
    }
  }
}

extension CLLocation {
  /// An undated fix dated: its relative timestamp moved `days` days on (a dated fix as it is).
  func dated(byDays days: Int) -> CLLocation {
    guard var info = gnss, !info.hasDate else { return self }
    info.hasDate = true
    return CLLocation(
      coordinate: coordinate, altitude: altitude, ellipsoidalAltitude: ellipsoidalAltitude,
      horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy, course: course,
      courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: speedAccuracy,
      timestamp: timestamp + Double(days) * 86_400, sourceInfo: sourceInformation, gnss: info)
  }
}
