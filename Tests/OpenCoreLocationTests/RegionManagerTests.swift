import Foundation
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// `CLLocationManager`'s classic region monitoring over synthetic drives replayed from NMEA
/// captures: the exact sequence of delegate callbacks.
@Suite struct RegionManagerTests {
  /// Records the callbacks, in order, on its own queue.
  final class Recorder: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    let log = EventLog<String>()
    let queue = DispatchQueue(label: "region-manager-tests")

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
      for location in locations { log.append("fix @\(RegionCaptures.index(location.timestamp))") }
    }
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
      let detail = (error as? CLError)?.detail.map { "\($0)" } ?? "\(error)"
      log.append("error \(detail.prefix(while: { $0 != "(" }))")
    }
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
      log.append("enter \(region.identifier)")
    }
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
      log.append("exit \(region.identifier)")
    }
    func locationManager(
      _ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion
    ) {
      let name = ["unknown", "inside", "outside"][state.rawValue]
      log.append("state \(region.identifier) \(name)")
    }
    func locationManager(
      _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?,
      withError error: any Error
    ) {
      let code =
        (error as? CLError)?.code == .regionMonitoringFailure ? "regionMonitoringFailure" : ""
      let detail = (error as? CLError)?.detail.map { "\($0)" } ?? code
      log.append("failed \(region?.identifier ?? "-") \(detail.prefix(while: { $0 != "(" }))")
    }
    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
      log.append("start \(region.identifier)")
    }

    /// Waits (generously) until an entry satisfies `done`.
    func wait(until done: (String) -> Bool) async throws {
      for _ in 0..<1200 {
        if log.all.contains(where: done) { return }
        try await Task.sleep(nanoseconds: 100_000_000)
      }
      throw TestFailureText("timed out; log: \(log.all.suffix(10))")
    }
  }

  struct TestFailureText: Error, CustomStringConvertible {
    var description: String
    init(_ text: String) { description = text }
  }

  static func manager(_ path: String, _ recorder: Recorder) -> CLLocationManager {
    let manager = CLLocationManager(
      source: .file(path: path, pacing: .asFastAsPossible), replayTimestamps: .asRecorded)
    manager.delegateQueue = recorder.queue
    manager.delegate = recorder
    return manager
  }

  static func region(_ region: RegionCaptures.Region) -> CLCircularRegion {
    CLCircularRegion(center: region.center, radius: region.radius, identifier: region.name)
  }

  @Test func monitoringOnlyCallsBackInOrder() async throws {
    let path = try RegionCaptures.file(Tour.fixes, name: "tour.nmea")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = Recorder()
    let manager = Self.manager(path, recorder)
    let regions = Tour.regions.map(Self.region)
    regions[3].notifyOnEntry = false  // the gate: no didEnterRegion, still didDetermineState
    // As an app would, from the delegate's queue: the receiver opens after the pass.
    recorder.queue.sync { for region in regions { manager.startMonitoring(for: region) } }
    try await recorder.wait { $0.hasPrefix("error") }
    #expect(
      recorder.log.all.filter { !$0.hasPrefix("authorization") } == [
        "start depot", "start graze", "start yard", "start gate",
        "state depot inside", "state graze outside", "state yard outside", "state gate outside",
        "state depot outside", "exit depot", "state yard inside", "enter yard",
        "state yard outside", "exit yard", "state gate inside", "state gate outside",
        "exit gate", "error inputEnded",
      ])
    #expect(manager.monitoredRegions == Set(regions))
    manager.requestState(for: regions[2])
    manager.requestState(
      for: CLCircularRegion(center: Tour.gate.center, radius: 1, identifier: "x"))
    try await recorder.wait { $0.hasPrefix("state x") }
    #expect(recorder.log.all.suffix(2) == ["state yard outside", "state x unknown"])
  }

  /// With updates running, each region callback comes just before the fix that decided it,
  /// whatever the distance filter hides.
  @Test func callbacksComeBeforeTheDecidingFix() async throws {
    let path = try RegionCaptures.file(Tour.fixes, name: "tour.nmea")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = Recorder()
    let manager = Self.manager(path, recorder)
    manager.pausesLocationUpdatesAutomatically = false
    recorder.queue.sync {
      for region in Tour.regions { manager.startMonitoring(for: Self.region(region)) }
      manager.startUpdatingLocation()
    }
    try await recorder.wait { $0.hasPrefix("error") }
    let log = recorder.log.all
    var decided: [String] = []
    for (index, entry) in log.enumerated() where entry.hasPrefix("state") {
      let fix = log[index...].first { $0.hasPrefix("fix") } ?? "none"
      decided.append(entry.dropFirst(6) + " " + fix.dropFirst(4))
    }
    #expect(decided == Tour.expected)
    #expect(log.filter { $0.hasPrefix("fix") }.count == Tour.fixes.count)
    #expect(manager.location.map { RegionCaptures.index($0.timestamp) } == 864)
  }

  @Test func regionsThatCannotBeMonitoredFail() async throws {
    let recorder = Recorder()
    let manager = CLLocationManager(
      source: .file(path: "/nonexistent.nmea", pacing: .asFastAsPossible))
    manager.delegateQueue = recorder.queue
    manager.delegate = recorder
    let center = CLLocationCoordinate2D(latitude: 48.1, longitude: 11.5)
    manager.startMonitoring(for: CLCircularRegion(center: center, radius: 0, identifier: "zero"))
    manager.startMonitoring(
      for: CLCircularRegion(center: center, radius: 20_000_001, identifier: "huge"))
    manager.startMonitoring(
      for: CLCircularRegion(
        center: CLLocationCoordinate2D(latitude: 91, longitude: 0), radius: 10, identifier: "off"))
    manager.startMonitoring(for: CLRegion(identifier: "plain"))
    manager.startMonitoring(for: CLCircularRegion(center: center, radius: 10, identifier: "ok"))
    try await recorder.wait { $0.hasPrefix("failed ok") }
    #expect(
      recorder.log.all.filter { !$0.hasPrefix("authorization") } == [
        "failed zero regionMonitoringFailure", "failed huge regionMonitoringFailure",
        "failed off regionMonitoringFailure", "failed plain regionMonitoringFailure",
        "failed ok noReceiver",
      ])
    #expect(manager.monitoredRegions.isEmpty)
    #expect(manager.maximumRegionMonitoringDistance == 20_000_000)
    #expect(CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self))
    #expect(!CLLocationManager.isMonitoringAvailable(for: CLRegion.self))
  }

  @Test func circularRegionGeometry() {
    let pole = CLCircularRegion(
      center: CLLocationCoordinate2D(latitude: 90, longitude: 0), radius: 1000, identifier: "p")
    #expect(pole.contains(CLLocationCoordinate2D(latitude: 89.992, longitude: -150)))
    #expect(!pole.contains(CLLocationCoordinate2D(latitude: 89.99, longitude: 30)))
    let dateline = CLCircularRegion(
      center: CLLocationCoordinate2D(latitude: -16.5, longitude: 180), radius: 500,
      identifier: "d")
    #expect(dateline.contains(CLLocationCoordinate2D(latitude: -16.5, longitude: -179.996)))
    #expect(!dateline.contains(CLLocationCoordinate2D(latitude: -16.5, longitude: 179.99)))
    let copy = dateline.copy() as? CLCircularRegion
    #expect(copy == dateline && copy !== dateline)
    #expect(copy?.notifyOnEntry == true && copy?.notifyOnExit == true)
    #expect(
      dateline
        != CLCircularRegion(center: dateline.center, radius: 501, identifier: "d"))
  }
}
