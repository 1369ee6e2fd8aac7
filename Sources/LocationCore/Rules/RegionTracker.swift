import Geodesy

/// One change of a region's state, and the fix that decided it.
public struct RegionTransition: Sendable {
  /// The region's identifier.
  public var identifier: String
  /// The state before: ``CLRegionState/unknown`` for the first determination, else the
  /// opposite of ``state`` (a crossing).
  public var previous: CLRegionState
  /// The new state.
  public var state: CLRegionState
  /// The fix that decided it.
  public var location: Fix
  /// Geodesic distance from the fix to the region's centre, metres.
  public var distance: CLLocationDistance
  /// The region's centre.
  public var center: CLLocationCoordinate2D
  /// The region's radius, metres.
  public var radius: CLLocationDistance

  /// Whether this is a crossing (inside to outside or back), not the first determination.
  public var isCrossing: Bool { previous != .unknown }
}

/// Tracks the state of many circular regions as fixes arrive (the engine behind `CLMonitor`,
/// the classic region callbacks and `locate watch --region`), by ``RegionHysteresis``.
public struct RegionTracker: Sendable {
  /// The largest radius that still describes a circle on the Earth, metres: 20 000 km, just
  /// under the longest geodesic (half a meridian, 20 003.9 km). A larger circle would hold
  /// the whole globe.
  public static let maximumRadius: CLLocationDistance = 20_000_000

  package struct Entry: Sendable {
    package var identifier: String
    package var center: CLLocationCoordinate2D
    package var radius: Double
    package var state: CLRegionState
  }

  /// The rule applied to every fix.
  public var rule: RegionHysteresis
  package var entries: [Entry] = []

  /// Makes an empty tracker.
  public init(rule: RegionHysteresis = RegionHysteresis()) { self.rule = rule }

  /// Whether a circle can be monitored: a valid centre (±90°, ±180°) and a radius above 0 and
  /// at most ``maximumRadius``.
  public static func canMonitor(center: CLLocationCoordinate2D, radius: CLLocationDistance)
    -> Bool
  {
    CLLocationCoordinate2DIsValid(center) && radius > 0 && radius <= maximumRadius
  }

  /// The identifiers, in the order added.
  public var identifiers: [String] { entries.map(\.identifier) }

  /// Whether no region is tracked.
  public var isEmpty: Bool { entries.isEmpty }

  /// Adds (or replaces) a circular region, in `state` until a fix decides otherwise. A region
  /// that ``canMonitor(center:radius:)`` refuses is tracked but never decided.
  public mutating func add(
    identifier: String, center: CLLocationCoordinate2D, radius: CLLocationDistance,
    state: CLRegionState = .unknown
  ) {
    let entry = Entry(identifier: identifier, center: center, radius: radius, state: state)
    if let index = entries.firstIndex(where: { $0.identifier == identifier }) {
      entries[index] = entry
    } else {
      entries.append(entry)
    }
  }

  /// Removes a region; unknown identifiers are ignored.
  public mutating func remove(identifier: String) {
    entries.removeAll { $0.identifier == identifier }
  }

  /// The current state of a region, or `nil` when it is not tracked.
  public func state(of identifier: String) -> CLRegionState? {
    entries.first { $0.identifier == identifier }?.state
  }

  /// Applies one fix to every region and returns the changes it caused, in the order the
  /// regions were added. A fix with an invalid coordinate changes nothing.
  public mutating func evaluate(_ location: Fix) -> [RegionTransition] {
    let position = location.coordinate
    guard CLLocationCoordinate2DIsValid(position), location.horizontalAccuracy >= 0 else {
      return []
    }
    var changes: [RegionTransition] = []
    for index in entries.indices {
      let entry = entries[index]
      guard Self.canMonitor(center: entry.center, radius: entry.radius) else { continue }
      let distance = Geodesic.wgs84.inverse(
        latitude1: position.latitude, longitude1: position.longitude,
        latitude2: entry.center.latitude, longitude2: entry.center.longitude
      ).distance
      guard
        let next = rule.decide(
          distance: distance, radius: entry.radius, accuracy: location.horizontalAccuracy,
          current: entry.state),
        next != entry.state
      else { continue }
      entries[index].state = next
      changes.append(
        RegionTransition(
          identifier: entry.identifier, previous: entry.state, state: next, location: location,
          distance: distance, center: entry.center, radius: entry.radius))
    }
    return changes
  }
}
