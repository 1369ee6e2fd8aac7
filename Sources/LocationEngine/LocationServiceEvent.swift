import FoundationEssentials
import NMEA
import Receivers

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
