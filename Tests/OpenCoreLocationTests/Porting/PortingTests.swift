import Foundation
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// The iOS-style wrapper in `LocationProvider.swift` (compiled with only the import changed)
/// drives a manager over a replayed capture; delegate methods arrive on the main queue.
@Suite("Porting Core Location code")
struct PortingTests {
  /// A car driving (haicom-305N, 68 epochs, most of them moving).
  static let drive = Fixtures.gpsd("haicom-305N")
  /// A boat logging at 2.7 m/s (humminbird-M37) with RMC, GLL and GGA in turn.
  static let boat = Fixtures.gpsd("humminbird-M37")

  static func manager(_ path: String) -> CLLocationManager {
    CLLocationManager(source: .file(path: path, pacing: .asFastAsPossible))
  }

  @Test(
    "authorization, then updates: the capture's fixes, stamped from now, 5 m apart",
    GpsdCaptures.needs("haicom-305N"))
  func updates() async throws {
    let started = Date()
    let provider = LocationProvider(manager: Self.manager(Self.drive))
    let (locations, ended) = await withCheckedContinuation { continuation in
      var received: [CLLocation] = []
      var done = false
      provider.onLocation = { received.append($0) }
      provider.onError = { error in
        if !done, let error = error as? CLError, case .inputEnded? = error.detail {
          done = true
          continuation.resume(returning: (received, error))
        }
      }
      DispatchQueue.main.async { provider.start() }
    }
    #expect(ended.code == .locationUnknown)
    // The same capture through LocationService with the provider's settings.
    var options = LocationServiceOptions(source: .file(path: Self.drive, pacing: .asFastAsPossible))
    options.distanceFilter = 5
    options.activityType = .fitness
    var expected: [Fix] = []
    for try await event in LocationService(options: options).updates() {
      if case .location(let location) = event { expected.append(location) }
    }
    #expect(locations.count == expected.count)
    #expect(locations.count >= 15)
    #expect(zip(locations, expected).allSatisfy { $0.coordinate == $1.coordinate })
    #expect(provider.currentLocation === locations.last)
    for (earlier, later) in zip(locations, locations.dropFirst()) {
      #expect(later.timestamp > earlier.timestamp)
      #expect(later.distance(from: earlier) >= 5)
    }
    // Replays start at the wall clock's now (ReplayTimestamps.startingNow): after this test
    // began (the main queue may be busy with other tests for a while), not a minute ahead.
    let first = try #require(locations.first)
    #expect(first.timestamp >= started.addingTimeInterval(-1))
    #expect(first.timestamp <= Date().addingTimeInterval(60))
  }

  @Test(
    "one fix through the completion handler, and through async/await",
    GpsdCaptures.needs("humminbird-M37"))
  func oneShot() async throws {
    let provider = LocationProvider(manager: Self.manager(Self.boat))
    let location = try await provider.location()
    // The first fix as accurate as the 10 m asked for: the first GGA's (DGPS, HDOP 0.9 ×
    // 4.75 m); the RMC before it has no HDOP of its own yet.
    #expect(abs(location.coordinate.latitude - 44.43523) < 1e-9)
    #expect(abs(location.horizontalAccuracy - 0.9 * 4.75) < 1e-9)

    let second = LocationProvider(manager: Self.manager(Self.boat))
    let result = await withCheckedContinuation { continuation in
      DispatchQueue.main.async { second.requestLocation { continuation.resume(returning: $0) } }
    }
    #expect(try result.get().coordinate.latitude == location.coordinate.latitude)
  }

  @Test("no receiver: the delegate hears denied, the request fails with CLError.denied")
  func noReceiver() async {
    let manager = CLLocationManager(
      source: .device(path: "/dev/nonexistent-gps", baud: .fixed(9600)))
    let provider = LocationProvider(manager: manager)
    let reported = EventLog<CLError>()
    provider.onError = { error in if let error = error as? CLError { reported.append(error) } }
    do {
      _ = try await provider.location()
      Issue.record("expected a failure")
    } catch let error as CLError {
      #expect(error.code == .denied)
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(manager.authorizationStatus == .denied)
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
    #expect(reported.all.map(\.detail) == [.noReceiver(path: "/dev/nonexistent-gps")])
  }
}
