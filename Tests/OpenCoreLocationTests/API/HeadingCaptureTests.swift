import Foundation
import NMEA
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation
@testable import VirtualReceiver

/// Collects everything a manager reports until its replay ends.
final class ReplayRecorder: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private(set) var headings: [CLHeading] = []
  private(set) var locations: [CLLocation] = []
  private(set) var visits: [CLVisit] = []
  private(set) var errors: [CLError] = []
  private var done: CheckedContinuation<Void, Never>?
  private var ended = false

  /// Runs `start` on the manager's queue, then waits for the replay's end.
  func run(_ manager: CLLocationManager, _ start: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { continuation in
      lock.withLock { done = continuation }
      manager.delegateQueue.async { start() }
    }
  }

  func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
    lock.withLock { headings.append(newHeading) }
  }

  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    lock.withLock { self.locations.append(contentsOf: locations) }
  }

  func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
    lock.withLock { visits.append(visit) }
  }

  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
    let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
      if let error = error as? CLError { errors.append(error) }
      guard case .inputEnded? = (error as? CLError)?.detail, !ended else { return nil }
      ended = true
      defer { done = nil }
      return done
    }
    continuation?.resume()
  }
}

@Suite("Heading from captures and the simulator")
struct HeadingCaptureTests {
  static func capture(_ name: String) -> ReceiverSource {
    .file(path: Fixtures.gpsd(name), pacing: .asFastAsPossible)
  }

  static func replay(
    _ source: ReceiverSource, filter: Double = kCLHeadingFilterNone, locations: Bool = true
  ) async -> (ReplayRecorder, CLLocationManager) {
    let manager = CLLocationManager(source: source, replayTimestamps: .asRecorded)
    let recorder = ReplayRecorder()
    manager.delegateQueue = DispatchQueue(label: "heading-capture")
    manager.delegate = recorder
    manager.headingFilter = filter
    manager.pausesLocationUpdatesAutomatically = false
    await recorder.run(manager) {
      guard locations else {
        manager.startUpdatingHeading()
        return
      }
      // Both from the replay's first sentence: heading updates alone would start the replay
      // as fast as possible, and a loaded machine could read past the epochs a test checks
      // before location updates begin (the standing fix at 30 s was missed so).
      manager.state.withLock { $0.updatingHeading = true }
      manager.startUpdatingLocation()
    }
    return (recorder, manager)
  }

  @Test(
    "rst39.log (OxTS GPS/IMU): the four HDT values, timestamped at their epoch, not COG; magnetic from WMM2025",
    GpsdCaptures.needs("rst39"))
  func rst39() async throws {
    let source = Self.capture("rst39")
    let (recorder, manager) = await Self.replay(source)
    #expect(recorder.headings.map(\.trueHeading) == [25.5, 43.31, 61.49, 74.79])
    // The receiver sends no variation: the World Magnetic Model's at its position.
    let variation = try #require(recorder.locations.first?.fix.magneticVariation)
    #expect(variation.source == .model)
    for heading in recorder.headings {
      #expect(
        abs(heading.magneticHeading - variation.magnetic(fromTrue: heading.trueHeading)) < 0.01)
    }
    // $GPHDT,25.50,T follows $GPGGA,204133.00: its epoch is 2014-02-19 20:41:33 UTC.
    let first = try #require(recorder.headings.first)
    let epoch = Date(timeIntervalSince1970: 1_392_842_493)
    #expect(abs(first.timestamp.timeIntervalSince(epoch)) < 0.001)
    // That epoch's course over ground is RMC's 41.865°, not the heading.
    let fix = try #require(
      recorder.locations.first { abs($0.timestamp.timeIntervalSince(epoch)) < 0.01 })
    #expect(abs(fix.course - 41.865) < 1e-9)
    #expect(manager.heading == recorder.headings.last)
    #expect(CLLocationManager.headingAvailable(for: source))
  }

  @Test(
    "hemi.log (Hemisphere dual antenna): the default 1° filter keeps the first of four",
    GpsdCaptures.needs("hemi"))
  func hemiFilter() async {
    let (all, _) = await Self.replay(Self.capture("hemi"), locations: false)
    #expect(all.headings.map(\.trueHeading) == [274.07, 274.04, 274.12, 274.11])
    let (filtered, _) = await Self.replay(Self.capture("hemi"), filter: 1, locations: false)
    #expect(filtered.headings.map(\.trueHeading) == [274.07])
  }

  @Test("pypilot.log (autopilot HDM): magnetic headings, true unknown without a variation")
  func pypilot() async {
    let path = Paths.root + "/Fixtures/gpsd-heading/pypilot.log"
    let (recorder, _) = await Self.replay(.file(path: path, pacing: .asFastAsPossible))
    #expect(
      recorder.headings.map(\.magneticHeading) == [
        218.634, 218.722, 218.764, 218.681, 218.661, 218.598, 218.652,
      ])
    #expect(recorder.headings.allSatisfy { $0.trueHeading == -1 })
  }

  @Test(
    "a receiver without heading sentences: headingAvailable false, no didUpdateHeading",
    GpsdCaptures.needs("haicom-305N"))
  func noHeading() async {
    let source = Self.capture("haicom-305N")
    let (recorder, manager) = await Self.replay(source)
    #expect(recorder.headings.isEmpty)
    #expect(recorder.locations.count > 10)
    #expect(manager.heading == nil)
    #expect(!CLLocationManager.headingAvailable(for: source))
  }

  @Test(
    "a simulated drive with THS, HDT or HDG: the vehicle's heading, also standing still",
    arguments: DriveHeadingSentence.allCases)
  func simulated(_ kind: DriveHeadingSentence) async throws {
    let drive = try PlannedDrive(
      stops: [DriveStop(at: 30, duration: 20)], duration: 90, heading: kind)
    defer { drive.remove() }
    let truth = drive.truth
    let (recorder, _) = await Self.replay(.file(path: drive.path, pacing: .asFastAsPossible))
    #expect(recorder.headings.count == truth.count)
    for (heading, epoch) in zip(recorder.headings, truth) {
      #expect(abs(heading.trueHeading - epoch.heading) < 0.006, "\(kind) at \(epoch.time)")
    }
    // Standing still: a heading, but no course over ground.
    let standing = try #require(truth.firstIndex { $0.speed == 0 })
    #expect(recorder.headings[standing].trueHeading >= 0)
    let stopped = try #require(
      recorder.locations.first {
        abs($0.timestamp.timeIntervalSince1970 - truth[standing].time) < 0.001
      })
    #expect(stopped.course == -1)
  }
}
