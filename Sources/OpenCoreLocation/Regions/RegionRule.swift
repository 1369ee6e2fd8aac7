import Geodesy

/// Inside, outside, or not yet known: the state of one monitored region.
public enum CLRegionState: Int, Sendable, Hashable {
  /// Not determined yet (no fix accurate enough to decide).
  case unknown = 0
  /// Inside the region.
  case inside = 1
  /// Outside the region.
  case outside = 2
}

/// The rule that decides whether a fix is inside a circular region, without flapping.
///
/// With `d` the geodesic (WGS-84) distance from the fix to the centre, `r` the radius, `a` the
/// fix's horizontal accuracy and `m = max(h, a)` where `h = min(margin, r / 2)`:
/// - a fix with unknown accuracy (negative) decides nothing;
/// - from *unknown*: inside when `d ≤ r − a`, outside when `d ≥ r + a`;
/// - from *outside*: inside when `d ≤ r − m`;
/// - from *inside*: outside when `d ≥ r + m`;
/// - anything else leaves the state as it was.
///
/// So a receiver jittering by less than `h` around the boundary produces no events, a crossing
/// shallower than `h` is not reported, and a fix whose uncertainty straddles the band cannot
/// change the state. The default margin is 20 m: about four times the 1-sigma horizontal
/// error of a consumer receiver in open sky, and more than the ±15 m jitter seen parked beside
/// buildings.
public struct RegionHysteresis: Sendable, Hashable {
  /// The hysteresis margin `h` in metres before halving for small regions (default 20).
  public var margin: Double

  /// Makes a rule with a margin in metres.
  public init(margin: Double = 20) { self.margin = max(0, margin) }

  /// The state after a fix at `distance` metres from the centre with horizontal `accuracy`,
  /// from `current`; `nil` when the fix does not change it.
  public func decide(
    distance: Double, radius: Double, accuracy: Double, current: CLRegionState
  ) -> CLRegionState? {
    guard accuracy >= 0, distance.isFinite, accuracy.isFinite else { return nil }
    let band = max(min(margin, radius / 2), accuracy)
    switch current {
    case .unknown:
      if distance <= radius - accuracy { return .inside }
      if distance >= radius + accuracy { return .outside }
    case .outside:
      if distance <= radius - band { return .inside }
    case .inside:
      if distance >= radius + band { return .outside }
    }
    return nil
  }
}

/// One change of a region's state, and the fix that decided it.
public struct RegionTransition: Sendable {
  /// The region's identifier.
  public var identifier: String
  /// The new state.
  public var state: CLRegionState
  /// The fix that decided it.
  public var location: CLLocation
  /// Geodesic distance from the fix to the region's centre, metres.
  public var distance: Double
}

/// Tracks the state of many circular regions as fixes arrive (the engine behind `CLMonitor`,
/// the classic region callbacks and `locate watch --region`).
public struct RegionTracker: Sendable {
  struct Entry: Sendable {
    var identifier: String
    var center: CLLocationCoordinate2D
    var radius: Double
    var state: CLRegionState
  }

  /// The rule applied to every fix.
  public var rule: RegionHysteresis
  var entries: [Entry] = []

  /// Makes an empty tracker.
  public init(rule: RegionHysteresis = RegionHysteresis()) { self.rule = rule }

  /// The identifiers, in the order added.
  public var identifiers: [String] { entries.map(\.identifier) }

  /// Adds (or replaces) a circular region, in `state` until a fix decides otherwise.
  public mutating func add(
    identifier: String, center: CLLocationCoordinate2D, radius: Double,
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

  /// The current state of a region, or `nil` when it is not monitored.
  public func state(of identifier: String) -> CLRegionState? {
    entries.first { $0.identifier == identifier }?.state
  }

  /// Applies one fix to every region and returns the changes it caused, in the order the
  /// regions were added.
  public mutating func evaluate(_ location: CLLocation) -> [RegionTransition] {
    var changes: [RegionTransition] = []
    for index in entries.indices {
      let entry = entries[index]
      let distance = Geodesic.wgs84.inverse(
        latitude1: location.coordinate.latitude, longitude1: location.coordinate.longitude,
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
          identifier: entry.identifier, state: next, location: location, distance: distance))
    }
    return changes
  }
}
