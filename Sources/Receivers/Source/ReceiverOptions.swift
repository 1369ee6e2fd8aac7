/// Options for reading a source.
public struct ReceiverOptions: Sendable, Hashable {
  /// Reopen a device or TCP stream after it goes away (backoff 0.25 s doubling to 5 s).
  public var reconnect = true
  /// Report ``DeviceState/silent(path:seconds:)`` after this many seconds without bytes
  /// (live sources only; `nil` never does).
  public var silenceTimeout: Double? = 3.0
  /// `--baud auto`: how many checksum-valid sentences make a rate right.
  public var baudHuntSentences = 3
  /// `--baud auto`: the longest time spent listening at each rate, in seconds.
  public var baudHuntWindow = 2.5
  /// `--baud auto`: hunt the rate again after this many seconds of bytes without a valid
  /// sentence (the receiver's rate was changed while it was read); `nil` never does.
  public var rehuntAfter: Double? = 5.0
  /// A fixed rate: report ``DeviceState/garbled(path:baud:)`` after this many seconds of
  /// bytes without a valid sentence (probably the wrong rate); `nil` never does.
  public var noNMEAAfter: Double? = 3.0
  /// The longest time opening may take, seconds: a TCP or gpsd connection (else 5 s per
  /// address). `nil`: no limit beyond that. A one-shot request sets it to its timeout.
  public var openTimeout: Double?
  /// `--baud auto`: where the last good rate of each device is remembered
  /// (`$XDG_CACHE_HOME/locate/baud` or `~/.cache/locate/baud` by default; `nil`: nowhere).
  public var baudCacheFile: String? = BaudCache.defaultFile

  /// Makes default options.
  public init() {}
}
