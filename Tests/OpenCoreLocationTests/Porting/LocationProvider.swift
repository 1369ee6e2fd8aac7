import Foundation

// Written the way iOS apps wrap Core Location: this file compiles against Apple's CoreLocation
// or against OpenCoreLocation, with only the import changed.
#if canImport(CoreLocation)
  import CoreLocation
#else
  import OpenCoreLocation
#endif

/// An app's location wrapper: the manager's delegate; asks for authorization; keeps the current
/// location; ignores fixes more than 5 s old; offers a one-shot completion handler and an async
/// variant.
final class LocationProvider: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
  private let manager: CLLocationManager
  /// The completion handlers waiting for a location, and whether updates are wanted. Callers
  /// may ask from any thread while the delegate hears the manager on its own (ThreadSanitizer
  /// found that race): both under a lock.
  private var pending: [(Result<CLLocation, any Error>) -> Void] = []
  private let pendingLock = NSLock()
  private var wantsUpdates = false

  /// The latest fresh location.
  private(set) var currentLocation: CLLocation?
  /// Called with each fresh location.
  var onLocation: ((CLLocation) -> Void)?
  /// Called with each failure.
  var onError: ((any Error) -> Void)?

  init(manager: CLLocationManager = CLLocationManager()) {
    self.manager = manager
    super.init()
    manager.delegate = self
    manager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
    manager.distanceFilter = 5
    manager.activityType = .fitness
    manager.pausesLocationUpdatesAutomatically = true
  }

  /// Starts updates, asking for authorization first when needed.
  func start() {
    pendingLock.withLock { wantsUpdates = true }
    switch manager.authorizationStatus {
    case .notDetermined: manager.requestWhenInUseAuthorization()
    case .authorizedAlways, .authorizedWhenInUse: manager.startUpdatingLocation()
    default: break
    }
  }

  /// Stops updates.
  func stop() {
    pendingLock.withLock { wantsUpdates = false }
    manager.stopUpdatingLocation()
  }

  /// One location, through a completion handler.
  func requestLocation(_ completion: @escaping (Result<CLLocation, any Error>) -> Void) {
    pendingLock.withLock { pending.append(completion) }
    manager.requestLocation()
  }

  /// One location, async.
  func location() async throws -> CLLocation {
    try await withCheckedThrowingContinuation { continuation in
      requestLocation { continuation.resume(with: $0) }
    }
  }

  func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
    switch manager.authorizationStatus {
    case .authorizedAlways, .authorizedWhenInUse:
      if pendingLock.withLock({ wantsUpdates }) { manager.startUpdatingLocation() }
    case .denied, .restricted:
      complete(.failure(CLError(.denied)))
    case .notDetermined:
      break
    @unknown default:
      break
    }
  }

  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    guard let latest = locations.last, latest.horizontalAccuracy >= 0,
      -latest.timestamp.timeIntervalSinceNow <= 5
    else { return }
    currentLocation = latest
    onLocation?(latest)
    complete(.success(latest))
  }

  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
    onError?(error)
    if let error = error as? CLError, error.code == .locationUnknown,
      pendingLock.withLock({ pending.isEmpty })
    {
      return
    }
    complete(.failure(error))
  }

  private func complete(_ result: Result<CLLocation, any Error>) {
    let waiting = pendingLock.withLock {
      defer { pending.removeAll() }
      return pending
    }
    for completion in waiting { completion(result) }
  }
}
