import Foundation
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// The service over real capture files, read by a real `Receiver`.
@Suite("Replays through Receiver")
struct ReplayEndToEndTests {
  static func capture(_ name: String) -> ReceiverSource {
    .file(
      path: Fixtures.gpsd("\(name)"), pacing: .asFastAsPossible)
  }

  @Test(
    "current location from a capture: its first fix, with the capture's own date",
    GpsdCaptures.needs("bu353s4"))
  func current() async throws {
    let service = LocationService(options: LocationServiceOptions(source: Self.capture("bu353s4")))
    let location = try await service.currentLocation(timeout: 30)
    #expect(location.timestamp == ISO8601DateFormatter().date(from: "2014-12-31T03:07:19Z"))
    #expect(abs(location.coordinate.latitude - -37.784788333) < 1e-9)
    #expect(abs(location.coordinate.longitude - 175.314896667) < 1e-9)
    #expect(location.altitude == 59.9)
    #expect(abs(location.ellipsoidalAltitude - 83.6) < 1e-9)
    #expect(abs(location.horizontalAccuracy - 1.1 * 19) < 1e-9)
    #expect(abs(location.verticalAccuracy - 1.5 * 23) < 1e-9)
    #expect(location.gnss?.mode == .fix3D)
    #expect(location.gnss?.isReplay == true)
    #expect(service.authorizationStatus == .authorizedAlways)
  }

  @Test(
    "updates from a capture: every fix of every epoch, then the end", GpsdCaptures.needs("bu353s4"))
  func updates() async throws {
    var options = LocationServiceOptions(source: Self.capture("bu353s4"))
    options.pausesAutomatically = false
    let service = LocationService(options: options)
    var times: [Date] = []
    for try await event in service.updates() {
      if case .location(let location) = event { times.append(location.timestamp) }
    }
    #expect(times.count == 25)
    #expect(times.first == ISO8601DateFormatter().date(from: "2014-12-31T03:07:19Z"))
    #expect(times.last == ISO8601DateFormatter().date(from: "2014-12-31T03:07:43Z"))
  }

  @Test("a capture file that does not exist: noReceiver at once")
  func missing() async {
    let source = ReceiverSource.file(path: "/nonexistent/capture.log", pacing: .asFastAsPossible)
    let service = LocationService(options: LocationServiceOptions(source: source))
    do {
      _ = try await service.currentLocation(timeout: 5)
      Issue.record("expected an error")
    } catch {
      #expect(error.detail == .noReceiver(path: "/nonexistent/capture.log"))
      #expect(error.code == .denied)
    }
  }
}

/// A consumer that stops early must not leave the reader blocked.
@Suite("Stopping early")
struct StoppingEarlyTests {
  /// A synthetic capture long enough to fill the replay queue many times over.
  static let long: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("locate-service-long-\(getpid()).nmea")
    let text = (0..<6_000).map {
      Synthetic.epoch(Double($0 % 86_000), 48.1 + Double($0) * 1e-5, 11.1, knots: 10)
    }.joined()
    try? Data(text.utf8).write(to: url)
    // Removed when the test run ends (one file per run was left in the temporary directory).
    atexit { try? FileManager.default.removeItem(at: StoppingEarlyTests.long) }
    return url
  }()

  @Test("breaking out of updates() after a few events ends the replay")
  func breakEarly() async throws {
    var options = LocationServiceOptions(
      source: .file(path: Self.long.path, pacing: .asFastAsPossible))
    options.pausesAutomatically = false
    var count = 0
    for try await event in LocationService(options: options).updates() {
      if case .location = event { count += 1 }
      if count == 10 { break }
    }
    #expect(count == 10)
  }

  @Test("cancelling the consuming task ends the stream at once")
  func cancel() async throws {
    var options = LocationServiceOptions(
      source: .file(path: Self.long.path, pacing: .asFastAsPossible))
    options.pausesAutomatically = false
    let service = LocationService(options: options)
    let started = AsyncStream<Void>.makeStream()
    let task = Task {
      var count = 0
      for try await event in service.updates() {
        guard case .location = event else { continue }
        count += 1
        // Stalls after the first fix (the reader fills the queue and waits) until cancelled.
        started.continuation.yield()
        try? await Task.sleep(for: .seconds(600))
      }
      return count
    }
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    task.cancel()
    let count = try await task.value
    #expect(count == 1)  // it stops at once, not after the 6000 fixes of the capture
  }
}
