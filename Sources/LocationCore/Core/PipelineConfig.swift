import ReceiverState

/// How a pipeline is set up.
package struct PipelineConfig {
  /// Whether the source is a replay (stream clock) rather than live (monotonic clock).
  package var isReplay: Bool
  /// Oldest fix handed out as current, seconds.
  package var maximumAge: Double = LocationPolicy.defaultMaximumAge
  /// Whether sky views are built (they allocate).
  package var wantsSky = false
  /// The week-rollover rule (``WeekRollover/live`` or ``WeekRollover/replay`` by default).
  package var rollover: WeekRollover
  /// How replay timestamps are stamped.
  package var timestamps: ReplayTimestamps = .asRecorded
  /// The device or source name put in `GNSSFixInfo.device`.
  package var device: String?
  /// Whether a (re)opened source's first read may be a backlog that is not current (see
  /// ``LocationPolicy``): a serial device's kernel buffer. A TCP or gpsd stream, standard
  /// input and a file have none: their first read is as current as any other.
  package var backlogOnOpen = true
  /// Whether each read's framed sentences are handed out too (``PipelineEvent/sentences(_:)``).
  package var tapsSentences = false
  /// Whether each live epoch's timing is handed out too (``PipelineEvent/timing(_:)``).
  package var tapsTiming = false
  /// The UTC date of the stream's first epoch given by the user (`--date`), days since 1970.
  package var firstDay: Int?

  package init(isReplay: Bool, device: String? = nil) {
    self.isReplay = isReplay
    self.device = device
    rollover = isReplay ? .replay : .live
  }
}
