import Foundation
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// Regions in `LocationService.updates()` (what `locate watch --region` reads), and a
/// `CLMonitor` fed by hand.
@Suite struct RegionServiceTests {
  /// The service's stream as `region state @fix` and `fix @i` items.
  static func stream(_ options: LocationServiceOptions) async throws -> [String] {
    var items: [String] = []
    for try await event in LocationService(options: options).updates() {
      switch event {
      case .location(let location): items.append("fix @\(RegionCaptures.index(location.timestamp))")
      case .region(let transition):
        let state = transition.state == .inside ? "inside" : "outside"
        items.append(
          "\(transition.identifier) \(state) @\(RegionCaptures.index(transition.location.timestamp))"
        )
      default: break
      }
    }
    return items
  }

  static func options(_ path: String) -> LocationServiceOptions {
    var options = LocationServiceOptions(source: .file(path: path, pacing: .asFastAsPossible))
    for region in Tour.regions {
      options.regions.add(identifier: region.name, center: region.center, radius: region.radius)
    }
    return options
  }

  /// Every fix delivered: each transition comes just before the fix that decided it.
  @Test func transitionsPrecedeTheirFix() async throws {
    let path = try RegionCaptures.file(Tour.fixes, name: "tour.nmea")
    defer { try? FileManager.default.removeItem(atPath: path) }
    var options = Self.options(path)
    options.pausesAutomatically = false
    let items = try await Self.stream(options)
    #expect(items.filter { !$0.hasPrefix("fix") } == Tour.expected)
    #expect(items.filter { $0.hasPrefix("fix") }.count == Tour.fixes.count)
    for (index, item) in items.enumerated() where !item.hasPrefix("fix") {
      let at = item.split(separator: "@").last ?? ""
      let next = items[index...].first { $0.hasPrefix("fix") }
      #expect(next == "fix @\(at)", "\(item)")
    }
  }

  /// A 995 m distance filter, a 10 m accuracy filter and the pause hide most fixes (1000 m on
  /// at fix 100, then 995 m on at 204, on the way to the gate: the rest is nearer), not the
  /// transitions.
  @Test func filtersDoNotHideTransitions() async throws {
    let path = try RegionCaptures.file(Tour.fixes, name: "tour.nmea")
    defer { try? FileManager.default.removeItem(atPath: path) }
    var options = Self.options(path)
    options.distanceFilter = 995
    options.desiredAccuracy = 10
    let items = try await Self.stream(options)
    #expect(items.filter { !$0.hasPrefix("fix") } == Tour.expected)
    #expect(items.filter { $0.hasPrefix("fix") } == ["fix @0", "fix @100", "fix @204"])
  }

  /// A monitor over a service's source; one over a receiver that is not there ends after an
  /// event per condition saying so.
  @Test func monitorInputs() async throws {
    let path = try RegionCaptures.file(Dateline.fixes, name: "dateline.nmea")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let service = LocationService(
      options: LocationServiceOptions(source: .file(path: path, pacing: .asFastAsPossible)))
    let monitor = await CLMonitor("service", input: .service(service))
    let circle = CLMonitor.CircularGeographicCondition(
      center: Dateline.region.center, radius: 500)
    await monitor.add(circle, identifier: "dateline")
    var states: [String] = []
    for try await event in await monitor.events {
      states.append(
        "\(event.state) @\(event.location.map { RegionCaptures.index($0.timestamp) } ?? -1)")
    }
    #expect(states == ["unsatisfied @0", "satisfied @102", "unsatisfied @202"])

    let missing = await CLMonitor(
      "missing", input: .source(.device(path: "/dev/nonexistent-gps", baud: .auto)))
    await missing.add(circle, identifier: "a", assuming: .satisfied)
    await missing.add(circle, identifier: "b")
    var events: [CLMonitor.Event] = []
    for try await event in await missing.events { events.append(event) }
    #expect(events.map(\.identifier) == ["a", "b"])
    #expect(events.map(\.state) == [.satisfied, .unknown])
    #expect(events.allSatisfy { $0.authorizationDeniedGlobally && !$0.authorizationDenied })
    #expect(events.allSatisfy { $0.location == nil && $0.persistenceUnavailable })
  }

  /// A monitor fed by hand: `process` returns the events, which the sequence also delivers,
  /// in order, even when they happened before it was iterated.
  @Test func fedMonitor() async throws {
    let monitor = await CLMonitor("fed", input: .fed)
    let center = Dateline.region.center
    await monitor.add(
      CLMonitor.CircularGeographicCondition(center: center, radius: 500), identifier: "dateline")
    await monitor.add(
      CLMonitor.CircularGeographicCondition(center: center, radius: -1), identifier: "negative")
    struct Beacon: CLCondition {}
    await monitor.add(Beacon(), identifier: "beacon")
    #expect(await monitor.record(for: "negative")?.lastEvent.state == .unmonitored)
    #expect(await monitor.record(for: "beacon")?.lastEvent.conditionUnsupported == true)
    var returned: [String] = []
    for (index, fix) in Dateline.fixes.enumerated() {
      let location = CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: fix.latitude, longitude: fix.longitude),
        altitude: 0, horizontalAccuracy: index == 150 ? -1 : fix.accuracy, verticalAccuracy: -1,
        timestamp: Date(timeIntervalSince1970: RegionCaptures.start + Double(index)))
      for event in await monitor.process(location) {
        returned.append("\(event.identifier) \(event.state) @\(index)")
      }
    }
    #expect(
      returned == [
        "dateline unsatisfied @0", "dateline satisfied @102", "dateline unsatisfied @202",
      ])
    await monitor.remove("beacon")
    #expect(await monitor.identifiers == ["dateline", "negative"])
    #expect(await monitor.record(for: "beacon") == nil)
    var iterator = await monitor.events.makeAsyncIterator()
    var delivered: [String] = []
    for _ in 0..<5 {
      guard let event = try await iterator.next() else { break }
      delivered.append("\(event.identifier) \(event.state)")
    }
    #expect(
      delivered == [
        "negative unmonitored", "beacon unmonitored", "dateline unsatisfied", "dateline satisfied",
        "dateline unsatisfied",
      ])
    // A second iteration takes over: the first one ends.
    var second = await monitor.events.makeAsyncIterator()
    let more = Task { try await second.next()?.identifier }
    #expect(try await iterator.next() == nil)  // returns once the second one has attached
    let far = CLLocation(
      coordinate: CLLocationCoordinate2D(latitude: -16.5, longitude: 179.9), altitude: 0,
      horizontalAccuracy: 5, verticalAccuracy: -1, timestamp: Date())
    await monitor.process(far)  // still outside: no event
    let inside = CLLocation(
      coordinate: center, altitude: 0, horizontalAccuracy: 5, verticalAccuracy: -1,
      timestamp: Date())
    await monitor.process(inside)
    #expect(try await more.value == "dateline")
  }
}
