import Dispatch
import Foundation
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// Stopping a session from another thread while `start()` is still returning (a fast replay's
/// first events can complete a request, and the owner closes the session, before `start()`
/// has stored its receiver).
@Suite("Stopping a session while it starts")
struct SessionStopTests {
  /// Found by `make sanitize` (ThreadSanitizer, CLLocationManager.requestLocation over a
  /// replay): `stop()` read the receiver while `start()` was storing it, and a stop that came
  /// first left the reader running.
  @Test(
    "stop() racing start(): the receiver is stopped either way, nothing arrives after",
    GpsdCaptures.needs("ublox-neo-m9n-nmea"))
  func stopRacesStart() throws {
    let path = Fixtures.gpsd("ublox-neo-m9n-nmea")
    for _ in 0..<10 {
      let batches = Counter()
      let firstBatch = DispatchSemaphore(value: 0)
      var config = PipelineConfig(isReplay: true, device: path)
      config.wantsSky = false
      let session = LocationSession(
        input: .receiver(.file(path: path, pacing: .realtime(speed: 1)), ReceiverOptions()),
        config: config, clock: SystemClock()
      ) { _ in
        if batches.increment() == 1 { firstBatch.signal() }
      }
      let stopped = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        // No batch within a minute: stopped all the same, and `count >= 1` below fails.
        _ = firstBatch.wait(timeout: .now() + 60)
        session.stop()
        stopped.signal()
      }
      try session.start()
      guard stopped.wait(timeout: .now() + 90) == .success else {
        Issue.record("stop() did not return within 90 s of the first batch")
        return
      }
      let count = batches.value
      #expect(count >= 1)
      usleep(300_000)
      // Paced in real time, the capture would deliver a batch a second for a minute.
      #expect(batches.value == count)
    }
  }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}
