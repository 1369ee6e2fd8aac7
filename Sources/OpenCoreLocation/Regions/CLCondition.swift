/// A condition a ``CLMonitor`` watches (Core Location's protocol). The kind that can be
/// monitored here is ``CLMonitor/CircularGeographicCondition``; any other is reported
/// ``CLMonitoringState/unmonitored`` with ``CLMonitor/Event/conditionUnsupported``.
public protocol CLCondition: Sendable {}

/// The state of a monitored condition (Apple's values).
public enum CLMonitoringState: UInt, Sendable, Hashable {
  /// Not determined yet.
  case unknown = 0
  /// The condition holds: inside the circle.
  case satisfied = 1
  /// The condition does not hold: outside the circle.
  case unsatisfied = 2
  /// The condition is not being monitored (unsupported, or an invalid circle).
  case unmonitored = 3

  /// The state of a region that means this, if any.
  var regionState: CLRegionState {
    switch self {
    case .satisfied: return .inside
    case .unsatisfied: return .outside
    case .unknown, .unmonitored: return .unknown
    }
  }

  /// The monitoring state for a region state.
  init(_ state: CLRegionState) {
    switch state {
    case .inside: self = .satisfied
    case .outside: self = .unsatisfied
    case .unknown: self = .unknown
    }
  }
}

extension CLMonitor {
  /// A circle on the WGS-84 ellipsoid: satisfied inside, unsatisfied outside, decided by
  /// ``RegionHysteresis`` (geodesic distance, correct near the poles and across ±180°).
  ///
  /// It can be monitored when the centre is within ±90° and ±180° and the radius is above 0
  /// and at most ``RegionTracker/maximumRadius`` (20 000 km); otherwise its state is
  /// ``CLMonitoringState/unmonitored``.
  public struct CircularGeographicCondition: CLCondition, Hashable {
    /// The centre.
    public let center: CLLocationCoordinate2D
    /// The radius, metres.
    public let radius: CLLocationDistance

    /// A circle of `radius` metres around `center`.
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
      self.center = center
      self.radius = radius
    }
  }
}
