/// A deterministic synthetic drive as NMEA epochs (placeholder until the NMEA encoder lands).
public struct DriveGenerator: IteratorProtocol, Sequence, Sendable {
  /// The options.
  public let options: DriveOptions

  /// Prepares a drive.
  public init(options: DriveOptions) throws(ReceiverError) {
    self.options = options
    throw ReceiverError(
      code: .invalidSource("synthetic drives are not available yet"), path: "drive")
  }

  /// The next epoch.
  public mutating func next() -> TimedChunk? { nil }
}
