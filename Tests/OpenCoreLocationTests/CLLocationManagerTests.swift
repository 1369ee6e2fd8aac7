import Foundation
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// The manager over fed bytes on a manual clock; delegate methods on the main queue.
@Suite("CLLocationManager")
struct CLLocationManagerTests {
  /// Records what the delegate hears, in order.
  final class Recorder: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    let log = EventLog<String>()

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
      for location in locations {
        log.append("location \(Int(location.timestamp.timeIntervalSince1970) % 86_400)")
      }
    }
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
      let detail = (error as? CLError)?.detail.map { "\($0)" } ?? "\(error)"
      log.append("error \(detail.prefix(while: { $0 != "(" }))")
    }
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
      log.append("authorization \(manager.authorizationStatus)")
    }
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
      log.append("paused")
    }
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
      log.append("resumed")
    }
  }

  struct Rig {
    let clock = ManualClock()
    let manager: CLLocationManager
    let recorder = Recorder()
    let sessions: AsyncStream<LocationSession>

    init() {
      let (sessions, continuation) = AsyncStream<LocationSession>.makeStream()
      self.sessions = sessions
      manager = CLLocationManager(input: .manual, isReplay: false, clock: clock)
      manager.onSession = { continuation.yield($0) }
      manager.delegate = recorder
    }

    func feed(_ session: LocationSession, _ text: String) {
      Array(text.utf8).withUnsafeBytes { session.feed($0, at: clock.now()) }
    }

    /// Feeds one epoch per second of clock.
    func epochs(_ session: LocationSession, from second: Int, count: Int, hdop: Double = 1) {
      for offset in 0..<count {
        clock.advance(by: 1)
        feed(session, Synthetic.epoch(36_000 + Double(second + offset), 48.1, 11.1, hdop: hdop))
      }
    }

    /// Lets the main queue deliver what is pending.
    func drain() async {
      await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
      }
    }
  }

  static let connected = DeviceState.connected(path: "/dev/ttyTEST", baud: 9600)

  @Test("authorization, updates, an unplug and a replug, then stop")
  func lifecycle() async throws {
    let rig = Rig()
    rig.manager.pausesLocationUpdatesAutomatically = false
    rig.manager.requestWhenInUseAuthorization()
    rig.manager.startUpdatingLocation()
    var sessions = rig.sessions.makeAsyncIterator()
    let session = try #require(await sessions.next())
    session.deviceState(Self.connected)
    rig.feed(session, "partial")
    rig.epochs(session, from: 0, count: 4)
    session.deviceState(.unplugged(path: "/dev/ttyTEST"))
    session.deviceState(Self.connected)
    rig.feed(session, "partial")
    rig.epochs(session, from: 10, count: 4)
    await rig.drain()
    #expect(
      rig.recorder.log.all == [
        "authorization notDetermined", "authorization authorizedWhenInUse", "location 36000",
        "location 36001", "location 36002", "location 36003", "error receiverLost",
        "location 36010", "location 36011", "location 36012", "location 36013",
      ])
    #expect(rig.manager.location.map { Int($0.timestamp.timeIntervalSince1970) % 86_400 } == 36_013)
    #expect(rig.manager.authorizationStatus == .authorizedWhenInUse)
    rig.manager.stopUpdatingLocation()
    #expect(session.inspect { $0.delivery == nil })
  }

  @Test("requestLocation: the best fix when none is accurate enough, an error when none at all")
  func requestLocation() async throws {
    let rig = Rig()
    rig.manager.desiredAccuracy = 5
    rig.manager.requestLocation()
    var sessions = rig.sessions.makeAsyncIterator()
    let session = try #require(await sessions.next())
    session.deviceState(Self.connected)
    rig.feed(session, "partial")
    rig.epochs(session, from: 0, count: 12, hdop: 2)  // 38 m each
    await rig.drain()
    #expect(rig.recorder.log.all.suffix(2) == ["authorization authorizedAlways", "location 36000"])

    rig.manager.requestLocation()
    let second = try #require(await sessions.next())
    second.deviceState(Self.connected)
    for _ in 0..<11 {
      rig.clock.advance(by: 1)
      rig.feed(second, Synthetic.gga(36_100, 48.1, 11.1, quality: 0))
    }
    await rig.drain()
    #expect(rig.recorder.log.all.last == "error noFix")
  }

  @Test("pause after a minute stationary (fitness), resume when moving")
  func pauseAndResume() async throws {
    let rig = Rig()
    rig.manager.activityType = .fitness
    rig.manager.startUpdatingLocation()
    var sessions = rig.sessions.makeAsyncIterator()
    let session = try #require(await sessions.next())
    session.deviceState(Self.connected)
    rig.feed(session, "partial")
    rig.epochs(session, from: 0, count: 70)
    rig.clock.advance(by: 1)
    rig.feed(session, Synthetic.epoch(36_070, 48.1 + 20.0 / 111_200, 11.1))
    await rig.drain()
    let log = rig.recorder.log.all
    let paused = try #require(log.firstIndex(of: "paused"))
    #expect(log[paused - 1] == "location 36059")
    #expect(Array(log[(paused + 1)...]) == ["resumed", "location 36070"])
  }
}
