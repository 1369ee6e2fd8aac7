/// A synthetic drive: start point, speed, heading changes, stops, fix loss, multi-GNSS output.
public struct DriveOptions: Sendable, Hashable {
  /// Start latitude, degrees.
  public var latitude = 48.1173
  /// Start longitude, degrees.
  public var longitude = 11.5167
  /// Altitude above mean sea level, metres.
  public var altitude = 520.0
  /// Cruising speed, m/s.
  public var speed = 13.9
  /// Initial heading, degrees true.
  public var heading = 45.0
  /// Epochs per second, 1–10.
  public var rate = 1
  /// Seed for the deterministic route.
  public var seed: UInt64 = 1
  /// UTC start time, seconds since 1970 (nil: now).
  public var startTime: Double? = nil
  /// Turn now and then (every 20–60 s, by 15–90°).
  public var turns = true
  /// Stop at traffic lights now and then (every 1–3 minutes, for 10–30 s).
  public var stops = true
  /// Lose the fix in tunnels now and then (every 2–4 minutes, for 5–15 s).
  public var fixLoss = true
  /// Length of the drive in seconds (nil: endless).
  public var duration: Double? = nil
  /// Stops at fixed times instead of random ones (nil: random stops when ``stops``).
  public var stopPlan: [DriveStop]? = nil
  /// A heading sentence sent every epoch (nil: none), as a dual-antenna receiver or a
  /// compass beside the receiver would.
  public var headingSentence: DriveHeadingSentence? = nil

  /// Default options.
  public init() {}
}

/// A planned stop of a synthetic drive: braking starts `at` seconds into the drive (or as
/// soon after as the previous planned stop allows); once standing, the vehicle waits
/// `duration` seconds, then drives on.
public struct DriveStop: Sendable, Hashable {
  /// Drive time when braking starts, seconds.
  public var at: Double
  /// Seconds standing still.
  public var duration: Double

  /// Makes a planned stop.
  public init(at: Double, duration: Double) {
    self.at = at
    self.duration = duration
  }
}

/// The heading sentence a synthetic drive sends each epoch, with the vehicle's heading, also
/// while it stands still (as a dual-antenna receiver or a compass does). HDT and THS need the
/// fix: in a tunnel HDT is empty and THS says `V`; HDG's compass works there too.
public enum DriveHeadingSentence: String, Sendable, Hashable, CaseIterable {
  /// `HDT`: heading, true.
  case hdt
  /// `THS`: true heading, mode `A` (`V` without a fix).
  case ths
  /// `HDG`: a magnetic compass's heading with the variation
  /// (``DriveGenerator/magneticVariation``) and no deviation.
  case hdg
}
