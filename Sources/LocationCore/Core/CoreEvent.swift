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
///
/// What ``complete(satellites:rates:)`` fills in is written once, by the one thread that hands
/// the epoch out and before it does: its properties are not checked for exclusive access at
/// run time (each read by every subscriber's pipeline cost a check). Its core reuses the
/// object for a later epoch once nobody else holds it (``EpochPool``, ``reset(report:fix:hasFix:fromBacklog:timing:satellites:pending:)``).
package final class ReportedEpoch: @unchecked Sendable {
  /// The assembled epoch (its satellite counts filled in by ``complete(satellites:rates:)``
  /// when they were deferred).
  @exclusivity(unchecked) package private(set) var report: EpochReport
  /// For a fix, the engine's location (with its error estimates; see ``pending``).
  @exclusivity(unchecked) package private(set) var fix: Fix?
  /// Whether there is a ``fix``: tested without reading it (`fix != nil` copied the whole fix
  /// out of the object first).
  @exclusivity(unchecked) package private(set) var hasFix: Bool
  /// Whether the epoch began in a (re)opened device's backlog (never current).
  @exclusivity(unchecked) package private(set) var fromBacklog: Bool
  /// The satellites when it was reported (progress reports; `elapsed` 0).
  @exclusivity(unchecked) package private(set) var satellites: FixProgress
  /// When its first byte arrived (while a subscriber wants timings).
  @exclusivity(unchecked) package private(set) var timing: EpochTiming?
  /// Set while the epoch's satellites and its fix's error estimates are still to be filled in
  /// (see ``complete(satellites:rates:)``); nil once they are, and when the core did it itself.
  @exclusivity(unchecked) package private(set) var pending: PendingSatellites?

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
    satellites: FixProgress, pending: PendingSatellites? = nil
  ) {
    self.report = report
    self.fix = fix
    self.hasFix = hasFix
    self.fromBacklog = fromBacklog
    self.timing = timing
    self.satellites = satellites
    self.pending = pending
  }

  /// Makes this object another epoch, as ``init(report:fix:hasFix:fromBacklog:timing:satellites:pending:)``
  /// would: only by its core's ``EpochPool``, once no one else holds it.
  package func reset(
    report: EpochReport, fix: Fix?, hasFix: Bool, fromBacklog: Bool, timing: EpochTiming?,
    satellites: FixProgress, pending: PendingSatellites?
  ) {
    self.report = report
    self.fix = fix
    self.hasFix = hasFix
    self.fromBacklog = fromBacklog
    self.timing = timing
    self.satellites = satellites
    self.pending = pending
  }

  /// Fills in what the core left out when its satellites are kept elsewhere
  /// (``EngineCore/defersSatellites``): the counts from `table` (the satellites as they were
  /// when the epoch was reported: ``SatelliteTable/replay(_:from:)``) into the report, the
  /// progress and the fix, and the fix's error estimates from `rates` (in the order the epochs
  /// were reported). In place, by the one thread that hands the epoch out, before any
  /// subscriber reads it; the core that made it keeps none of it (``EngineCore/latestFix``).
  /// The same values as the core's own (``FixAssembler/report(_:)``,
  /// ``EngineCore/process(_:)``).
  package func complete(satellites table: SatelliteTable, rates: inout ErrorRates) {
    guard let pending else { return }
    var report = self.report
    // Without the table the core counted GGA's satellites; a GSA's list wins.
    if table.hasUsedList && table.usedCount > 0 { report.satellitesUsed = table.usedCount }
    report.satellitesInView = table.hasSkyView ? table.inViewCount : nil
    report.bestSNR = table.bestSNR
    var satellites = self.satellites
    satellites.satellitesInView = table.inViewCount
    satellites.satellitesUsed = table.hasUsedList ? table.usedCount : (report.satellitesUsed ?? 0)
    satellites.bestSNR = report.bestSNR
    satellites.hasSkyView = table.hasSkyView
    let estimates = rates.next(report, instant: pending.instant, satellites: table)
    if hasFix {
      let (used, inView) = (report.satellitesUsed, report.satellitesInView)
      complete(&fix, used: used, inView: inView, estimates: estimates)
    }
    self.report = report
    self.satellites = satellites
    self.pending = nil
  }

  /// The fix's part of ``complete(satellites:rates:)``, in place.
  private func complete(
    _ fix: inout Fix?, used: Int?, inView: Int?, estimates: ErrorRates.Estimates
  ) {
    fix?.gnss?.satellitesUsed = used
    fix?.gnss?.satellitesInView = inView
    fix?.fill(estimates)
  }
}

/// What an epoch needs beyond itself to be completed on another thread than its core's
/// (``EngineCore/defersSatellites``).
package struct PendingSatellites: Sendable {
  /// The epoch's instant, ns since 1970, for its error estimates.
  package var instant: Int64
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
