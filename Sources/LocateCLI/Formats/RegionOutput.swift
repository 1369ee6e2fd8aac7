import LocationEngine
import Platform

/// Region events on their way to `watch`'s output. They come just before the fix that decided
/// them (when that fix is delivered too). Text, json, geojson and csv write each at once; GPX
/// cannot put a waypoint inside a track, so it names the track point of the deciding fix:
/// events wait for the next stream item, and name that fix's point when it is the deciding
/// fix, or get a named point of their own before it otherwise.
final class RegionOutput: Sendable {
  private let writer: FixStreamWriter
  private let waiting = Locked<[RegionTransition]>([])

  /// An output through `writer`.
  init(writer: FixStreamWriter) { self.writer = writer }

  /// Writes an event (in GPX, keeps it for the next item).
  func event(_ transition: RegionTransition, target: TargetReading?) throws(LocateError) {
    let text: String
    switch writer.format {
    case .gpx:
      waiting.withLock { $0.append(transition) }
      return
    case .text: text = RegionFormat.line(transition)
    case .json: text = RegionFormat.json(transition) + "\n"
    case .geojson: text = RegionFormat.geoJSONRecord(transition, target: target)
    case .csv:
      text = RegionFormat.csvRow(
        transition, target: target, hasTargetColumns: writer.hasTarget)
    }
    try writer.record(text)
  }

  /// The GPX label for `location` when it is the fix the waiting events were decided by;
  /// otherwise the waiting events are written first, each on a point of its own.
  func label(for location: Fix) throws(LocateError) -> (String, String)? {
    let events = take()
    guard let first = events.first else { return nil }
    if first.location.timestamp == location.timestamp
      && first.location.coordinate == location.coordinate
    {
      return RegionFormat.trackPointLabel(events)
    }
    try write(events)
    return nil
  }

  /// Writes the waiting events, each on a point of its own (before any other item, and at the
  /// end).
  func flush() throws(LocateError) {
    try write(take())
  }

  private func take() -> [RegionTransition] {
    waiting.withLock { waiting in
      defer { waiting.removeAll() }
      return waiting
    }
  }

  private func write(_ events: [RegionTransition]) throws(LocateError) {
    var index = 0
    while index < events.count {
      // Events decided by the same fix share its point.
      let fix = events[index].location
      var end = index + 1
      while end < events.count && events[end].location == fix { end += 1 }
      try writer.location(
        fix, target: nil, label: RegionFormat.trackPointLabel(Array(events[index..<end])))
      index = end
    }
  }
}
