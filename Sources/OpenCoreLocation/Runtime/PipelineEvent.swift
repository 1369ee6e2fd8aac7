import Foundation
import NMEA
import Receivers

/// What a pipeline tells its client, in order.
enum PipelineEvent: Sendable {
  /// A current fix that passed the delivery filters (continuous clients).
  case location(CLLocation)
  /// The satellites in view changed.
  case sky(GNSSSkyView)
  /// Authorization changed.
  case authorization(CLAuthorizationStatus, DeviceState)
  /// The device state changed without changing authorization.
  case device(DeviceState)
  /// Waiting for a (better) fix.
  case progress(FixProgress)
  /// Updates paused (true) or resumed (false), with the fix that decided it.
  case paused(Bool, CLLocation)
  /// The last fix is older than the maximum age.
  case stale(CLLocation, age: Double)
  /// The one-shot request got its fix.
  case oneShotFix(CLLocation)
  /// The one-shot request's time ran out: the best fix seen (not accurate enough), and the
  /// error describing the failure.
  case oneShotTimeout(best: CLLocation?, error: CLError)
  /// The one-shot request cannot succeed (denied, busy, no receiver, input ended).
  case oneShotFailed(CLError)
  /// A watched region's state changed (region monitoring).
  case region(RegionTransition)
  /// A heading that passed the heading filter (see ``HeadingRule``).
  case heading(CLHeading)
  /// A visit began (departure `distantFuture`) or ended (see ``VisitRule``).
  case visit(CLVisit)
  /// The framed sentences of one read, each with CR LF (``PipelineConfig/tapsSentences``).
  case sentences([UInt8])
  /// Part of the input was ignored (see ``LocationServiceEvent/ignored(_:sentenceKept:)``).
  case ignored(NMEAError, sentenceKept: Bool)
  /// The input ended (a replay's end, or a source that does not reconnect), with the error a
  /// request still waiting gets.
  case ended(CLError)
}

/// A request for one fresh fix, inside a pipeline.
struct OneShotRequest {
  /// Service time the request started; epochs that began earlier are not current.
  var startedAt: Int64
  /// Monotonic deadline, ns.
  var monotonicDeadline: Int64
  /// For replays: the stream time waited so far (each step of the stream clock counted up to
  /// ``LocationPolicy/replayStepLimit``), the timeout, and the stream time last counted, ns.
  var streamWaited: Int64 = 0
  var streamTimeout: Int64
  var streamCounted: Int64
  /// Desired accuracy, metres (< 0: any fix).
  var desiredAccuracy: Double
  /// The timeout, seconds.
  var timeout: Double
  /// The most accurate current fix seen that was not accurate enough.
  var best: EpochReport?
}
