import Foundation
import Platform
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// `LocationService.observe(_:)`: the events of `updates()`, handed over on the reader's thread.
@Suite("Observing a service")
struct ObserveTests {
  /// One line per event: a location's time and coordinates, a sky view's satellites, the
  /// description of the others.
  static func name(_ event: LocationServiceEvent) -> String {
    switch event {
    case .location(let location):
      let coordinate = location.coordinate
      return
        "location \(location.timestamp.timeIntervalSince1970) \(coordinate.latitude) "
        + "\(coordinate.longitude)"
    case .sky(let sky): return "sky \(sky.satellites.count)"
    case .sentences(let bytes): return "sentences \(bytes.count)"
    default: return "\(event)"
    }
  }

  /// Every event of `updates()` to its end.
  static func updates(_ service: LocationService) async throws -> [String] {
    var names: [String] = []
    for try await event in service.updates() { names.append(name(event)) }
    return names
  }

  /// Every event `observe(_:)` hands over until it returns.
  static func observed(_ service: LocationService) async throws -> [String] {
    let log = EventLog<String>()
    try await service.observe { log.append(name($0)) }
    return log.all
  }

  static func capture(_ name: String) -> LocationService {
    var options = LocationServiceOptions(
      source: .file(
        path: Fixtures.gpsd("\(name)"), pacing: .asFastAsPossible))
    options.pausesAutomatically = false
    options.deliversSkyViews = true
    options.deliversSentences = true
    return LocationService(options: options)
  }

  @Test(
    "a capture: the same events as updates(), in the same order, then the end",
    GpsdCaptures.needs("bu353s4"))
  func sameAsUpdates() async throws {
    let streamed = try await Self.updates(Self.capture("bu353s4"))
    let observed = try await Self.observed(Self.capture("bu353s4"))
    #expect(observed == streamed)
    let locations = observed.filter { $0.hasPrefix("location ") }
    #expect(locations.count == 25)
    // 2014-12-31T03:07:19Z, 3747.0873 S 17518.8938 E; 03:07:43Z, 3747.0877 S 17518.8941 E.
    #expect(locations.first == "location 1419995239.0 -37.78478833333333 175.31489666666667")
    #expect(locations.last == "location 1419995263.0 -37.784795 175.31490166666666")
    // A GSV group every 5 s.
    #expect(observed.count { $0.hasPrefix("sky ") } == 5)
    #expect(observed.count { $0.hasPrefix("sentences ") } > 0)
  }

  /// Two whole epochs at 10:00:00 and 10:00:01, then the third one's GGA only: in progress
  /// until the next epoch, or the finish.
  static func twoEpochsAndAGGA(_ session: LocationSession, clock: ManualClock) {
    session.deviceState(LocationServiceTests.connected)
    for second in 0..<2 {
      clock.advance(by: 1)
      LocationServiceTests.feed(
        session, Synthetic.epoch(36_000 + Double(second), 48.1, 11.1), clock: clock)
    }
    LocationServiceTests.feed(session, Synthetic.gga(36_002, 48.2, 11.1), clock: clock)
  }

  @Test("finish(): the epoch in progress is completed and handed over, then observe returns")
  func finish() async throws {
    var results: [[String]] = []
    for observes in [false, true] {
      let clock = ManualClock()
      let (service, sessions) = LocationServiceTests.service(clock: clock)
      let reader = Task {
        observes ? try await Self.observed(service) : try await Self.updates(service)
      }
      var iterator = sessions.makeAsyncIterator()
      Self.twoEpochsAndAGGA(try #require(await iterator.next()), clock: clock)
      service.finish()
      results.append(try await reader.value.filter { $0.hasPrefix("location ") })
    }
    #expect(results[1] == results[0])
    #expect(
      results[1] == [
        "location 1749981600.0 48.1 11.1", "location 1749981601.0 48.1 11.1",
        "location 1749981602.0 48.2 11.1",
      ])
  }

  @Test("a capture that cannot be opened: the error updates() ends with")
  func cannotOpen() async {
    var errors: [EngineError?] = []
    let source = ReceiverSource.file(path: "/nonexistent/capture.log", pacing: .asFastAsPossible)
    for observes in [false, true] {
      let service = LocationService(options: LocationServiceOptions(source: source))
      do {
        _ = observes ? try await Self.observed(service) : try await Self.updates(service)
        errors.append(nil)
      } catch {
        errors.append(error as? EngineError)
      }
    }
    #expect(errors[1]?.detail == .noReceiver(path: "/nonexistent/capture.log"))
    #expect(errors[1]?.detail == errors[0]?.detail)
  }

  struct Enough: Error {}

  @Test(
    "a handler that throws: observing stops at once, and observe throws its error",
    GpsdCaptures.needs("bu353s4"))
  func handlerThrows() async throws {
    let locations = Locked(0)
    await #expect(throws: Enough.self) {
      try await Self.capture("bu353s4").observe { event in
        guard case .location = event else { return }
        let count = locations.withLock { count in
          count += 1
          return count
        }
        if count == 3 { throw Enough() }
      }
    }
    #expect(locations.withLock { $0 } == 3)
  }
}
