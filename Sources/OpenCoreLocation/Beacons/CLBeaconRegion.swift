import Foundation

/// A region defined by iBeacons (Core Location's `CLBeaconRegion`). The type exists so that
/// code using it compiles; monitoring it fails with `CLError.regionMonitoringFailure` through
/// `locationManager(_:monitoringDidFailFor:withError:)` and ranging with
/// `CLError.rangingUnavailable`: beacons need Bluetooth LE, which a GNSS receiver does not
/// have.
open class CLBeaconRegion: CLRegion, @unchecked Sendable {
  /// The beacons the region stands for.
  public let beaconIdentityConstraint: CLBeaconIdentityConstraint
  /// Whether entry is also reported when the display turns on (accepted, never used).
  open var notifyEntryStateOnDisplay = false

  /// Beacons with this UUID.
  public convenience init(uuid: UUID, identifier: String) {
    self.init(
      beaconIdentityConstraint: CLBeaconIdentityConstraint(uuid: uuid), identifier: identifier)
  }

  /// Beacons with this UUID and major value.
  public convenience init(uuid: UUID, major: CLBeaconMajorValue, identifier: String) {
    self.init(
      beaconIdentityConstraint: CLBeaconIdentityConstraint(uuid: uuid, major: major),
      identifier: identifier)
  }

  /// The beacon with this UUID, major and minor value.
  public convenience init(
    uuid: UUID, major: CLBeaconMajorValue, minor: CLBeaconMinorValue, identifier: String
  ) {
    self.init(
      beaconIdentityConstraint: CLBeaconIdentityConstraint(uuid: uuid, major: major, minor: minor),
      identifier: identifier)
  }

  /// The beacons satisfying a constraint.
  public init(beaconIdentityConstraint: CLBeaconIdentityConstraint, identifier: String) {
    self.beaconIdentityConstraint = beaconIdentityConstraint
    super.init(identifier: identifier)
  }

  /// Decodes a region archived by ``encode(with:)``.
  public required init?(coder: NSCoder) {
    guard
      let constraint = coder.decodeObject(
        of: CLBeaconIdentityConstraint.self, forKey: "beaconIdentityConstraint")
    else { return nil }
    beaconIdentityConstraint = constraint
    super.init(coder: coder)
    notifyEntryStateOnDisplay = coder.decodeBool(forKey: "notifyEntryStateOnDisplay")
  }

  /// Archives the identifier, the flags and the constraint.
  open override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(beaconIdentityConstraint, forKey: "beaconIdentityConstraint")
    coder.encode(notifyEntryStateOnDisplay, forKey: "notifyEntryStateOnDisplay")
  }

  /// The beacons' UUID.
  open var uuid: UUID { beaconIdentityConstraint.uuid }
  /// The major value, if constrained.
  open var major: NSNumber? { beaconIdentityConstraint.major.map { NSNumber(value: $0) } }
  /// The minor value, if constrained.
  open var minor: NSNumber? { beaconIdentityConstraint.minor.map { NSNumber(value: $0) } }

  /// Advertisement data for turning this computer into the beacon: empty (no Bluetooth LE).
  open func peripheralData(withMeasuredPower measuredPower: NSNumber?) -> NSMutableDictionary {
    NSMutableDictionary()
  }

  /// A copy with the same identifier, constraint and flags.
  open override func copy(with zone: NSZone? = nil) -> Any {
    let copy = CLBeaconRegion(
      beaconIdentityConstraint: beaconIdentityConstraint, identifier: identifier)
    copy.copyFlags(from: self)
    copy.notifyEntryStateOnDisplay = notifyEntryStateOnDisplay
    return copy
  }

  /// Same identifier and constraint.
  open override func isEqual(_ object: Any?) -> Bool {
    guard super.isEqual(object), let other = object as? CLBeaconRegion else { return false }
    return other.beaconIdentityConstraint == beaconIdentityConstraint
  }
}

/// How near a beacon is (Core Location's `CLProximity`); never measured here.
public enum CLProximity: Int, Sendable, Hashable {
  /// Unknown.
  case unknown = 0
  /// Within a few centimetres.
  case immediate = 1
  /// Within a few metres.
  case near = 2
  /// Further.
  case far = 3
}

/// A ranged iBeacon (Core Location's `CLBeacon`). Ranging is unavailable here, so none is ever
/// delivered; the type exists for code that handles them (and for apps' test doubles).
open class CLBeacon: NSObject, @unchecked Sendable {
  /// The beacon's UUID.
  open var uuid: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
  /// Its major value.
  open var major: NSNumber { 0 }
  /// Its minor value.
  open var minor: NSNumber { 0 }
  /// How near it is.
  open var proximity: CLProximity { .unknown }
  /// Its distance, metres; negative when unknown.
  open var accuracy: CLLocationAccuracy { -1 }
  /// Its signal strength, dBm; 0 when unknown.
  open var rssi: Int { 0 }
  /// When it was last seen.
  open var timestamp: Date { .distantPast }

  /// A beacon with nothing known (for subclasses).
  public override init() { super.init() }
}
