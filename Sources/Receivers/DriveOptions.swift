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

  /// Default options.
  public init() {}
}
