// Region monitoring through the delegate: circular regions handed to the location manager,
// crossings reported by didEnterRegion / didExitRegion / didDetermineState.
import Foundation

#if canImport(CoreLocation)
  import CoreLocation
#else
  import OpenCoreLocation
#endif

/// Watches a few places and says when the device arrives or leaves.
public final class GeofenceManager: NSObject, CLLocationManagerDelegate {
  /// What happened to a fence.
  public enum Transition: Equatable, CustomStringConvertible {
    case state(String, inside: Bool)
    case entered(String)
    case exited(String)
    case failed(String?, String)

    public var description: String {
      switch self {
      case .state(let name, let inside): return "state \(name) \(inside ? "inside" : "outside")"
      case .entered(let name): return "entered \(name)"
      case .exited(let name): return "exited \(name)"
      case .failed(let name, let reason): return "failed \(name ?? "-") \(reason)"
      }
    }
  }

  /// Called on the main queue for every transition.
  public var onTransition: ((Transition) -> Void)?

  private let manager = CLLocationManager()

  public override init() {
    super.init()
    manager.delegate = self
    manager.requestAlwaysAuthorization()
  }

  /// The fences being watched.
  public var fences: [String] { manager.monitoredRegions.map(\.identifier).sorted() }

  /// Watches a circle of `radius` metres around `center`.
  public func add(_ name: String, center: CLLocationCoordinate2D, radius: CLLocationDistance) {
    guard CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self) else {
      onTransition?(.failed(name, "region monitoring is not available"))
      return
    }
    let region = CLCircularRegion(
      center: center, radius: min(radius, manager.maximumRegionMonitoringDistance),
      identifier: name)
    region.notifyOnEntry = true
    region.notifyOnExit = true
    manager.startMonitoring(for: region)
  }

  /// Stops watching every fence.
  public func removeAll() {
    for region in manager.monitoredRegions { manager.stopMonitoring(for: region) }
  }

  public func locationManager(
    _ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion
  ) {
    switch state {
    case .inside: onTransition?(.state(region.identifier, inside: true))
    case .outside: onTransition?(.state(region.identifier, inside: false))
    case .unknown: break
    @unknown default: break
    }
  }

  public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
    onTransition?(.entered(region.identifier))
  }

  public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
    onTransition?(.exited(region.identifier))
  }

  public func locationManager(
    _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: Error
  ) {
    onTransition?(.failed(region?.identifier, "\(error)"))
  }
}
