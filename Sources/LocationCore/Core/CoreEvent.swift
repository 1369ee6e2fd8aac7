import FoundationEssentials
import NMEA
import ReceiverState

/// What an engine's ``EngineCore`` tells every subscriber's ``LocationPipeline``, in order.
package enum CoreEvent {
  /// A read's first sentence: the receiver talks NMEA (authorization).
  case nmea
  /// A replay's stream clock moved, ns.
  case streamMoved(Int64)
  /// The satellites now, on a live source between reports (progress reports; `elapsed` 0).
  case satellites(FixProgress)
  /// An epoch was reported.
  case report(ReportedEpoch)
  /// The satellites in view changed (built when a subscriber wants sky views).
  case sky(GNSSSkyView)
  /// The stream's first date came: the day number of its relative day 0.
  case dateArrived(Int)
  /// Part of the input was ignored (said once per kind and engine).
  case ignored(NMEAError, sentenceKept: Bool)
  /// A heading sentence's reading, timestamped, before any subscriber's filter.
  case heading(HeadingReading)
  /// The time moved after a sentence: a request's deadline may have passed.
  case checkDeadline
  /// A device state, before the epoch it closed.
  case deviceState(DeviceState)
  /// The same state, after the epoch it closed was reported.
  case deviceStateDone(DeviceState)
}

/// An epoch the engine reported, with what it made of it once for every subscriber. A class:
/// the events stay a few words long, and a subscriber keeps its last fix or a request's best
/// one without copying the epoch (a copy per event and subscriber cost a replay 3 % more
/// instructions under callgrind).
package final class ReportedEpoch: @unchecked Sendable {
  /// The assembled epoch.
  package let report: EpochReport
  /// For a fix, the engine's location (with its error estimates; see ``pendingEstimates``).
  package private(set) var fix: Fix?
  /// Whether there is a ``fix``: tested without reading it (`fix != nil` copied the whole fix
  /// out of the object first).
  package let hasFix: Bool
  /// Whether the epoch began in a (re)opened device's backlog (never current).
  package let fromBacklog: Bool
  /// The satellites when it was reported (progress reports; `elapsed` 0).
  package let satellites: FixProgress
  /// When its first byte arrived (while a subscriber wants timings).
  package let timing: EpochTiming?
  /// Set while the fix's error estimates are still to be worked out (see
  /// ``completeEstimates(by:)``); nil once they are in, and when the core worked them out
  /// itself.
  package private(set) var pendingEstimates: PendingEstimates?

  package convenience init(
    report: EpochReport, fix: Fix?, fromBacklog: Bool, timing: EpochTiming? = nil,
    satellites: FixProgress
  ) {
    self.init(
      report: report, fix: fix, hasFix: fix != nil, fromBacklog: fromBacklog, timing: timing,
      satellites: satellites)
  }

  /// An epoch whose caller knows whether `fix` exists (`hasFix`: the fix is not read to tell).
  package init(
    report: EpochReport, fix: Fix?, hasFix: Bool, fromBacklog: Bool, timing: EpochTiming?,
    satellites: FixProgress, pendingEstimates: PendingEstimates? = nil
  ) {
    self.report = report
    self.fix = fix
    self.hasFix = hasFix
    self.fromBacklog = fromBacklog
    self.timing = timing
    self.satellites = satellites
    self.pendingEstimates = pendingEstimates
  }

  /// Works out the fix's error estimates with `rates` (the engine's, in the order the epochs
  /// were reported) when they were deferred, in place: by the one thread that hands the epoch
  /// out, before any subscriber reads its fix (the core that made it keeps it only for its
  /// ``report``, see ``EngineCore/latestFix``).
  package func completeEstimates(by rates: inout ErrorRates) {
    guard let pending = pendingEstimates else { return }
    let estimates = rates.next(
      report, instant: pending.instant, changedDirections: pending.changedDirections)
    fix?.fill(estimates)
    pendingEstimates = nil
  }
}

/// What an epoch's error estimates need beyond the epoch, when its engine leaves them to its
/// delivery stage (``EngineCore/defersEstimates``).
package struct PendingEstimates: Sendable {
  /// The epoch's instant, ns since 1970.
  package var instant: Int64
  /// The directions of the satellites used, when they changed (see ``DirectionTracker``).
  package var changedDirections: [SIMD2<Double>]?
}

/// What a subscriber joining a running engine is told of it.
package struct CoreView {
  /// The replay's stream clock, ns.
  package var streamNow: Int64
  /// The stream's date anchor, once known.
  package var dateAnchor: Int?
  /// The last device state.
  package var device: DeviceState?
  /// Whether the receiver talked NMEA.
  package var nmeaSeen: Bool
  /// The satellites now.
  package var satellites: FixProgress
}
