// CONTRACT STUB — the receivers work implements the virtual receiver, keeping this shape.

/// What a virtual receiver says.
public enum SimulationScript: Sendable, Hashable {
  /// A capture replayed with its own timing, `speed` times real time, looping when `loop`.
  case capture(path: String, speed: Double, loop: Bool)
  /// A synthetic drive.
  case drive(DriveOptions)
}

/// A synthetic drive: start point, speed, heading changes, stops, fix loss, multi-GNSS output.
public struct DriveOptions: Sendable, Hashable {
  /// Start latitude, degrees.
  public var latitude = 48.1173
  /// Start longitude, degrees.
  public var longitude = 11.5167
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

  /// Default options.
  public init() {}
}

/// A GPS receiver on a pseudo-terminal: what `locate simulate`, `make demo` and the tests use.
public final class VirtualReceiver: @unchecked Sendable {
  /// The slave device path (`/dev/pts/N`), or the stable symlink when one was asked for.
  public private(set) var devicePath: String = ""

  /// Prepares a receiver; `link` is a stable symlink kept pointing at the current pty;
  /// `onlyBaud` makes it speak NMEA only when the reader set that rate (garbage otherwise).
  public init(script: SimulationScript, link: String? = nil, onlyBaud: Int? = nil) {}

  /// Opens the pty and starts speaking.
  public func start() throws(ReceiverError) {}
  /// Simulates unplugging: closes the pty master (readers see the hang-up).
  public func unplug() {}
  /// Plugs back in: a new pty, the symlink moved to it.
  public func replug() throws(ReceiverError) {}
  /// Stops sending for `seconds`, staying connected.
  public func silence(seconds: Double) {}
  /// Stops and closes everything.
  public func stop() {}
}
