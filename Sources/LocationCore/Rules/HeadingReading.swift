import FoundationEssentials

/// A heading the engine delivers (the facade's `CLHeading` is built from one): the direction
/// the vehicle points, from a receiver's heading sentences.
public struct HeadingReading: Sendable, Hashable {
  /// Degrees from magnetic north; negative when invalid.
  public var magneticHeading: CLLocationDirection = -1
  /// Degrees from true north; negative when invalid.
  public var trueHeading: CLLocationDirection = -1
  /// The maximum error in degrees; 0 when unknown.
  public var headingAccuracy: CLLocationDirection = 0
  /// When the heading was measured.
  public var timestamp = Date(timeIntervalSince1970: 0)

  /// Makes a reading; what is not given is invalid.
  public init(
    magneticHeading: CLLocationDirection = -1, trueHeading: CLLocationDirection = -1,
    headingAccuracy: CLLocationDirection = 0, timestamp: Date = Date(timeIntervalSince1970: 0)
  ) {
    self.magneticHeading = magneticHeading
    self.trueHeading = trueHeading
    self.headingAccuracy = headingAccuracy
    self.timestamp = timestamp
  }
}
