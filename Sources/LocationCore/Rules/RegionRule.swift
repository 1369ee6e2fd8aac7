/// Inside, outside, or not yet known: the state of one monitored region (Apple's values).
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
/// fix's horizontal accuracy, `h = min(margin, r / 2)` the hysteresis margin (20 m by default)
/// and `band = max(h, a)`:
/// - a fix with unknown accuracy (negative) decides nothing;
/// - from *unknown*: inside when `d ≤ r − a`, outside when `d ≥ r + a`;
/// - from *outside*: inside when `d ≤ r − band`;
/// - from *inside*: outside when `d ≥ r + band`;
/// - anything else leaves the state as it was.
///
/// So a receiver jittering by less than `h` around the boundary produces no events, a crossing
/// shallower than `h` is not reported, and a fix whose uncertainty straddles the band cannot
/// change the state. The default margin is 20 m: about four times the 1-sigma horizontal
/// error of a consumer receiver in open sky, and more than the ±15 m jitter seen parked beside
/// buildings. Regions smaller than 40 m across get a margin of half their radius, so that they
/// can still be entered.
public struct RegionHysteresis: Sendable, Hashable {
  /// The default margin `h`, metres.
  public static let defaultMargin = 20.0

  /// The hysteresis margin `h` in metres before halving for small regions (default 20;
  /// negative values count as 0).
  public var margin: Double

  /// Makes a rule with a margin in metres.
  public init(margin: Double = RegionHysteresis.defaultMargin) { self.margin = max(0, margin) }

  /// The margin `h` for a region of `radius` metres: `min(margin, r / 2)`, never negative.
  public func margin(forRadius radius: Double) -> Double {
    max(0, min(margin, radius / 2))
  }

  /// The state after a fix at `distance` metres from the centre with horizontal `accuracy`,
  /// from `current`; `nil` when the fix does not change it.
  public func decide(
    distance: Double, radius: Double, accuracy: Double, current: CLRegionState
  ) -> CLRegionState? {
    guard accuracy >= 0, distance.isFinite, accuracy.isFinite, radius.isFinite else {
      return nil
    }
    let band = max(margin(forRadius: radius), accuracy)
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
