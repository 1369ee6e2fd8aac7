import Foundation
import Receivers
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// `CLLocationUpdate.liveUpdates(_:)` and its status flags.
@Suite("CLLocationUpdate.liveUpdates")
struct LiveUpdatesTests {
  static func describe(_ update: CLLocationUpdate) -> String {
    var flags: [String] = []
    if update.isStationary { flags.append("stationary") }
    if update.authorizationDenied { flags.append("denied") }
    if update.authorizationDeniedGlobally { flags.append("deniedGlobally") }
    if update.authorizationRestricted { flags.append("restricted") }
    if update.locationUnavailable { flags.append("unavailable") }
    if update.authorizationRequestInProgress { flags.append("inProgress") }
    if let location = update.location {
      flags.append("location \(Int(location.timestamp.timeIntervalSince1970) % 86_400)")
    }
    return flags.joined(separator: " ")
  }

  @Test(
    "a cold start: unavailable once while searching, then every fix, then the end",
    GpsdCaptures.needs("mtk-3301"))
  func coldStart() async throws {
    let path = Fixtures.gpsd("mtk-3301")
    var updates: [String] = []
    for try await update in CLLocationUpdate.liveUpdates(
      .default, source: .file(path: path, pacing: .asFastAsPossible))
    {
      updates.append(Self.describe(update))
    }
    // 7 epochs without a fix (08:14:29–35), then fixes at 08:14:36–39.
    #expect(updates == ["unavailable"] + (29_676...29_679).map { "location \($0)" })
  }

  @Test("no receiver: one update saying services are disabled, then the end")
  func noReceiver() async throws {
    var updates: [String] = []
    for try await update in CLLocationUpdate.liveUpdates(
      .fitness, source: .device(path: "/dev/nonexistent-gps", baud: .fixed(9600)))
    {
      updates.append(Self.describe(update))
    }
    #expect(updates == ["deniedGlobally"])
  }

  @Test("stationary: an update with isStationary after the activity's time, on the stream clock")
  func stationary() async throws {
    let (sessions, continuation) = AsyncStream<LocationSession>.makeStream()
    let updates = CLLocationUpdate.Updates(
      configuration: .fitness, input: .manual, isReplay: true, clock: ManualClock(),
      replayTimestamps: .asRecorded, onSession: { continuation.yield($0) })
    let reader = Task {
      var seen: [String] = []
      for try await update in updates { seen.append(Self.describe(update)) }
      return seen
    }
    var iterator = sessions.makeAsyncIterator()
    let session = try #require(await iterator.next())
    let text = (0..<70).map { Synthetic.epoch(36_000 + Double($0), 48.1, 11.1) }.joined()
    Array(text.utf8).withUnsafeBytes { session.feed($0, at: 0) }
    session.deviceState(.ended)
    let seen = try await reader.value
    #expect(seen.filter { $0.hasPrefix("stationary") } == ["stationary location 36060"])
    #expect(seen.last == "stationary location 36060")
    #expect(seen.first == "location 36000")
    #expect(CLLocationUpdate.LiveConfiguration.airborne.activityType == .airborne)
  }
}
