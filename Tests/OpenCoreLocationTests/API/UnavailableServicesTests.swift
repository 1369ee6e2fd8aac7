import Foundation
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// Beacons and deferred updates: the types exist, and each request fails through the delegate
/// with Apple's error.
@Suite("Beacons and deferred updates")
struct UnavailableServicesTests {
  final class Recorder: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    let lock = NSLock()
    var calls: [String] = []
    var errors: [CLError] = []
    var continuation: CheckedContinuation<Void, Never>?
    var expected = 0

    func wait(for count: Int, _ start: () -> Void) async {
      await withCheckedContinuation { continuation in
        lock.withLock {
          self.continuation = continuation
          expected = count
        }
        start()
      }
    }

    private func record(_ call: String, _ error: (any Error)?) {
      let done = lock.withLock { () -> CheckedContinuation<Void, Never>? in
        calls.append(call)
        if let error = error as? CLError { errors.append(error) }
        guard calls.count == expected else { return nil }
        defer { continuation = nil }
        return continuation
      }
      done?.resume()
    }

    func locationManager(
      _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint,
      error: any Error
    ) { record("didFailRangingFor \(beaconConstraint.major ?? 0)", error) }

    func locationManager(
      _ manager: CLLocationManager, rangingBeaconsDidFailFor region: CLBeaconRegion,
      withError error: any Error
    ) { record("rangingBeaconsDidFailFor \(region.identifier)", error) }

    func locationManager(
      _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?,
      withError error: any Error
    ) { record("monitoringDidFailFor \(region?.identifier ?? "")", error) }

    func locationManager(
      _ manager: CLLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?
    ) { record("didFinishDeferredUpdates", error) }
  }

  static let uuid = UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")!

  @Test("ranging and beacon monitoring fail with rangingUnavailable / regionMonitoringFailure")
  func beacons() async {
    let manager = CLLocationManager(source: .device(path: "/dev/null-gps", baud: .fixed(9600)))
    let recorder = Recorder()
    manager.delegateQueue = DispatchQueue(label: "beacons")
    manager.delegate = recorder
    let region = CLBeaconRegion(uuid: Self.uuid, major: 7, identifier: "shop")
    await recorder.wait(for: 3) {
      manager.startRangingBeacons(satisfying: CLBeaconIdentityConstraint(uuid: Self.uuid, major: 3))
      manager.startRangingBeacons(in: region)
      manager.startMonitoring(for: region)
    }
    #expect(
      recorder.calls == [
        "didFailRangingFor 3", "rangingBeaconsDidFailFor shop", "monitoringDidFailFor shop",
      ])
    #expect(
      recorder.errors.map(\.code) == [
        .rangingUnavailable, .rangingUnavailable, .regionMonitoringFailure,
      ])
    #expect(!CLLocationManager.isRangingAvailable())
    #expect(!CLLocationManager.isMonitoringAvailable(for: CLBeaconRegion.self))
    #expect(manager.rangedBeaconConstraints.isEmpty && manager.monitoredRegions.isEmpty)
    #expect(region.major == 7 && region.minor == nil && region.uuid == Self.uuid)
  }

  @Test(
    "allowDeferredLocationUpdates answers with Apple's deferred errors, in Apple's order",
    GpsdCaptures.needs("haicom-305N"))
  func deferred() async {
    let manager = CLLocationManager(
      source: .file(
        path: Fixtures.gpsd("haicom-305N"),
        pacing: .asFastAsPossible))
    let recorder = Recorder()
    manager.delegateQueue = DispatchQueue(label: "deferred")
    manager.delegate = recorder
    await recorder.wait(for: 1) {
      manager.allowDeferredLocationUpdates(untilTraveled: 100, timeout: 60)
    }
    manager.startUpdatingLocation()
    manager.distanceFilter = 10
    await recorder.wait(for: 2) {
      manager.allowDeferredLocationUpdates(untilTraveled: CLLocationDistanceMax, timeout: 60)
    }
    manager.distanceFilter = kCLDistanceFilterNone
    await recorder.wait(for: 3) {
      manager.allowDeferredLocationUpdates(untilTraveled: 100, timeout: CLTimeIntervalMax)
    }
    manager.disallowDeferredLocationUpdates()
    manager.stopUpdatingLocation()
    #expect(
      recorder.errors.map(\.code) == [
        .deferredNotUpdatingLocation, .deferredDistanceFiltered, .deferredFailed,
      ])
    #expect(!CLLocationManager.deferredLocationUpdatesAvailable())
  }

  @Test("Apple's error pattern: case CLError.locationUnknown in a switch over an error")
  func errorPattern() {
    func kind(_ error: any Error) -> String {
      switch error {
      case CLError.locationUnknown: return "unknown"
      case CLError.denied: return "denied"
      case CLError.rangingUnavailable: return "ranging"
      default: return "other"
      }
    }
    #expect(kind(CLError(.locationUnknown)) == "unknown")
    #expect(kind(CLError(.noReceiver(path: nil))) == "denied")
    #expect(kind(CLError(.rangingUnavailable)) == "ranging")
    #expect(kind(CocoaError(.fileNoSuchFile)) == "other")
  }
}
