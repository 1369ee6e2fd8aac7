// When each epoch's first byte arrived (``EpochArrivals``), for timings: kept while some
// subscriber wants them (``PipelineConfig/tapsTiming``), never for a replay.
extension EngineCore {
  /// A subscriber that wants timings joined (a replay has none).
  package mutating func trackArrivals() {
    if !config.isReplay { tracksArrivals = true }
  }

  /// Before the read numbered next is decoded (``beginRead(at:wall:)`` follows): its arrival on
  /// the system clock too, and whether the decoder carries a line begun in an earlier read.
  package mutating func readArrives(at: Int64, realtime: Int64, carrying: Bool) {
    arrivals.beginRead(
      reads + 1, at: EpochArrivals.Arrival(monotonic: at, realtime: realtime),
      carrying: carrying)
  }

  /// After a read was decoded: whether the decoder carries a line into the next one.
  package mutating func readDecoded(carrying: Bool) {
    if tracksArrivals { arrivals.endRead(carrying: carrying) }
  }

  /// When the epoch's first byte arrived, against the receiver's time of it.
  package mutating func timing(of report: EpochReport) -> EpochTiming? {
    guard let arrival = arrivals.reported(startRead: report.startRead) else { return nil }
    return EpochTiming(
      receiverTime: report.day == nil ? nil : report.instant, isFix: report.isFix,
      firstByteRealtime: arrival.realtime, firstByteMonotonic: arrival.monotonic)
  }
}
