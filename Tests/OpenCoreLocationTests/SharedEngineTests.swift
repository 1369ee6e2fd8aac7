import Foundation
import Platform
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation
@testable import Receivers
@testable import VirtualReceiver

/// Every client in a process shares one engine per receiver: the device is opened once, each
/// client keeps its own policies, the last one to stop closes it.
@Suite("One engine per receiver")
struct SharedEngineTests {
  /// A delegate that records what its manager delivers.
  final class Recorder: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    let locations = Locked<[CLLocation]>([])
    let errors = Locked<[String]>([])

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
      self.locations.withLock { $0 += locations }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
      errors.withLock { $0.append("\(error)") }
    }

    var count: Int { locations.withLock { $0.count } }
  }

  /// Runs tasks on a queue of their own, not on the shared pool: the whole suite runs in one
  /// process, and its blocking tests can hold the pool's two threads for minutes (the
  /// managers, on dispatch queues, got 1259 fixes meanwhile; the two loops, none).
  final class QueueExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "shared-engine-tasks")

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
  }

  /// A drive straight at 30 m/s, 5 fixes a second (6 m apart).
  static func straightDrive() -> DriveOptions {
    var options = DriveOptions()
    options.rate = 5
    options.speed = 30
    options.turns = false
    options.stops = false
    options.fixLoss = false
    return options
  }

  /// A simulated receiver driving ``straightDrive()``.
  static func simulator() throws -> VirtualReceiver {
    let simulator = VirtualReceiver(script: .drive(straightDrive()))
    try simulator.start()
    return simulator
  }

  static func options() -> ReceiverOptions {
    var options = ReceiverOptions()
    options.baudCacheFile = nil
    return options
  }

  static func manager(
    _ source: ReceiverSource, _ recorder: Recorder, distanceFilter: Double
  ) -> CLLocationManager {
    let manager = CLLocationManager(source: source, options: options())
    manager.delegateQueue = DispatchQueue(label: "shared-engine-test")
    manager.distanceFilter = distanceFilter
    manager.delegate = recorder
    return manager
  }

  /// Waits (polling, up to `timeout` seconds) until `condition` holds.
  static func until(timeout: Double = 60, _ condition: () -> Bool) async -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while !condition() {
      if Date() > end { return false }
      try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return true
  }

  /// `filtered` is what the distance filter `metres` lets through of `all` (the same fixes, in
  /// order): each delivered fix at least `metres` from the one delivered before it, and the
  /// first such fix of `all`.
  static func followsDistanceFilter(
    _ filtered: [CLLocation], of all: [CLLocation], metres: Double
  ) -> Bool {
    guard filtered.count >= 2 else { return false }
    for (previous, next) in zip(filtered, filtered.dropFirst()) {
      guard next.distance(from: previous) >= metres - 0.01 else { return false }
      let between = all.filter {
        $0.timestamp > previous.timestamp && $0.timestamp < next.timestamp
      }
      guard between.allSatisfy({ $0.distance(from: previous) < metres + 0.01 }) else {
        return false
      }
      // Every fix in between was delivered to the other client: none is missing.
      guard all.contains(where: { $0.timestamp == next.timestamp }) else { return false }
    }
    return true
  }

  @Test("two managers, liveUpdates and a CLMonitor on one pty: one open, own filters, last closes")
  func fourClientsOneOpen() async throws {
    let simulator = try Self.simulator()
    defer { simulator.stop() }
    let source = ReceiverSource.device(path: simulator.devicePath, baud: .fixed(9600))
    let key = try #require(ReceiverEngine.key(for: source).key)
    let opensBefore = ReceiverEngine.opens(for: key)

    let (everyFix, everyThirty) = (Recorder(), Recorder())
    let first = Self.manager(source, everyFix, distanceFilter: kCLDistanceFilterNone)
    let second = Self.manager(source, everyThirty, distanceFilter: 30)
    first.startUpdatingLocation()
    second.startUpdatingLocation()

    let live = Locked(0)
    let ended = Locked<[String]>([])
    let executor = QueueExecutor()
    let updates = Task(executorPreference: executor) {
      for try await update in CLLocationUpdate.liveUpdates(source: source, options: Self.options())
      where update.location != nil {
        live.withLock { $0 += 1 }
      }
      ended.withLock { $0.append("liveUpdates") }
    }
    let monitor = await CLMonitor(
      "shared", input: .source(source, options: Self.options()))
    await monitor.add(
      CLMonitor.CircularGeographicCondition(
        center: CLLocationCoordinate2D(latitude: 48.1173, longitude: 11.5167), radius: 100_000),
      identifier: "area")
    let monitored = Locked<[CLMonitor.Event]>([])
    let monitoring = Task(executorPreference: executor) {
      for try await event in await monitor.events { monitored.withLock { $0.append(event) } }
      ended.withLock { $0.append("monitor") }
    }

    // (Generous: the whole suite runs beside it on two cores.)
    let received = await Self.until(timeout: 240) {
      everyFix.count >= 30 && everyThirty.count >= 4 && live.withLock { $0 } >= 10
        && monitored.withLock { !$0.isEmpty }
    }
    #expect(
      received,
      """
      \(everyFix.count), \(everyThirty.count), \(live.withLock { $0 }) locations, \
      \(monitored.withLock { $0.count }) monitor events; ended early: \(ended.withLock { $0 })
      """)
    #expect(ReceiverEngine.opens(for: key) == opensBefore + 1)
    #expect(everyFix.errors.withLock { $0 } == [])
    #expect(everyThirty.errors.withLock { $0 } == [])
    let event = try #require(monitored.withLock { $0.first })
    #expect(event.state == .satisfied)
    #expect(event.location != nil)
    // Each manager measured from its own last delivered fix.
    // (Taken before the other's: whatever the second got, the first got too, by now or
    // soon; the comparison keeps to the span both saw.)
    let taken = everyThirty.locations.withLock { $0 }
    let lastTaken = taken.last?.timestamp ?? .distantFuture
    #expect(
      await Self.until {
        everyFix.locations.withLock { $0.last?.timestamp ?? .distantPast } >= lastTaken
      })
    let all = everyFix.locations.withLock { $0 }
    let span = (all.first?.timestamp ?? .distantFuture)...(all.last?.timestamp ?? .distantPast)
    let thinned = taken.filter { span.contains($0.timestamp) }
    #expect(thinned.count < all.count / 3)
    let follows = Self.followsDistanceFilter(thinned, of: all, metres: 30)
    #expect(follows, "\(thinned.count) of \(all.count) fixes do not follow a 30 m filter")

    // Stopping three leaves the fourth receiving.
    updates.cancel()
    monitoring.cancel()
    _ = try? await updates.value
    _ = try? await monitoring.value
    first.stopUpdatingLocation()
    let stoppedAt = everyThirty.count
    #expect(await Self.until { everyThirty.count >= stoppedAt + 3 })
    #expect(ReceiverEngine.isOpen(key))
    // The last one closes the device: free to open again.
    second.stopUpdatingLocation()
    #expect(!ReceiverEngine.isOpen(key))
    // Its slot in the registry went with it.
    #expect(!ReceiverEngine.hasSlot(key))
    let path = simulator.devicePath
    #expect(DeviceDiscovery.accessState(path, .system) == .available(path: path))
    #expect(ReceiverEngine.opens(for: key) == opensBefore + 1)
  }

  @Test("a second client of a device this process reads is not told it is busy")
  func secondClientNotBusy() async throws {
    let simulator = try Self.simulator()
    defer { simulator.stop() }
    let source = ReceiverSource.device(path: simulator.devicePath, baud: .fixed(9600))
    let recorder = Recorder()
    let manager = Self.manager(source, recorder, distanceFilter: kCLDistanceFilterNone)
    manager.startUpdatingLocation()
    defer { manager.stopUpdatingLocation() }
    #expect(await Self.until { recorder.count >= 1 })

    var options = LocationServiceOptions(source: source)
    options.receiverOptions = Self.options()
    let fix = try await LocationService(options: options).currentLocation(timeout: 60)
    #expect(fix.horizontalAccuracy >= 0)

    // A manager that only monitors a region has the engine's latest fix as its location.
    let regionOnly = CLLocationManager(source: source, options: Self.options())
    regionOnly.delegateQueue = DispatchQueue(label: "region-only")
    let start = CLLocationCoordinate2D(latitude: 48.1173, longitude: 11.5167)
    regionOnly.startMonitoring(
      for: CLCircularRegion(center: start, radius: 100_000, identifier: "area"))
    defer {
      regionOnly.stopMonitoring(for: CLCircularRegion(center: start, radius: 1, identifier: "area"))
    }
    #expect(await Self.until { regionOnly.location != nil })
    #expect(recorder.errors.withLock { $0 } == [])
  }

  @Test("a full queue: a shared live reader drops the oldest, counted; a lone one waits")
  func fullQueue() async throws {
    let shared = EventChannel<Int>(limit: 4)
    shared.send(Array(0..<3), dropsOldest: { true })
    shared.send(Array(3..<7), dropsOldest: { true })
    #expect(try await shared.take() == [3, 4, 5, 6])
    #expect(shared.dropped == 3)

    let alone = EventChannel<Int>(limit: 4)
    alone.send(Array(0..<4), dropsOldest: { false })
    let sent = Locked(false)
    let producer = Thread {
      alone.send([4], dropsOldest: { false })
      sent.withLock { $0 = true }
    }
    producer.start()
    // The producer waits for room: nothing is dropped.
    #expect(try await alone.take() == [0, 1, 2, 3])
    #expect(await Self.until { sent.withLock { $0 } })
    #expect(try await alone.take() == [4])
    #expect(alone.dropped == 0)
  }
}
