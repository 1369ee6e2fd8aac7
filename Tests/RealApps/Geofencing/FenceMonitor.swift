// The iOS 17 way to watch places: a CLMonitor with circular conditions, its events read in a
// `for try await` loop.
import Foundation

#if canImport(CoreLocation)
  import CoreLocation
#else
  import OpenCoreLocation
#endif

/// A named circle to watch.
public struct Fence: Sendable {
  public let name: String
  public let center: CLLocationCoordinate2D
  public let radius: CLLocationDistance

  public init(name: String, center: CLLocationCoordinate2D, radius: CLLocationDistance) {
    self.name = name
    self.center = center
    self.radius = radius
  }
}

/// Watches fences with a CLMonitor and reports each change of state.
public enum FenceMonitor {
  /// Watches `fences` until `limit` events came; `report` gets each as "NAME inside|outside".
  public static func watch(
    _ fences: [Fence], events limit: Int, report: @escaping @Sendable (String) -> Void
  ) async throws {
    let monitor = await CLMonitor("fences")
    for fence in fences {
      await monitor.add(
        CLMonitor.CircularGeographicCondition(center: fence.center, radius: fence.radius),
        identifier: fence.name)
    }
    var seen = 0
    for try await event in await monitor.events {
      switch event.state {
      case .satisfied: report("\(event.identifier) inside")
      case .unsatisfied: report("\(event.identifier) outside")
      case .unknown, .unmonitored: report("\(event.identifier) unknown")
      @unknown default: report("\(event.identifier) unknown")
      }
      seen += 1
      if seen >= limit { break }
    }
    for fence in fences { await monitor.remove(fence.name) }
  }
}
