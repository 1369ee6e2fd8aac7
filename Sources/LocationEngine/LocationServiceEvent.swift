import FoundationEssentials
import NMEA
import Receivers

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

/// One item of the service's update stream.
public enum LocationServiceEvent: Sendable {
  /// A fix that passed every policy.
  case location(Fix)
  /// The sky view of the epoch just completed.
  case sky(GNSSSkyView)
  /// Authorization changed (with the device state behind it).
  case authorization(Authorization, DeviceState)
  /// The device state changed without changing authorization (silent, talking again).
  case device(DeviceState)
  /// Waiting for a (better) fix.
  case progress(FixProgress)
  /// Updates paused (stationary) or resumed (moving again).
  case paused(Bool)
  /// The last fix is older than the maximum age (a silent receiver).
  case stale(Fix, age: Double)
  /// A region of ``LocationServiceOptions/regions`` was determined or crossed (just before
  /// the deciding fix, when that fix is delivered too).
  case region(RegionTransition)
  /// With ``LocationServiceOptions/visits``: a visit began (its departure
  /// `Date.distantFuture`) or ended, just after the deciding fix (see ``VisitRule``).
  case visit(Visit)
  /// With ``LocationServiceOptions/deliversSentences``: the sentences of one read that passed
  /// framing and the checksum policy, each `$…*hh` (or `!…`) with CR LF, before the events
  /// that read caused.
  case sentences([UInt8])
  /// Part of the input was ignored: a field the receiver sent that cannot be true (the rest of
  /// its sentence used, `sentenceKept`), or a whole sentence. Said once per sentence type and
  /// field; the decoder's counters count them all.
  case ignored(NMEAError, sentenceKept: Bool)
}
