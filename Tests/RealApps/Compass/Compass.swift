// A compass screen: the heading when the hardware gives one, else the course over ground
// while moving; the heading filter keeps it from redrawing for every degree.
import Foundation

#if canImport(CoreLocation)
  import CoreLocation
#else
  import OpenCoreLocation
#endif

/// Where the device points, for a compass needle.
public final class Compass: NSObject, CLLocationManagerDelegate {
  /// A reading for the needle.
  public struct Reading: Equatable {
    /// Degrees clockwise from north.
    public let degrees: CLLocationDirection
    /// "true", "magnetic" or "course".
    public let reference: String
  }

  /// Called on the main queue with each reading.
  public var onReading: ((Reading) -> Void)?

  private let manager = CLLocationManager()
  private var headingStarted = false

  public override init() {
    super.init()
    manager.delegate = self
    manager.headingFilter = 5
    manager.headingOrientation = .portrait
  }

  /// Starts: the heading if the hardware has one now, else the course until it has.
  public func start() {
    manager.requestWhenInUseAuthorization()
    manager.startUpdatingLocation()
    startHeadingIfAvailable()
  }

  public func stop() {
    manager.stopUpdatingHeading()
    manager.stopUpdatingLocation()
    headingStarted = false
  }

  private func startHeadingIfAvailable() {
    guard !headingStarted, CLLocationManager.headingAvailable() else { return }
    headingStarted = true
    manager.startUpdatingHeading()
  }

  public func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading)
  {
    guard newHeading.headingAccuracy >= 0 || newHeading.trueHeading >= 0 else { return }
    if newHeading.trueHeading >= 0 {
      onReading?(Reading(degrees: newHeading.trueHeading, reference: "true"))
    } else {
      onReading?(Reading(degrees: newHeading.magneticHeading, reference: "magnetic"))
    }
  }

  public func locationManager(
    _ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]
  ) {
    startHeadingIfAvailable()
    guard !headingStarted, let location = locations.last, location.course >= 0, location.speed > 1
    else { return }
    onReading?(Reading(degrees: location.course, reference: "course"))
  }

  public func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool {
    true
  }
}
