import Foundation
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// `CLMonitor` over synthetic drives replayed from NMEA captures: the exact events, in order.
@Suite struct RegionMonitorTests {
  /// A monitor over a capture with the scenario's circles, and every event it reports.
  static func events(
    _ fixes: [RegionCaptures.Fix], _ regions: [RegionCaptures.Region]
  ) async throws -> (monitor: CLMonitor, events: [CLMonitor.Event]) {
    let path = try RegionCaptures.file(fixes, name: "drive.nmea")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let monitor = await CLMonitor(
      "test", input: .source(.file(path: path, pacing: .asFastAsPossible)))
    for region in regions {
      await monitor.add(
        CLMonitor.CircularGeographicCondition(center: region.center, radius: region.radius),
        identifier: region.name)
    }
    var events: [CLMonitor.Event] = []
    for try await event in await monitor.events { events.append(event) }
    return (monitor, events)
  }

  static func names(_ events: [CLMonitor.Event]) -> [String] {
    events.map { event in
      let state = event.state == .satisfied ? "inside" : "\(event.state)"
      let index = event.location.map { RegionCaptures.index($0.timestamp) } ?? -1
      return "\(event.identifier) \(state == "unsatisfied" ? "outside" : state) @\(index)"
    }
  }

  @Test func tourThroughFourRegions() async throws {
    // The scenario's geometry is what the expected events assume.
    #expect((1213.6..<1213.7).contains(Tour.lengthA))
    let closest = Tour.fixes[0...120].map {
      RegionCaptures.distance(
        CLLocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude), Tour.graze.center)
    }.min()
    #expect((282.0..<298).contains(closest ?? 0))
    #expect(Tour.fixes.count == 865)
    // The parked jitter crosses the boundary again and again: a plain d ≤ r test would flap.
    #expect(Tour.jitter.filter { $0 > 5 }.count > 200)
    #expect(Tour.jitter.filter { $0 < 5 }.count > 200)

    let (monitor, events) = try await Self.events(Tour.fixes, Tour.regions)
    #expect(Self.names(events) == Tour.expected)
    // Each event carries the deciding fix, its time and its distance to the centre.
    let distances = events.map { ($0.distance ?? -1) * 1000 }.map { $0.rounded() / 1000 }
    let lengthA = Tour.lengthA
    #expect(distances[0] == 5)
    #expect(abs(distances[2] - (lengthA - 5)) < 0.001)
    #expect(distances[4] == 225)
    #expect(abs(distances[5] - (lengthA - 1165)) < 0.001)
    #expect(distances[6] == 125)
    #expect(distances[7] == 175)
    #expect(distances[8] == 225)
    #expect(events.allSatisfy { $0.date == $0.location?.timestamp })
    #expect(events[5].location?.horizontalAccuracy == 5)
    #expect(events.allSatisfy { !$0.authorizationDenied && !$0.conditionUnsupported })
    // The records hold the last event of each condition.
    #expect(await monitor.identifiers == ["depot", "graze", "yard", "gate"])
    let last = await monitor.record(for: "gate")?.lastEvent
    #expect(last?.state == .unsatisfied)
    #expect(last.map { RegionCaptures.index($0.date) } == 862)
    #expect(await monitor.record(for: "graze")?.lastEvent.state == .unsatisfied)
    #expect(await monitor.record(for: "depot")?.condition is CLMonitor.CircularGeographicCondition)
  }

  @Test func aRegionAcrossTheAntimeridian() async throws {
    #expect(Dateline.fixes.contains { $0.longitude > 179.99 })
    #expect(Dateline.fixes.contains { $0.longitude < -179.99 })
    let (_, events) = try await Self.events(Dateline.fixes, [Dateline.region])
    #expect(Self.names(events) == Dateline.expected)
    #expect(events.map { (($0.distance ?? 0) * 1000).rounded() / 1000 } == [1495, 475, 525])
  }

  @Test func aRegionAroundTheNorthPole() async throws {
    #expect(Pole.fixes.contains { $0.latitude > 89.9999 })
    let (_, events) = try await Self.events(Pole.fixes, [Pole.region])
    #expect(Self.names(events) == Pole.expected)
    #expect(events.map { (($0.distance ?? 0) * 1000).rounded() / 1000 } == [2995, 975, 1025])
  }

  /// Assumed states: from an assumed satisfied state, the first fix far outside is a change;
  /// one assumed unsatisfied that is outside makes no event.
  @Test func assumedStatesDecideLikeAKnownState() async throws {
    let path = try RegionCaptures.file(Dateline.fixes, name: "dateline.nmea")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let monitor = await CLMonitor(
      "assumed", input: .source(.file(path: path, pacing: .asFastAsPossible)))
    let circle = CLMonitor.CircularGeographicCondition(
      center: Dateline.region.center, radius: 500)
    await monitor.add(circle, identifier: "was-inside", assuming: .satisfied)
    await monitor.add(circle, identifier: "was-outside", assuming: .unsatisfied)
    #expect(await monitor.record(for: "was-inside")?.lastEvent.state == .satisfied)
    var events: [CLMonitor.Event] = []
    for try await event in await monitor.events { events.append(event) }
    #expect(
      Self.names(events) == [
        "was-inside outside @0", "was-inside inside @102", "was-outside inside @102",
        "was-inside outside @202", "was-outside outside @202",
      ])
  }
}
