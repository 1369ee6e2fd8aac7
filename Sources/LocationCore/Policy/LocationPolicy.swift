import FoundationEssentials

/// The numbers behind the location service's policies, in one place.
///
/// **Freshness.** Nothing that arrived before a request is handed out as current:
/// - an epoch whose first sentence arrived before the request started is not current (the
///   cached last position is never returned by ``LocationService/currentLocation(timeout:progress:)``
///   or ``CLLocationManager/requestLocation()``);
/// - on a serial device, epochs that began in the first read after the device was (re)opened
///   are not current when that read came within ``quietGap`` of the open: it can hold the
///   kernel's buffer (what the receiver sent while nobody read it), and the epoch in progress
///   was joined midway. A first read after the line was quiet that long begins a burst sent
///   after the open, and counts (a receiver that starts talking after `watch` opened it loses
///   no epoch). A TCP bridge, gpsd, standard input and a file have no such buffer: their first
///   read counts like any other (``ReceiverSource/hasKernelBuffer``);
/// - a fix older than the maximum age (``defaultMaximumAge``, 5 s) is stale: it is not delivered,
///   and when the receiver goes silent or loses its fix, a `stale` event says how old the last
///   fix is.
///
/// **Clocks.** A live source runs on the monotonic clock (arrival times). A replay (capture file,
/// standard input) runs on the stream's own clock, built from the receivers' UTC times of day
/// (midnight handled; a backward jump holds the clock): ages, timeouts and pauses behave as they
/// did live, however fast the replay runs. A replay's timeout also ends by the wall clock (a
/// stalled pipe does not hang).
///
/// **Dates.** RMC and ZDA carry the date; it is carried across midnights (a time of day
/// stepping back by more than an hour is the next day) and, in a replay, back to the epochs
/// before the first one (up to ``UndatedHold/limit`` undated fixes wait for it). With no date
/// from the receiver a fix is undated (`GNSSFixInfo.hasDate`): never the host's date, except
/// live while the host's clock agrees with the receiver's time of day within
/// ``DateTracker/clockWindow`` (60 s). ``LocationServiceOptions/date`` (`--date`) gives the
/// first epoch's date; the receiver's wins. A date before 1980-01-06 (a cold-boot default such
/// as 1980-01-05) or after 2199 is impossible: ignored, it dates nothing. Old firmware's
/// 1024-week rollover: a date earlier than the pivot gets +1024 weeks (7168 days) until it is
/// not — 2025-01-01 for a live receiver (a receiver cannot be older than this software; gpsd
/// 3.22 uses 2017-01-01), 2000-01-01 for a replay (a capture's dates are history, except those
/// only a rolled-over receiver sends, such as Telit's 1999-08-22 for 2019-04-07).
///
/// **Fixes.** Never a fix from RMC/GLL status `V`, GGA quality 0, FAA mode `N`, GSA mode 1, or
/// an empty or 0,0 position. A satellite count never voids a fix (a GGA count of `00` is a
/// field left unfilled). 3D: GSA mode 3, or an altitude with 4 or more satellites (or an
/// unstated count; a GSA 2D declaration with 4+ satellites and an altitude counts as 3D); an
/// epoch without altitude or GSA within 5 s of a 3D one stays 3D, without an altitude.
/// Dead-reckoned and simulated fixes are marked (`gnss.status`,
/// `sourceInformation.isSimulatedBySoftware`).
///
/// **Accuracy.** See ``Fix/horizontalAccuracy``: GST when sent, else DOP × gpsd 3.22's UERE, −1 when
/// unknown. A request for one fix waits until one is at least as accurate as desired
/// (`kCLLocationAccuracyBest` and `…BestForNavigation` accept any fix); a fix of unknown
/// accuracy satisfies only those.
///
/// **Distance filter.** A fix is delivered only when its geodesic (WGS-84) distance from the
/// last *delivered* fix is at least the filter (exactly at the threshold: delivered).
///
/// **Automatic pause.** See ``PauseThresholds``.
///
/// **Progress.** While a request waits for a (better) fix, a progress event (satellites in
/// view and used, best SNR, time waited) per epoch, and on a live source at least once a second
/// even when the receiver sends no epoch (a cold start with empty time fields).
public enum LocationPolicy {
  /// Oldest fix handed out as current, seconds.
  public static let defaultMaximumAge: Double = 5
  /// How long ``CLLocationManager/requestLocation()`` waits for a fix as accurate as
  /// `desiredAccuracy` before delivering the best one it has, seconds (service clock).
  public static let requestLocationTimeout: Double = 10
  /// How long a live line must be quiet after an epoch before that epoch is reported, while
  /// its cycle ender is still being learned (the first epochs of a session), seconds. Without
  /// it, those epochs were reported only when the next one began: one cycle late, which is
  /// every fix `locate current` ever saw. The line is quiet only when the reader has nothing
  /// left either: bytes waiting for a reader that fell behind (its thread waiting for the CPU)
  /// may be the rest of the epoch (``Receiver/hasUnreadInput``). Also how long after an open a
  /// first read may still be a backlog (see the freshness rule above).
  public static let quietGap: Double = 0.05
  /// How many events may queue ahead of a slow consumer before reading pauses, for every
  /// source: a replay's file, a TCP or gpsd socket (left unread, so the server slows down) and a
  /// serial device (whose kernel buffer then drops what does not fit, as a UART does). A live
  /// source that several clients of the process read (see ``CLLocationManager``) is never
  /// paused for one of them: a client that falls this far behind loses its oldest events.
  public static let queueLimit = 1024
  /// The limit replays had before every source got one: ``queueLimit``.
  public static let replayQueueLimit = queueLimit
  /// The most one step of a replay's clock counts toward a request's timeout, seconds: a
  /// longer jump (a gap in the recording, a receiver setting its clock, as mtk-3301's from
  /// 1980-01-05 23:59 to 08:14) is not time spent waiting for a fix. Ages still use the whole
  /// step (the last fix before a gap is stale after it).
  public static let replayStepLimit: Double = 10
}

/// When a stationary receiver pauses updates, per activity type.
///
/// The receiver is stationary while every fix stays within `radius` metres (the noise floor:
/// movement below it is jitter) of the fix that began the stationary period, and the reported
/// speed, when sent, is at most `speed` m/s. After `duration` seconds stationary, updates pause
/// (the delegate's `locationManagerDidPauseLocationUpdates`, a `paused(true)` event, a
/// `CLLocationUpdate` with `stationary` set). The first fix farther than `radius` from that
/// fix, or faster than `speed`, resumes them; it is delivered unless the distance filter holds
/// it back. Speeds derived from positions (an epoch without RMC or VTG) do not count: jitter
/// would look like movement.
///
/// | activity | radius | speed | after |
/// |---|---|---|---|
/// | `fitness` | 10 m | 0.5 m/s | 60 s |
/// | `other` | 15 m | 0.5 m/s | 120 s |
/// | `automotiveNavigation` | 25 m | 1.0 m/s | 180 s (lights, queues) |
/// | `otherNavigation` | 25 m | 0.5 m/s | 300 s (moorings, stations) |
/// | `airborne` | 50 m | 2.0 m/s | 600 s (holding, taxiing) |
///
/// Distances here use a local flat-earth approximation (exact to well under a millimetre at
/// these radii).
public struct PauseThresholds: Sendable, Hashable {
  /// Noise floor, metres.
  public var radius: Double
  /// Highest speed still counted as stationary, m/s.
  public var speed: Double
  /// Seconds stationary before pausing.
  public var duration: Double

  /// Makes thresholds.
  public init(radius: Double, speed: Double, duration: Double) {
    self.radius = radius
    self.speed = speed
    self.duration = duration
  }

  /// The thresholds for an activity type (table above).
  public static func forActivity(_ type: ActivityType) -> PauseThresholds {
    switch type {
    case .fitness: return PauseThresholds(radius: 10, speed: 0.5, duration: 60)
    case .other: return PauseThresholds(radius: 15, speed: 0.5, duration: 120)
    case .automotiveNavigation: return PauseThresholds(radius: 25, speed: 1.0, duration: 180)
    case .otherNavigation: return PauseThresholds(radius: 25, speed: 0.5, duration: 300)
    case .airborne: return PauseThresholds(radius: 50, speed: 2.0, duration: 600)
    }
  }
}

/// How a replay's timestamps are stamped.
public enum ReplayTimestamps: Sendable, Hashable {
  /// As the receiver sent them (the capture's own dates).
  case asRecorded
  /// Shifted so the first fix carries the wall-clock time the replay started (as Xcode's
  /// location simulation does), for code that compares `timestamp` with `Date()`.
  case startingNow
}
