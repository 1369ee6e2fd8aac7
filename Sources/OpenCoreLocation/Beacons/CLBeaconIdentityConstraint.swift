import Foundation

/// An iBeacon's major value (Core Location's `CLBeaconMajorValue`).
public typealias CLBeaconMajorValue = UInt16
/// An iBeacon's minor value (Core Location's `CLBeaconMinorValue`).
public typealias CLBeaconMinorValue = UInt16

/// Which iBeacons to range (Core Location's `CLBeaconIdentityConstraint`): a UUID, optionally
/// narrowed by major and minor values. Ranging needs Bluetooth LE, which a GNSS receiver does
/// not have: ``CLLocationManager/startRangingBeacons(satisfying:)`` always fails with
/// `CLError.rangingUnavailable`.
open class CLBeaconIdentityConstraint: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// The beacons' UUID.
  public let uuid: UUID
  /// The major value, if constrained.
  public let major: CLBeaconMajorValue?
  /// The minor value, if constrained (only with a major value).
  public let minor: CLBeaconMinorValue?

  /// Beacons with this UUID.
  public init(uuid: UUID) {
    self.uuid = uuid
    major = nil
    minor = nil
    super.init()
  }

  /// Beacons with this UUID and major value.
  public init(uuid: UUID, major: CLBeaconMajorValue) {
    self.uuid = uuid
    self.major = major
    minor = nil
    super.init()
  }

  /// The beacon with this UUID, major and minor value.
  public init(uuid: UUID, major: CLBeaconMajorValue, minor: CLBeaconMinorValue) {
    self.uuid = uuid
    self.major = major
    self.minor = minor
    super.init()
  }

  /// Archives are decoded with `requiringSecureCoding: true`.
  public class var supportsSecureCoding: Bool { true }

  /// Decodes a constraint archived by ``encode(with:)``.
  public required init?(coder: NSCoder) {
    guard let uuid = coder.decodeObject(of: NSUUID.self, forKey: "uuid") else { return nil }
    self.uuid = uuid as UUID
    major = coder.decodeObject(of: NSNumber.self, forKey: "major")?.uint16Value
    minor = coder.decodeObject(of: NSNumber.self, forKey: "minor")?.uint16Value
    super.init()
  }

  /// Archives the UUID and the values given.
  open func encode(with coder: NSCoder) {
    coder.encode(uuid as NSUUID, forKey: "uuid")
    if let major { coder.encode(NSNumber(value: major), forKey: "major") }
    if let minor { coder.encode(NSNumber(value: minor), forKey: "minor") }
  }

  /// The same constraint (constraints are immutable).
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Equal when the UUID, major and minor are.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CLBeaconIdentityConstraint else { return false }
    return other.uuid == uuid && other.major == major && other.minor == minor
  }

  /// The hash of the UUID, major and minor.
  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(uuid)
    hasher.combine(major)
    hasher.combine(minor)
    return hasher.finalize()
  }
}
