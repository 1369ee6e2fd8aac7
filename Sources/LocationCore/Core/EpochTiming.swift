/// When an epoch's first byte reached the computer, against what the receiver says its time
/// was: what a time service (NTP shared memory, chrony's SOCK refclock, `locate time`) makes a
/// sample of. See ``LocationServiceOptions/epochTiming``.
public struct EpochTiming: Sendable, Hashable {
  /// The epoch's UTC date and time as the receiver sent them, nanoseconds since 1970; nil for
  /// an epoch without a date.
  public var receiverTime: Int64?
  /// Whether the epoch is a 2D or 3D fix (a receiver without one may send a time of its own
  /// real-time clock, which is not the satellites').
  public var isFix: Bool
  /// The system clock (`CLOCK_REALTIME`) when the first byte of the epoch's first sentence
  /// arrived, nanoseconds since 1970: the arrival of the read that held it, moved from the
  /// monotonic clock to the system clock by their difference as the read was handed to the
  /// engine (microseconds later).
  public var firstByteRealtime: Int64
  /// The monotonic clock at that arrival, nanoseconds.
  public var firstByteMonotonic: Int64

  /// Makes a timing.
  public init(
    receiverTime: Int64?, isFix: Bool, firstByteRealtime: Int64, firstByteMonotonic: Int64
  ) {
    self.receiverTime = receiverTime
    self.isFix = isFix
    self.firstByteRealtime = firstByteRealtime
    self.firstByteMonotonic = firstByteMonotonic
  }
}
