import NMEA
import Receivers

/// What the commands ask of the service.
public struct LocationServiceOptions: Sendable {
  /// Where the bytes come from.
  public var source: ReceiverSource
  /// Checksum policy for the NMEA framer.
  public var checksumPolicy: ChecksumPolicy = .strict
  /// Oldest fix handed out as current, seconds (default ``LocationPolicy/defaultMaximumAge``,
  /// 5 s).
  public var maximumAge: Double = LocationPolicy.defaultMaximumAge
  /// Desired horizontal accuracy in metres (`kCLLocationAccuracyBest` = −1 accepts any fix).
  /// ``LocationService/currentLocation(timeout:progress:)`` waits for a fix this good;
  /// ``LocationService/updates()`` holds back fixes less accurate (reporting progress instead).
  public var desiredAccuracy: Double = kCLLocationAccuracyBest
  /// Minimum geodesic distance from the last delivered fix, metres (`kCLDistanceFilterNone` =
  /// −1: none).
  public var distanceFilter: Double = kCLDistanceFilterNone
  /// Activity type (sets the pause thresholds, ``PauseThresholds``).
  public var activityType: ActivityType = .other
  /// Whether updates pause automatically while stationary.
  public var pausesAutomatically = true
  /// Reader options (reconnect, silence timeout).
  public var receiverOptions = ReceiverOptions()
  /// Whether ``LocationService/updates()`` delivers sky views (``LocationServiceEvent/sky(_:)``,
  /// default true). Building one allocates: turn it off when nothing reads them.
  public var deliversSkyViews = true
  /// How a replay's timestamps are stamped (default: as recorded).
  public var replayTimestamps: ReplayTimestamps = .asRecorded
  /// Regions monitored alongside ``LocationService/updates()`` (default: none): every current
  /// fix, delivered or not, is applied to them, and each change arrives as
  /// ``LocationServiceEvent/region(_:)``.
  public var regions = RegionTracker()
  /// Visit detection alongside ``LocationService/updates()`` (default nil: none): every
  /// current fix is applied to the rule, and each visit begun or ended arrives as
  /// ``LocationServiceEvent/visit(_:)``.
  public var visits: VisitRule? = nil
  /// Whether ``LocationService/updates()`` also hands out the receiver's sentences as they came
  /// (``LocationServiceEvent/sentences(_:)``, default false): what `locate serve` relays to
  /// gpsd's NMEA and raw watchers. Framing them a second time costs a little per read.
  public var deliversSentences = false

  /// Called on the reader's thread for each epoch of a live source (fix or not, whatever the
  /// delivery filters hold back) with when its first byte arrived and the receiver's time of
  /// it, before the epoch's events reach ``LocationService/updates()`` or
  /// ``LocationService/observe(_:)``: what a time service makes its samples of. It must not
  /// block. Default nil: no timings (they cost a clock reading per read). Replays have none.
  public var epochTiming: (@Sendable (EpochTiming) -> Void)?

  /// The UTC date of the first epoch, for a receiver or capture that sends no date (`--date`):
  /// later epochs are dated from it across midnights. A date the receiver sends wins. Default
  /// nil: an epoch with no date from the receiver is undated (`GNSSFixInfo.hasDate`).
  public var date: NMEADate?

  /// Options for a source, the rest at their defaults.
  public init(source: ReceiverSource) { self.source = source }
}
