import FoundationEssentials

/// Holds a replay's events back from its first undated fix until the capture gives a date, so
/// that the first date a capture gives is carried back to the fixes before it (a GGA-only
/// capture whose only date is a later ZDA is dated by that ZDA, never by the computer's clock).
///
/// Bounded: at most ``limit`` undated fixes wait (68 minutes of a 1 Hz receiver; measured,
/// `watch` over 10,000 undated GGA epochs peaks 3 MB above the same epochs dated). Past it, the oldest are released, in order. At the end of the
/// input everything still held is released. Released without a date from the capture, they
/// take the user's (`--date`, the date of the stream's first epoch), or stay undated. Live
/// sources are never held (a live fix is wanted now; there `--date` dates at once).
package struct UndatedHold {
  /// The most undated fixes held at once.
  package static let limit = 4096

  /// The day number of the stream's relative day 0 the user gave (`--date`), if any.
  package var given: Int?
  private var held: [PipelineEvent] = []
  private var start = 0
  /// Undated fixes among `held[start...]`.
  private var undated = 0

  /// Whether events are being held.
  package var isHolding: Bool { start < held.count }

  /// Takes `events` into the hold: all of them while it holds, otherwise those from the first
  /// undated fix on when no date is known yet (`anchor` nil).
  package mutating func absorb(_ events: inout [PipelineEvent], anchor: Int?) {
    if !isHolding {
      guard anchor == nil, let first = events.firstIndex(where: \.isUndated) else { return }
      held.append(contentsOf: events[first...])
      events.removeSubrange(first...)
    } else {
      held.append(contentsOf: events)
      events.removeAll(keepingCapacity: true)
    }
    undated = held[start...].count(where: \.isUndated)
  }

  /// What may go out now, in order. With the stream's `anchor` (the day number of its relative
  /// day 0, once a date is known) everything held goes, dated by it; at the end of the input
  /// (`ended`) everything goes; otherwise the oldest go while more than ``limit`` undated
  /// fixes are held. Fixes that go without the capture's date take the user's (``given``) or
  /// stay undated; so do the oldest beyond the limit when the date comes (whichever read
  /// brings it: the outcome does not depend on how the input was split into reads).
  package mutating func release(anchor: Int?, ended: Bool) -> [PipelineEvent] {
    guard isHolding else { return [] }
    var out: [PipelineEvent] = []
    while undated > Self.limit, start < held.count {
      let event = held[start]
      start += 1
      if event.isUndated { undated -= 1 }
      out.append(event.redated(byDays: given))
    }
    if anchor != nil || ended {
      out += held[start...].map { $0.redated(byDays: anchor ?? given) }
      held.removeAll(keepingCapacity: false)
      start = 0
      undated = 0
    } else if start > 4096 && start * 2 > held.count {
      held.removeFirst(start)
      start = 0
    }
    return out
  }
}

extension PipelineEvent {
  /// Whether the event carries an undated fix.
  package var isUndated: Bool { location?.gnss?.hasDate == false }

  /// The fix an event carries, if any.
  package var location: Fix? {
    switch self {
    case .location(let location), .paused(_, let location), .stale(let location, _),
      .oneShotFix(let location):
      return location
    case .oneShotTimeout(let best, _): return best
    case .region(let transition): return transition.location
    case .sky, .authorization, .device, .progress, .oneShotFailed, .ended, .ignored, .heading,
      .visit, .sentences, .timing:
      return nil
    }
  }

  /// The event with its undated fix dated: `anchor` days added to the timestamp (nil: as it
  /// is).
  package func redated(byDays anchor: Int?) -> PipelineEvent {
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
    case .sky, .authorization, .device, .progress, .oneShotFailed, .ended, .ignored, .heading,
      .visit, .sentences, .timing:
      return self
    }
  }
}

extension Fix {
  /// An undated fix dated: its relative timestamp moved `days` days on (a dated fix as it is).
  package func dated(byDays days: Int) -> Fix {
    guard var info = gnss, !info.hasDate else { return self }
    info.hasDate = true
    var fix = self
    fix.timestamp = timestamp + Double(days) * 86_400
    fix.gnss = info
    return fix
  }
}
