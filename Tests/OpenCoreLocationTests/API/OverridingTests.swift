import Foundation
import Testing

@testable import OpenCoreLocation

/// A test double as apps write them: a subclass that overrides the region, beacon and
/// deferred-update members and records the calls, used through a `CLLocationManager`.
final class RecordingManager: CLLocationManager, @unchecked Sendable {
  static let beacon = UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")!
  var calls: [String] = []
  var fakeRegions: Set<CLRegion> = []

  override var monitoredRegions: Set<CLRegion> { fakeRegions }
  override var maximumRegionMonitoringDistance: CLLocationDistance { 1_000 }
  override class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool { false }
  override func startMonitoring(for region: CLRegion) {
    calls.append("startMonitoring \(region.identifier)")
    fakeRegions.insert(region)
  }
  override func stopMonitoring(for region: CLRegion) {
    calls.append("stopMonitoring \(region.identifier)")
    fakeRegions.remove(region)
  }
  override func requestState(for region: CLRegion) {
    calls.append("requestState \(region.identifier)")
  }
  override class func isRangingAvailable() -> Bool { true }
  override var rangedBeaconConstraints: Set<CLBeaconIdentityConstraint> {
    [CLBeaconIdentityConstraint(uuid: Self.beacon)]
  }
  override func startRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint) {
    calls.append("startRanging")
  }
  override func stopRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint) {
    calls.append("stopRanging")
  }
  override class func deferredLocationUpdatesAvailable() -> Bool { true }
  override func allowDeferredLocationUpdates(
    untilTraveled distance: CLLocationDistance, timeout: TimeInterval
  ) {
    calls.append("allowDeferred \(Int(distance))")
  }
  override func disallowDeferredLocationUpdates() { calls.append("disallowDeferred") }
}

@Suite("Test doubles override every member")
struct OverridingTests {
  @Test("region, beacon and deferred-update members run the subclass's code")
  func overrides() {
    let double = RecordingManager(source: .device(path: "/dev/nonexistent-gps", baud: .auto))
    let manager: CLLocationManager = double
    let type: CLLocationManager.Type = RecordingManager.self
    let region = CLCircularRegion(
      center: CLLocationCoordinate2D(latitude: 48.1, longitude: 11.5), radius: 100,
      identifier: "depot")
    manager.startMonitoring(for: region)
    #expect(manager.monitoredRegions == [region])
    manager.requestState(for: region)
    manager.stopMonitoring(for: region)
    #expect(manager.monitoredRegions.isEmpty && manager.maximumRegionMonitoringDistance == 1_000)
    #expect(!type.isMonitoringAvailable(for: CLCircularRegion.self))
    #expect(type.isRangingAvailable() && manager.rangedBeaconConstraints.count == 1)
    let constraint = CLBeaconIdentityConstraint(uuid: RecordingManager.beacon)
    manager.startRangingBeacons(satisfying: constraint)
    manager.stopRangingBeacons(satisfying: constraint)
    manager.allowDeferredLocationUpdates(untilTraveled: 500, timeout: 60)
    manager.disallowDeferredLocationUpdates()
    #expect(type.deferredLocationUpdatesAvailable())
    #expect(
      double.calls == [
        "startMonitoring depot", "requestState depot", "stopMonitoring depot", "startRanging",
        "stopRanging", "allowDeferred 500", "disallowDeferred",
      ])
  }

}
