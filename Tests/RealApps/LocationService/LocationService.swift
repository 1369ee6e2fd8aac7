// The pattern most apps start from: one location service for the whole app, a singleton that
// owns the CLLocationManager, is its delegate, and hands results to completion handlers (with
// async wrappers for newer code).
import Foundation

#if canImport(CoreLocation)
  import CoreLocation
#else
  import OpenCoreLocation
#endif

/// The app's one place for location.
public final class LocationService: NSObject, CLLocationManagerDelegate {
  /// The shared instance.
  public static let shared = LocationService()

  /// What went wrong, in the app's terms.
  public enum ServiceError: Error, Equatable {
    /// The user (here: the system) said no.
    case denied
    /// Location services are off, or there is no receiver.
    case unavailable
    /// Anything else Core Location reported.
    case failed(String)
  }

  private let manager = CLLocationManager()
  private var authorizationCompletions: [(CLAuthorizationStatus) -> Void] = []
  private var locationCompletions: [(Result<CLLocation, ServiceError>) -> Void] = []
  private var trackingHandler: ((CLLocation) -> Void)?

  private override init() {
    super.init()
    manager.delegate = self
    manager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
  }

  /// The current authorization.
  public var authorizationStatus: CLAuthorizationStatus { manager.authorizationStatus }

  /// Asks for when-in-use authorization; `completion` gets the answer (at once when it is
  /// already known).
  public func requestAuthorization(completion: @escaping (CLAuthorizationStatus) -> Void) {
    let status = manager.authorizationStatus
    guard status == .notDetermined else {
      completion(status)
      return
    }
    authorizationCompletions.append(completion)
    manager.requestWhenInUseAuthorization()
  }

  /// One fresh location. Requests made while one is pending share its answer.
  public func requestLocation(completion: @escaping (Result<CLLocation, ServiceError>) -> Void) {
    switch manager.authorizationStatus {
    case .denied, .restricted:
      completion(.failure(.denied))
      return
    default: break
    }
    locationCompletions.append(completion)
    if locationCompletions.count == 1 { manager.requestLocation() }
  }

  /// Every location until ``stopTracking()``, at least `distance` metres apart.
  public func startTracking(
    distanceFilter distance: CLLocationDistance = kCLDistanceFilterNone,
    handler: @escaping (CLLocation) -> Void
  ) {
    trackingHandler = handler
    manager.distanceFilter = distance
    manager.startUpdatingLocation()
  }

  /// Stops ``startTracking(distanceFilter:handler:)``.
  public func stopTracking() {
    trackingHandler = nil
    manager.stopUpdatingLocation()
  }

  // MARK: - CLLocationManagerDelegate

  public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
    let status = manager.authorizationStatus
    guard status != .notDetermined else { return }
    let completions = authorizationCompletions
    authorizationCompletions.removeAll()
    for completion in completions { completion(status) }
  }

  public func locationManager(
    _ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]
  ) {
    guard let latest = locations.last else { return }
    if !locationCompletions.isEmpty {
      let completions = locationCompletions
      locationCompletions.removeAll()
      for completion in completions { completion(.success(latest)) }
    }
    if let trackingHandler = trackingHandler {
      for location in locations { trackingHandler(location) }
    }
  }

  public func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
    let reason: ServiceError
    switch error {
    case CLError.locationUnknown:
      return  // Core Location keeps trying
    case CLError.denied:
      reason = CLLocationManager.locationServicesEnabled() ? .denied : .unavailable
    default:
      reason = .failed(error.localizedDescription)
    }
    let completions = locationCompletions
    locationCompletions.removeAll()
    for completion in completions { completion(.failure(reason)) }
  }
}

// MARK: - async/await

extension LocationService {
  /// ``requestAuthorization(completion:)`` for async code.
  public func requestAuthorization() async -> CLAuthorizationStatus {
    await withCheckedContinuation { continuation in
      requestAuthorization { continuation.resume(returning: $0) }
    }
  }

  /// ``requestLocation(completion:)`` for async code.
  public func currentLocation() async throws -> CLLocation {
    try await withCheckedThrowingContinuation { continuation in
      requestLocation { continuation.resume(with: $0) }
    }
  }
}
