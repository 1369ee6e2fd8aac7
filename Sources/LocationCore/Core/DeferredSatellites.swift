/// What a core that defers its satellites (``EngineCore/defersSatellites``) leaves to the
/// thread that hands its events out: the satellite table and the error estimates' chain,
/// kept there from the core's ``SatelliteLog``, in the order the core merged and reported.
package struct DeferredSatellites {
  private var table = SatelliteTable()
  private var rates = ErrorRates()

  /// Nothing received yet.
  package init() {}

  /// Completes the events of one hand-off from `log`, the satellite sentences and marks the
  /// core logged since the last one: the log goes into the table up to each mark, and the event
  /// the mark stands for is completed from it — an epoch's counts and its fix's estimates in
  /// place (``ReportedEpoch/complete(satellites:rates:)``), a sky view by a whole one
  /// (``SatelliteTable/skyView(like:)``); then the rest of the log. Returns the events with
  /// their sky views made whole, or nil when there was none. The same values as the core's
  /// own, which keeps its table itself.
  package mutating func complete(_ events: [CoreEvent], log: SatelliteLog) -> [CoreEvent]? {
    var position: SatelliteLog.Position = 0
    var withSky: [CoreEvent]?
    for index in events.indices {
      switch events[index] {
      case .report(let epoch) where epoch.pending != nil:
        table.replay(log, from: &position)
        epoch.complete(satellites: table, rates: &rates)
      case .sky(let placeholder):
        table.replay(log, from: &position)
        if withSky == nil { withSky = events }
        withSky?[index] = .sky(table.skyView(like: placeholder))
      default:
        break
      }
    }
    while position < log.byteCount { table.replay(log, from: &position) }
    return withSky
  }
}
