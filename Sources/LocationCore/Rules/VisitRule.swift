import FoundationEssentials

/// When a stay is a visit: the receiver's fixes stayed within ``radius`` metres of the stay's
/// first fix for at least ``minimumDwell`` seconds (stay-point detection, Li et al. 2008, as
/// GeoLife uses it).
///
/// - A stay starts at a fix, the anchor; it goes on while each fix is within ``radius`` of the
///   anchor. When one is not, a stay that lasted less than ``minimumDwell`` is no visit: the
///   anchor moves to the next fix from which every later fix so far is within ``radius``.
/// - When a fix within ``radius`` comes ``minimumDwell`` or more after the anchor, the visit is
///   delivered with `departureDate = Date.distantFuture`; when the first fix beyond ``radius``
///   comes, it is delivered again, complete: `departureDate` is the last fix within
///   ``radius``. `arrivalDate` is the anchor's time, so it includes the last ``radius`` metres
///   of the approach (about 50 m / 14 m/s ≈ 4 s for a car braking to a stop, 35 s for a walker).
/// - `coordinate` is the mean of the stay's fixes; `horizontalAccuracy` is the larger of their
///   root-mean-square distance from it and their mean horizontal accuracy (when known).
/// - Only current fixes count (see ``LocationPolicy``); a gap without fixes (a garage, a
///   tunnel, the receiver unplugged) does not end a stay: the next fix decides.
///
/// Why 50 m and 5 minutes: a consumer receiver standing still wanders by its horizontal
/// accuracy, typically 2–20 m (HDOP × 19 m in this library's error model), so 50 m keeps a
/// parked receiver inside its stay while separating neighbouring buildings; 5 minutes is longer
/// than a red light (the simulator's random stops last 10–30 s) or a level crossing, and short
/// enough to catch a coffee stop. Apple's visits need a few minutes at a place too.
public struct VisitRule: Sendable, Hashable {
  /// The default radius, metres.
  public static let defaultRadius = 50.0
  /// The default minimum dwell, seconds.
  public static let defaultMinimumDwell = 300.0

  /// How far from the stay's first fix the receiver may wander, metres.
  public var radius: Double
  /// How long the receiver must stay for a visit, seconds.
  public var minimumDwell: Double

  /// A rule (the defaults: 50 m, 5 minutes).
  public init(
    radius: Double = VisitRule.defaultRadius, minimumDwell: Double = VisitRule.defaultMinimumDwell
  ) {
    self.radius = radius
    self.minimumDwell = minimumDwell
  }
}
