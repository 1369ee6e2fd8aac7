import Foundation
import Geodesy
import Platform

/// A region that a ``CLLocationManager`` can monitor (Core Location's abstract base class);
/// ``CLCircularRegion`` is the kind that can be monitored here.
///
/// Regions are equal when they are of the same class with the same identifier and geometry;
/// the manager keeps at most one region per identifier. Regions adopt `NSSecureCoding` (the
/// identifier, the notification flags, and a circle's centre and radius), as Apple's do.
open class CLRegion: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  private let flags = Locked((entry: true, exit: true))

  /// The identifier the region was made with; it names the region in the manager.
  public let identifier: String

  /// Whether crossing into the region calls `locationManager(_:didEnterRegion:)` (default
  /// true).
  public var notifyOnEntry: Bool {
    get { flags.withLock { $0.entry } }
    set { flags.withLock { $0.entry = newValue } }
  }

  /// Whether crossing out of the region calls `locationManager(_:didExitRegion:)` (default
  /// true).
  public var notifyOnExit: Bool {
    get { flags.withLock { $0.exit } }
    set { flags.withLock { $0.exit = newValue } }
  }

  init(identifier: String) {
    self.identifier = identifier
    super.init()
  }

  /// Archives are decoded with `requiringSecureCoding: true`.
  public class var supportsSecureCoding: Bool { true }

  /// Decodes a region archived by ``encode(with:)``; nil without an identifier.
  public required init?(coder: NSCoder) {
    guard let identifier = coder.decodeObject(of: NSString.self, forKey: "identifier") else {
      return nil
    }
    self.identifier = identifier as String
    super.init()
    notifyOnEntry = coder.decodeBool(forKey: "notifyOnEntry")
    notifyOnExit = coder.decodeBool(forKey: "notifyOnExit")
  }

  /// Archives the identifier and the notification flags.
  open func encode(with coder: NSCoder) {
    coder.encode(identifier as NSString, forKey: "identifier")
    coder.encode(notifyOnEntry, forKey: "notifyOnEntry")
    coder.encode(notifyOnExit, forKey: "notifyOnExit")
  }

  /// A copy with the same identifier, geometry and notification flags.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = CLRegion(identifier: identifier)
    copy.copyFlags(from: self)
    return copy
  }

  func copyFlags(from other: CLRegion) {
    notifyOnEntry = other.notifyOnEntry
    notifyOnExit = other.notifyOnExit
  }

  /// Same class and identifier.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CLRegion, type(of: other) == type(of: self) else { return false }
    return other.identifier == identifier
  }

  /// The identifier's hash.
  open override var hash: Int { identifier.hashValue }
}

/// A circle on the WGS-84 ellipsoid: a centre and a radius in metres, measured geodesically
/// (correct near the poles and across ±180° longitude).
///
/// The manager decides entry and exit with ``RegionHysteresis`` (a 20 m margin and the fix's
/// accuracy, so jitter at the boundary does not flap); ``contains(_:)`` is the plain geometric
/// test.
open class CLCircularRegion: CLRegion, @unchecked Sendable {
  private let storedCenter: CLLocationCoordinate2D
  private let storedRadius: CLLocationDistance

  /// The centre.
  open var center: CLLocationCoordinate2D { storedCenter }
  /// The radius, metres.
  open var radius: CLLocationDistance { storedRadius }

  /// A circle of `radius` metres around `center`, named `identifier`.
  public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
    storedCenter = center
    storedRadius = radius
    super.init(identifier: identifier)
  }

  /// Decodes a circle archived by ``encode(with:)``; nil without a centre or an identifier.
  public required init?(coder: NSCoder) {
    guard coder.containsValue(forKey: "centerLatitude"),
      coder.containsValue(forKey: "centerLongitude"), coder.containsValue(forKey: "radius")
    else { return nil }
    storedCenter = CLLocationCoordinate2D(
      latitude: coder.decodeDouble(forKey: "centerLatitude"),
      longitude: coder.decodeDouble(forKey: "centerLongitude"))
    storedRadius = coder.decodeDouble(forKey: "radius")
    super.init(coder: coder)
  }

  /// Archives the identifier, the flags, the centre and the radius.
  open override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(center.latitude, forKey: "centerLatitude")
    coder.encode(center.longitude, forKey: "centerLongitude")
    coder.encode(radius, forKey: "radius")
  }

  /// Whether the coordinate is at most ``radius`` metres (geodesic) from the centre.
  open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
    guard CLLocationCoordinate2DIsValid(coordinate), CLLocationCoordinate2DIsValid(center) else {
      return false
    }
    return Geodesic.wgs84.inverse(
      latitude1: coordinate.latitude, longitude1: coordinate.longitude,
      latitude2: center.latitude, longitude2: center.longitude
    ).distance <= radius
  }

  /// A copy with the same identifier, centre, radius and notification flags.
  open override func copy(with zone: NSZone? = nil) -> Any {
    let copy = CLCircularRegion(center: center, radius: radius, identifier: identifier)
    copy.copyFlags(from: self)
    return copy
  }

  /// Same identifier, centre and radius.
  open override func isEqual(_ object: Any?) -> Bool {
    guard super.isEqual(object), let other = object as? CLCircularRegion else { return false }
    return other.center == center && other.radius == radius
  }

  /// `CLCircularRegion (identifier) <lat, lon> radius r m`.
  open override var description: String {
    "CLCircularRegion (identifier:'\(identifier)', center:<\(center.latitude),"
      + "\(center.longitude)>, radius:\(radius)m)"
  }
}
