import NMEA
import Receivers

/// What a client asks of its session beyond its input and sink (defaults: Core Location's).
package struct SessionSettings {
  /// Whether the source is a replay (stream clock) rather than live.
  package var isReplay: Bool
  /// The clock (tests use ``ManualClock``).
  package var clock: any LocationClock = SystemClock()
  /// Checksum policy.
  package var checksumPolicy: ChecksumPolicy = .strict
  /// Oldest fix handed out as current, seconds.
  package var maximumAge: Double = LocationPolicy.defaultMaximumAge
  /// How replay timestamps are stamped.
  package var timestamps: ReplayTimestamps = .asRecorded
  /// Called with the session as it starts (tests feed bytes through it).
  package var onStart: (@Sendable (LocationSession) -> Void)?

  /// Settings for a live source or a replay; the rest as declared.
  package init(
    isReplay: Bool, clock: any LocationClock = SystemClock(),
    checksumPolicy: ChecksumPolicy = .strict,
    maximumAge: Double = LocationPolicy.defaultMaximumAge,
    timestamps: ReplayTimestamps = .asRecorded,
    onStart: (@Sendable (LocationSession) -> Void)? = nil
  ) {
    self.isReplay = isReplay
    self.clock = clock
    self.checksumPolicy = checksumPolicy
    self.maximumAge = maximumAge
    self.timestamps = timestamps
    self.onStart = onStart
  }
}

extension LocationSession {
  /// A client session of the engine of `input` (see ``ReceiverEngine``): the one set-up every
  /// front-end uses (``CLLocationManager``, `liveUpdates()`, ``CLMonitor``,
  /// ``LocationService``, ``CLServiceSession``). `adjust` sets what only some clients want
  /// (sky views, sentences, a first date).
  package static func client(
    _ input: SessionInput, _ settings: SessionSettings,
    adjust: (inout PipelineConfig) -> Void = { _ in },
    sink: @escaping @Sendable ([PipelineEvent], LocationSession) -> Void
  ) -> LocationSession {
    var config = PipelineConfig(
      isReplay: settings.isReplay, device: LocationService.deviceName(input))
    config.maximumAge = settings.maximumAge
    config.timestamps = settings.timestamps
    adjust(&config)
    let session = LocationSession(
      input: input, config: config, checksumPolicy: settings.checksumPolicy,
      clock: settings.clock, sink: sink)
    session.onStart = settings.onStart
    return session
  }
}
