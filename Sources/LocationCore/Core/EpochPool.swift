/// The ``ReportedEpoch`` objects a core may reuse: given back by whoever saw them let go
/// (``recycle(_:)``; for a replay, its delivery stage, once no subscriber holds them), and
/// reset for a later epoch instead of a new object per epoch.
struct EpochPool {
  /// The objects given back.
  private var free: [ReportedEpoch] = []
  /// How many epochs were made of an object given back.
  private(set) var reused = 0

  /// An epoch made of these values: a free object, reset, else a new one.
  mutating func make(
    report: EpochReport, fix: Fix?, hasFix: Bool, fromBacklog: Bool, timing: EpochTiming?,
    satellites: FixProgress, pending: PendingSatellites?
  ) -> ReportedEpoch {
    // (Checked again: an object someone still holds is left to them, never reset.)
    while var epoch = free.popLast() {
      guard isKnownUniquelyReferenced(&epoch) else { continue }
      epoch.reset(
        report: report, fix: fix, hasFix: hasFix, fromBacklog: fromBacklog, timing: timing,
        satellites: satellites, pending: pending)
      reused += 1
      return epoch
    }
    return ReportedEpoch(
      report: report, fix: fix, hasFix: hasFix, fromBacklog: fromBacklog, timing: timing,
      satellites: satellites, pending: pending)
  }

  /// Takes the objects in `epochs` (leaving it empty, its memory kept): each held by `epochs`
  /// alone, and last touched by another thread before a lock the caller has taken since.
  mutating func recycle(_ epochs: inout [ReportedEpoch]) {
    free.append(contentsOf: epochs)
    epochs.removeAll(keepingCapacity: true)
  }
}
