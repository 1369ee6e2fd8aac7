import Foundation
import Platform
import TestSupport
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import Receivers
@testable import VirtualReceiver

/// A replay's epochs are reused once nobody holds them (``EpochRecycler``, ``EpochPool``): the
/// delivery stage gives each back to the reader's core after its subscribers let it go, and
/// the core resets it for a later epoch instead of allocating one per epoch. An epoch a
/// subscriber keeps is never reset under it.
@Suite("Epochs reused once let go")
struct EpochRecyclingTests {
  /// What a subscriber saw: each epoch's report when handed out, the epochs it kept (every
  /// `keepEvery`th) with their reports and fixes then, and how many epochs were reused.
  struct Seen {
    var reports: [EpochReport] = []
    var kept: [(epoch: ReportedEpoch, report: EpochReport, fix: Fix?)] = []
    var ended = false
    /// How many epochs the engine's core made of objects given back.
    var reused = 0
  }

  /// A seeded drive of `epochs` seconds with GSV and GSA, as a capture file of several reads.
  static func drive(epochs: Int, to url: URL) throws {
    var options = DriveOptions()
    options.seed = 23
    options.duration = Double(epochs)
    options.speed = 30
    options.stops = false
    options.fixLoss = false
    options.startTime = 1_717_243_200  // 2024-06-01 12:00:00 UTC
    var bytes: [UInt8] = []
    for chunk in try DriveGenerator(options: options) { bytes += chunk.bytes }
    try Data(bytes).write(to: url)
  }

  /// Replays `url` through an engine of its own with `delivery`, keeping every `keepEvery`th
  /// epoch (0: none), to the input's end.
  static func replay(
    _ url: URL, delivery: ReceiverEngine.Delivery, keepEvery: Int = 0
  ) throws -> Seen {
    var options = ReceiverOptions()
    options.baudCacheFile = nil
    options.reconnect = false
    let seen = Locked(Seen())
    let subscription = try ReceiverEngine.subscribe(
      source: .file(path: url.path, pacing: .asFastAsPossible), options: options,
      config: PipelineConfig(isReplay: true, device: url.path), clock: SystemClock(),
      delivery: delivery
    ) { event in
      let events = event.coreEvents
      seen.withLock { seen in
        for event in events {
          switch event {
          case .report(let epoch):
            seen.reports.append(epoch.report)
            if keepEvery > 0 && seen.reports.count % keepEvery == 0 {
              seen.kept.append((epoch, epoch.report, epoch.fix))
            }
          case .deviceStateDone(.ended): seen.ended = true
          default: break
          }
        }
      }
    }
    #expect(waitUntil { seen.withLock { $0.ended } })
    subscription.cancel()
    var result = seen.withLock { $0 }
    result.reused = subscription.engine.epochsReused.load(ordering: .relaxed)
    return result
  }

  @Test("a replay on a stage reuses its epochs, and every epoch is the one a core alone makes")
  func reusedAndUnchanged() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("locate-recycle-\(getpid()).nmea")
    defer { try? FileManager.default.removeItem(at: url) }
    try Self.drive(epochs: 3000, to: url)
    let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
    #expect(size > 4 * ReaderContext.fileChunkSize, "several reads: \(size) bytes")
    let inline = try Self.replay(url, delivery: .inline)
    let staged = try Self.replay(url, delivery: .stage, keepEvery: 7)
    #expect(inline.reports.count == 3000)
    DeferredSatellitesTests.expectSame(staged.reports, inline.reports, "report", "the drive")
    // Inline, nothing is given back: an object per epoch.
    #expect(inline.reused == 0)
    // On the stage, only the epochs of the first reads in flight are objects of their own.
    #expect(staged.reused > 3000 / 2, "\(staged.reused) of 3000 epochs reused")
    // The epochs the subscriber kept were never reset under it.
    #expect(staged.kept.count == 3000 / 7)
    for (index, kept) in staged.kept.enumerated() {
      #expect(kept.epoch.report == kept.report, "kept epoch \(index)")
      #expect(kept.epoch.fix == kept.fix, "kept epoch \(index)")
    }
  }
}
