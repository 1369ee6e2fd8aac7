import Foundation
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

// Subclasses written the way apps write them (Swift 6 needs `@unchecked Sendable` on a subclass
// with mutable state: the base classes are `Sendable` here).

/// A seed-style manager: `override init()`, its own settings, overridden entry points that
/// record the call and then call `super`.
final class TrackingManager: CLLocationManager, @unchecked Sendable {
  private(set) var calls: [String] = []
  private(set) var latest: CLLocation?

  override init() {
    super.init()
    desiredAccuracy = kCLLocationAccuracyNearestTenMeters
    distanceFilter = 5
  }

  init(capture path: String) {
    super.init(source: .file(path: path, pacing: .asFastAsPossible))
  }

  override func startUpdatingLocation() {
    calls.append("startUpdatingLocation")
    super.startUpdatingLocation()
  }

  override func stopUpdatingLocation() {
    calls.append("stopUpdatingLocation")
    super.stopUpdatingLocation()
  }

  override func requestLocation() {
    calls.append("requestLocation")
    super.requestLocation()
  }

  override var location: CLLocation? { super.location ?? latest }
}

/// A location with a label, as track recorders subclass it.
final class LabelledLocation: CLLocation, @unchecked Sendable {
  let label: String

  init(label: String, latitude: Double, longitude: Double, at time: Date) {
    self.label = label
    super.init(
      coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 12,
      horizontalAccuracy: 5, verticalAccuracy: 8, timestamp: time)
  }

  required init?(coder: NSCoder) {
    label = (coder.decodeObject(of: NSString.self, forKey: "label") as String?) ?? ""
    super.init(coder: coder)
  }

  override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(label as NSString, forKey: "label")
  }

  override var description: String { "\(label) " + super.description }
}

/// A geofence with a payload.
final class Geofence: CLCircularRegion, @unchecked Sendable {
  let message: String

  init(message: String, center: CLLocationCoordinate2D, radius: CLLocationDistance) {
    self.message = message
    super.init(center: center, radius: radius, identifier: "fence-\(message)")
  }

  required init?(coder: NSCoder) {
    message = (coder.decodeObject(of: NSString.self, forKey: "message") as String?) ?? ""
    super.init(coder: coder)
  }

  override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(message as NSString, forKey: "message")
  }
}

@Suite("Subclassing as apps do")
struct SubclassingTests {
  static let drive = Fixtures.gpsd("haicom-305N")

  @Test("override init() runs, with the subclass's settings and Apple's other defaults")
  func overrideInit() {
    let manager = TrackingManager()
    #expect(manager.desiredAccuracy == kCLLocationAccuracyNearestTenMeters)
    #expect(manager.distanceFilter == 5)
    #expect(manager.activityType == .other)
    // The process's authorization for the receiver discovery would open, at once (denied on a
    // machine without one).
    #expect(
      manager.authorizationStatus
        == ProcessAuthorization.status(for: .receiver(.discover(baud: .auto), ReceiverOptions())).0)
    #expect(manager.calls.isEmpty)
  }

  @Test(
    "overridden startUpdatingLocation and requestLocation run, and super delivers fixes",
    GpsdCaptures.needs("haicom-305N"))
  func overriddenEntryPoints() async throws {
    let manager = TrackingManager(capture: Self.drive)
    let delegate = RecordingDelegate()
    manager.delegateQueue = DispatchQueue(label: "subclass-test")
    manager.delegate = delegate
    let locations = await delegate.locations(count: 3) { manager.startUpdatingLocation() }
    manager.stopUpdatingLocation()
    #expect(locations.count == 3)
    #expect(manager.calls == ["startUpdatingLocation", "stopUpdatingLocation"])
    // Through the overridden property.
    #expect(manager.location != nil)

    let oneShot = TrackingManager(capture: Self.drive)
    let other = RecordingDelegate()
    oneShot.delegateQueue = DispatchQueue(label: "subclass-test-2")
    oneShot.delegate = other
    let first = await other.locations(count: 1) { oneShot.requestLocation() }
    #expect(first.count == 1)
    #expect(oneShot.calls == ["requestLocation"])
  }

  @Test("a CLLocation subclass keeps Apple's initializers, properties and archive")
  func locationSubclass() throws {
    let time = Date(timeIntervalSince1970: 1_700_000_000)
    let point = LabelledLocation(label: "summit", latitude: 47.42, longitude: 10.98, at: time)
    #expect(point.coordinate.latitude == 47.42)
    #expect(point.altitude == 12)
    #expect(point.speed == -1)
    #expect(point.description.hasPrefix("summit <+47.42000000,+10.98000000> +/- 5.00m"))
    let data = try NSKeyedArchiver.archivedData(withRootObject: point, requiringSecureCoding: true)
    let back = try #require(
      try NSKeyedUnarchiver.unarchivedObject(ofClass: LabelledLocation.self, from: data))
    #expect(back.label == "summit")
    #expect(back.coordinate == point.coordinate)
    #expect(back.timestamp == time)
  }

  @Test("a CLCircularRegion subclass keeps its geometry, equality and archive")
  func regionSubclass() throws {
    let fence = Geofence(
      message: "depot", center: CLLocationCoordinate2D(latitude: 48.1, longitude: 11.5),
      radius: 200)
    fence.notifyOnExit = false
    #expect(fence.contains(CLLocationCoordinate2D(latitude: 48.1, longitude: 11.5)))
    #expect(fence.identifier == "fence-depot")
    let data = try NSKeyedArchiver.archivedData(withRootObject: fence, requiringSecureCoding: true)
    let back = try #require(
      try NSKeyedUnarchiver.unarchivedObject(ofClass: Geofence.self, from: data))
    #expect(back.message == "depot")
    #expect(back.radius == 200)
    #expect(back.notifyOnEntry && !back.notifyOnExit)
    #expect(back == fence)
  }
}

/// A delegate that collects locations, on the manager's queue.
final class RecordingDelegate: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var received: [CLLocation] = []
  private var waiting: (count: Int, resume: ([CLLocation]) -> Void)?

  /// Runs `start`, then waits for `count` locations (or the end of the input).
  func locations(count: Int, _ start: () -> Void) async -> [CLLocation] {
    await withCheckedContinuation { continuation in
      lock.withLock { waiting = (count, { continuation.resume(returning: $0) }) }
      start()
    }
  }

  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    finish { $0.received.append(contentsOf: locations) }
  }

  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
    finish { $0.waiting?.count = 0 }
  }

  private func finish(_ change: (RecordingDelegate) -> Void) {
    let done = lock.withLock { () -> (([CLLocation]) -> Void, [CLLocation])? in
      change(self)
      guard let waiting, received.count >= waiting.count else { return nil }
      self.waiting = nil
      return (waiting.resume, Array(received.prefix(waiting.count)))
    }
    if let (resume, locations) = done { resume(locations) }
  }
}
