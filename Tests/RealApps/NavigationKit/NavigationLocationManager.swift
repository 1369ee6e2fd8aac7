// A CLLocationManager subclass that configures itself in `override init()`, as navigation
// frameworks ship them, and the delegate that follows a route with it.
import Foundation

#if canImport(CoreLocation)
  import CoreLocation
#else
  import OpenCoreLocation
#endif

/// A location manager set up for turn-by-turn navigation.
open class NavigationLocationManager: CLLocationManager {
  /// How often updates were started.
  public private(set) var startCount = 0

  public override init() {
    super.init()
    desiredAccuracy = kCLLocationAccuracyBestForNavigation
    distanceFilter = kCLDistanceFilterNone
    activityType = .automotiveNavigation
    pausesLocationUpdatesAutomatically = false
  }

  open override func startUpdatingLocation() {
    startCount += 1
    super.startUpdatingLocation()
  }

  /// The last location, when it is good enough to navigate by.
  open override var location: CLLocation? {
    guard let location = super.location, location.horizontalAccuracy >= 0,
      location.horizontalAccuracy <= 65
    else { return nil }
    return location
  }
}

/// Follows the way to a destination and reports the distance left.
public final class RouteFollower: NSObject, CLLocationManagerDelegate {
  /// Called with each location and the distance left to the destination, in metres.
  public var onProgress: ((CLLocation, CLLocationDistance) -> Void)?
  /// Called when Core Location fails.
  public var onError: ((Error) -> Void)?

  public let manager: NavigationLocationManager
  private let destination: CLLocation

  public init(
    to destination: CLLocationCoordinate2D,
    manager: NavigationLocationManager = NavigationLocationManager()
  ) {
    self.destination = CLLocation(latitude: destination.latitude, longitude: destination.longitude)
    self.manager = manager
    super.init()
    manager.delegate = self
  }

  public func start() {
    manager.requestWhenInUseAuthorization()
    manager.startUpdatingLocation()
  }

  public func stop() {
    manager.stopUpdatingLocation()
  }

  public func locationManager(
    _ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]
  ) {
    for location in locations where location.horizontalAccuracy >= 0 {
      onProgress?(location, location.distance(from: destination))
    }
  }

  public func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
    onError?(error)
  }
}
