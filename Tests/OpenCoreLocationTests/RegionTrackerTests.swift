import Foundation
import Geodesy
import TestSupport
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// Fixes along a straight geodesic: `count` points `step` metres apart starting `start` metres
/// from `origin` on `azimuth`, one per second.
private func track(
  from origin: CLLocationCoordinate2D, azimuth: Double, start: Double, step: Double, count: Int,
  accuracy: (Int) -> Double = { _ in 5 }
) -> [CLLocation] {
  (0..<count).map { index in
    let point = Geodesic.wgs84.direct(
      latitude: origin.latitude, longitude: origin.longitude, azimuth: azimuth,
      distance: start + Double(index) * step)
    return CLLocation(
      coordinate: CLLocationCoordinate2D(latitude: point.latitude, longitude: point.longitude),
      altitude: 0, horizontalAccuracy: accuracy(index), verticalAccuracy: -1,
      timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)))
  }
}

/// Runs fixes through a tracker; returns (identifier, state, index of the deciding fix).
private func run(_ tracker: inout RegionTracker, _ fixes: [CLLocation]) -> [(
  String, CLRegionState, Int
)] {
  var events: [(String, CLRegionState, Int)] = []
  for (index, fix) in fixes.enumerated() {
    for change in tracker.evaluate(fix.fix) {
      events.append((change.identifier, change.state, index))
    }
  }
  return events
}

private let munich = CLLocationCoordinate2D(latitude: 48.1173, longitude: 11.5167)

@Test func decideFollowsTheDocumentedBands() {
  let rule = RegionHysteresis()
  // r = 200, h = 20, a = 5: unknown decides at r ∓ a, later changes need r ∓ 20.
  #expect(rule.decide(distance: 195, radius: 200, accuracy: 5, current: .unknown) == .inside)
  #expect(rule.decide(distance: 195.01, radius: 200, accuracy: 5, current: .unknown) == nil)
  #expect(rule.decide(distance: 205, radius: 200, accuracy: 5, current: .unknown) == .outside)
  #expect(rule.decide(distance: 180, radius: 200, accuracy: 5, current: .outside) == .inside)
  #expect(rule.decide(distance: 180.01, radius: 200, accuracy: 5, current: .outside) == nil)
  #expect(rule.decide(distance: 220, radius: 200, accuracy: 5, current: .inside) == .outside)
  #expect(rule.decide(distance: 219.99, radius: 200, accuracy: 5, current: .inside) == nil)
  // Accuracy wider than the margin widens the band; unknown accuracy decides nothing.
  #expect(rule.decide(distance: 160, radius: 200, accuracy: 50, current: .outside) == nil)
  #expect(rule.decide(distance: 150, radius: 200, accuracy: 50, current: .outside) == .inside)
  #expect(rule.decide(distance: 0, radius: 200, accuracy: -1, current: .outside) == nil)
  // Small regions: the margin is at most half the radius.
  #expect(rule.decide(distance: 5, radius: 10, accuracy: 3, current: .outside) == .inside)
}

@Test func enteringAndLeavingARegion() {
  var tracker = RegionTracker()
  tracker.add(identifier: "depot", center: munich, radius: 200)
  // From 1000 m south-west, straight through the centre, to 1000 m north-east, 10 m steps.
  let fixes = track(from: munich, azimuth: 225, start: 1005, step: -10, count: 201)
  let events = run(&tracker, fixes)
  #expect(events.map(\.0) == ["depot", "depot", "depot"])
  #expect(events.map(\.1) == [.outside, .inside, .outside])
  // Index 0 at 1005 m decides outside; inside first at 175 m (index 83, the first ≤ 180 m);
  // outside at 225 m beyond the centre (index 123, the first ≥ 220 m).
  #expect(events.map(\.2) == [0, 83, 123])
}

@Test func jitterAcrossTheBoundaryForTenMinutesGivesOneEvent() {
  var tracker = RegionTracker()
  tracker.add(identifier: "gate", center: munich, radius: 200)
  var generator = SeededRandom(seed: 7)
  // Parked 195 m from the centre (inside: 195 ≤ 200 − 4), then jittering ±15 m radially,
  // 1 Hz for 10 minutes: never beyond 220 m, so never outside.
  let fixes = (0..<600).map { index -> CLLocation in
    let jitter = index == 0 ? 0 : Double(generator.next() % 3001) / 100 - 15
    let point = Geodesic.wgs84.direct(
      latitude: munich.latitude, longitude: munich.longitude, azimuth: 90,
      distance: 195 + jitter)
    return CLLocation(
      coordinate: CLLocationCoordinate2D(latitude: point.latitude, longitude: point.longitude),
      altitude: 0, horizontalAccuracy: 4, verticalAccuracy: -1,
      timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)))
  }
  let events = run(&tracker, fixes)
  #expect(events.count == 1)
  #expect(events.first?.1 == .inside)
}

@Test func grazingTheBoundaryIsNotAnEntry() {
  var tracker = RegionTracker()
  tracker.add(identifier: "zone", center: munich, radius: 300)
  // Start outside, then run along a chord whose closest approach is 290 m from the centre.
  let start = Geodesic.wgs84.direct(
    latitude: munich.latitude, longitude: munich.longitude, azimuth: 0, distance: 290)
  let tangent = track(
    from: CLLocationCoordinate2D(latitude: start.latitude, longitude: start.longitude),
    azimuth: 90, start: -400, step: 10, count: 81)
  let events = run(&tracker, tangent)
  #expect(events.map(\.1) == [.outside])
}

@Test func aPoorFixAtTheCrossingWaitsForAGoodOne() {
  var tracker = RegionTracker()
  tracker.add(identifier: "yard", center: munich, radius: 100)
  // Approach from 400 m; fixes 25–34 (distances 150 m … 60 m) have 80 m accuracy.
  let fixes = track(
    from: munich, azimuth: 180, start: 400, step: -10, count: 40,
    accuracy: { (25..<35).contains($0) ? 80 : 5 })
  let events = run(&tracker, fixes)
  #expect(events.map(\.1) == [.outside, .inside])
  // Index 32 (80 m) would decide with good accuracy; the first good fix is index 35 (50 m).
  #expect(events.last?.2 == 35)
}

@Test func aRegionAcrossTheAntimeridian() {
  var tracker = RegionTracker()
  let center = CLLocationCoordinate2D(latitude: -16.5, longitude: 180)
  tracker.add(identifier: "dateline", center: center, radius: 500)
  // Due east along the parallel from 1.5 km west of 180° to 1.5 km east of it.
  let fixes = track(from: center, azimuth: 90, start: -1500, step: 25, count: 121)
  #expect(fixes.contains { $0.coordinate.longitude > 0 })
  #expect(fixes.contains { $0.coordinate.longitude < 0 })
  let events = run(&tracker, fixes)
  #expect(events.map(\.1) == [.outside, .inside, .outside])
  #expect(events.map(\.2) == [0, 41, 81])
}

@Test func aRegionAroundTheNorthPole() {
  var tracker = RegionTracker()
  let pole = CLLocationCoordinate2D(latitude: 90, longitude: 0)
  tracker.add(identifier: "pole", center: pole, radius: 1000)
  // From 3 km out along the 30° E meridian, over the pole, out along 150° W.
  let fixes = track(from: pole, azimuth: 30, start: 3000, step: -100, count: 61)
  let events = run(&tracker, fixes)
  #expect(events.map(\.1) == [.outside, .inside, .outside])
  #expect(events.map(\.2) == [0, 21, 41])
}

@Test func severalRegionsReportInOrder() {
  var tracker = RegionTracker()
  let second = Geodesic.wgs84.direct(
    latitude: munich.latitude, longitude: munich.longitude, azimuth: 0, distance: 1000)
  tracker.add(identifier: "a", center: munich, radius: 150)
  tracker.add(
    identifier: "b",
    center: CLLocationCoordinate2D(latitude: second.latitude, longitude: second.longitude),
    radius: 150)
  let fixes = track(from: munich, azimuth: 0, start: -500, step: 20, count: 101)
  let events = run(&tracker, fixes).map { "\($0.0):\($0.1)@\($0.2)" }
  #expect(
    events == [
      "a:outside@0", "b:outside@0", "a:inside@19", "a:outside@34", "b:inside@69", "b:outside@84",
    ])
  tracker.remove(identifier: "a")
  #expect(tracker.identifiers == ["b"])
  #expect(tracker.state(of: "b") == .outside)
}
