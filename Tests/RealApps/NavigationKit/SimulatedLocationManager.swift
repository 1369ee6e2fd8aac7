// The "demo mode" manager apps keep for the simulator and UI tests: a CLLocationManager
// subclass that drives along a route of its own instead of asking the hardware, with a
// CLHeading subclass for the direction of travel.
import Foundation

#if canImport(CoreLocation)
  import CoreLocation
#else
  import OpenCoreLocation
#endif

/// A heading made up by the app: the direction of travel.
public final class SimulatedHeading: CLHeading {
  private let degrees: CLLocationDirection
  private let time: Date

  public init(degrees: CLLocationDirection, timestamp: Date) {
    self.degrees = degrees
    self.time = timestamp
    super.init()
  }

  public required init?(coder: NSCoder) {
    degrees = coder.decodeDouble(forKey: "degrees")
    time = Date(timeIntervalSinceReferenceDate: coder.decodeDouble(forKey: "time"))
    super.init(coder: coder)
  }

  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(degrees, forKey: "degrees")
    coder.encode(time.timeIntervalSinceReferenceDate, forKey: "time")
  }

  public override var trueHeading: CLLocationDirection { degrees }
  public override var magneticHeading: CLLocationDirection { degrees }
  public override var headingAccuracy: CLLocationDirection { 5 }
  public override var timestamp: Date { time }
}

/// Drives along `route`, one point every `interval` seconds, on the main queue.
open class SimulatedLocationManager: CLLocationManager {
  public let route: [CLLocationCoordinate2D]
  public let interval: TimeInterval
  private var index = 0
  private var updatingLocation = false
  private var updatingHeading = false
  private var running = false
  private var lastLocation: CLLocation?
  private var lastHeading: CLHeading?

  public init(route: [CLLocationCoordinate2D], interval: TimeInterval = 1) {
    self.route = route
    self.interval = interval
    super.init()
  }

  open override var location: CLLocation? { lastLocation }
  open override var heading: CLHeading? { lastHeading }
  open override var authorizationStatus: CLAuthorizationStatus { .authorizedWhenInUse }

  open override func requestWhenInUseAuthorization() {}

  open override func startUpdatingLocation() {
    updatingLocation = true
    run()
  }

  open override func stopUpdatingLocation() { updatingLocation = false }

  open override func startUpdatingHeading() {
    updatingHeading = true
    run()
  }

  open override func stopUpdatingHeading() { updatingHeading = false }

  private func run() {
    guard !running else { return }
    running = true
    DispatchQueue.main.async { self.step() }
  }

  private func step() {
    guard updatingLocation || updatingHeading, index < route.count else {
      running = false
      return
    }
    let here = route[index]
    let course =
      index + 1 < route.count ? Self.bearing(here, route[index + 1]) : lastHeading?.trueHeading ?? 0
    let speed = index + 1 < route.count ? Self.distance(here, route[index + 1]) / interval : 0
    let now = Date()
    let location = CLLocation(
      coordinate: here, altitude: 0, horizontalAccuracy: 5, verticalAccuracy: 5, course: course,
      speed: speed, timestamp: now)
    let heading = SimulatedHeading(degrees: course, timestamp: now)
    lastLocation = location
    lastHeading = heading
    index += 1
    if updatingLocation { tellLocations([location]) }
    if updatingHeading { tellHeading(heading) }
    DispatchQueue.main.asyncAfter(deadline: .now() + interval) { self.step() }
  }

  // Apple's delegate methods are optional Objective-C requirements (called with `?`); Swift
  // on Linux has none, and OpenCoreLocation's have default implementations.
  private func tellLocations(_ locations: [CLLocation]) {
    #if canImport(CoreLocation)
      delegate?.locationManager?(self, didUpdateLocations: locations)
    #else
      delegate?.locationManager(self, didUpdateLocations: locations)
    #endif
  }

  private func tellHeading(_ heading: CLHeading) {
    #if canImport(CoreLocation)
      delegate?.locationManager?(self, didUpdateHeading: heading)
    #else
      delegate?.locationManager(self, didUpdateHeading: heading)
    #endif
  }

  /// The initial bearing from `a` to `b`, degrees true (a sphere is plenty here).
  static func bearing(_ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D)
    -> CLLocationDirection
  {
    let latitude1 = a.latitude * .pi / 180
    let latitude2 = b.latitude * .pi / 180
    let longitudeDelta = (b.longitude - a.longitude) * .pi / 180
    let y = sin(longitudeDelta) * cos(latitude2)
    let x = cos(latitude1) * sin(latitude2) - sin(latitude1) * cos(latitude2) * cos(longitudeDelta)
    let degrees = atan2(y, x) * 180 / .pi
    return degrees < 0 ? degrees + 360 : degrees
  }

  static func distance(_ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D)
    -> CLLocationDistance
  {
    CLLocation(latitude: a.latitude, longitude: a.longitude)
      .distance(from: CLLocation(latitude: b.latitude, longitude: b.longitude))
  }
}
