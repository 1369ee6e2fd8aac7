import FoundationEssentials

/// Progress while waiting for a first fix.
public struct FixProgress: Sendable, Hashable {
  /// Satellites in view across all constellations (0 until the receiver describes the sky:
  /// see `hasSkyView`).
  public var satellitesInView: Int
  /// Whether the receiver has described the sky (a GSV) yet.
  public var hasSkyView: Bool
  /// Satellites used in the solution.
  public var satellitesUsed: Int
  /// Best signal-to-noise ratio in dB-Hz, if any satellite is tracked.
  public var bestSNR: Double?
  /// Seconds since the request started (on the stream's clock).
  public var elapsed: Double
  /// Whether this report follows an epoch the receiver completed without a fix (it talks, but
  /// has no fix), rather than time passing without one (a quiet line) or a fix not accurate
  /// enough.
  public var followsEpochWithoutFix: Bool
  /// That epoch's time, when the receiver dated it (gpsd's mode-1 TPV carries it).
  public var time: Date?

  /// Makes a progress report.
  public init(
    satellitesInView: Int, satellitesUsed: Int, bestSNR: Double?, elapsed: Double,
    hasSkyView: Bool = true, followsEpochWithoutFix: Bool = false, time: Date? = nil
  ) {
    self.satellitesInView = satellitesInView
    self.hasSkyView = hasSkyView
    self.satellitesUsed = satellitesUsed
    self.bestSNR = bestSNR
    self.elapsed = elapsed
    self.followsEpochWithoutFix = followsEpochWithoutFix
    self.time = time
  }
}

extension FixProgress {
  /// `7 satellites in view, 4 used`, or before any sky view `4 satellites used` (nothing is
  /// said of satellites in view the receiver has not described).
  public var satellitesText: String {
    hasSkyView
      ? "\(satellitesInView) satellites in view, \(satellitesUsed) used"
      : "\(satellitesUsed) satellite\(satellitesUsed == 1 ? "" : "s") used"
  }
}
