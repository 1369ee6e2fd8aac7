import NMEA
import Receivers

/// What a pipeline tells its client, in order.
package enum PipelineEvent: Sendable {
  /// A current fix that passed the delivery filters (continuous clients).
  case location(Fix)
  /// The satellites in view changed.
  case sky(GNSSSkyView)
  /// Authorization changed.
  case authorization(Authorization, DeviceState)
  /// The device state changed without changing authorization.
  case device(DeviceState)
  /// Waiting for a (better) fix.
  case progress(FixProgress)
  /// Updates paused (true) or resumed (false), with the fix that decided it.
  case paused(Bool, Fix)
  /// The last fix is older than the maximum age.
  case stale(Fix, age: Double)
  /// The one-shot request got its fix.
  case oneShotFix(Fix)
  /// The one-shot request's time ran out: the best fix seen (not accurate enough), and the
  /// error describing the failure.
  case oneShotTimeout(best: Fix?, error: EngineError)
  /// The one-shot request cannot succeed (denied, busy, no receiver, input ended).
  case oneShotFailed(EngineError)
  /// A watched region's state changed (region monitoring).
  case region(RegionTransition)
  /// A heading that passed the heading filter (see ``HeadingRule``).
  case heading(HeadingReading)
  /// A visit began (departure `distantFuture`) or ended (see ``VisitRule``).
  case visit(Visit)
  /// The framed sentences of one read, each with CR LF (``PipelineConfig/tapsSentences``).
  case sentences([UInt8])
  /// When a live epoch's first byte arrived, against its time (``PipelineConfig/tapsTiming``),
  /// before the epoch's other events.
  case timing(EpochTiming)
  /// Part of the input was ignored (see ``LocationServiceEvent/ignored(_:sentenceKept:)``).
  case ignored(NMEAError, sentenceKept: Bool)
  /// The input ended (a replay's end, or a source that does not reconnect), with the error a
  /// request still waiting gets.
  case ended(EngineError)
}

/// A request for one fresh fix, inside a pipeline.
package struct OneShotRequest {
  /// Service time the request started; epochs that began earlier are not current.
  package var startedAt: Int64
  /// Monotonic deadline, ns.
  package var monotonicDeadline: Int64
  /// For replays: the stream time waited so far (each step of the stream clock counted up to
  /// ``LocationPolicy/replayStepLimit``), the timeout, and the stream time last counted, ns.
  package var streamWaited: Int64 = 0
  package var streamTimeout: Int64
  package var streamCounted: Int64
  /// Desired accuracy, metres (< 0: any fix).
  package var desiredAccuracy: Double
  /// The timeout, seconds.
  package var timeout: Double
  /// The most accurate current fix seen that was not accurate enough.
  var best: ReportedEpoch?
}
