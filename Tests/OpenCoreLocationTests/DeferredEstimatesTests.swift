import Foundation
import Platform
import TestSupport
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import Receivers
@testable import VirtualReceiver

/// A capture file's engine leaves its fixes' error estimates (`eps`, `epd`, `epx`, `epy`) to
/// its delivery stage (``EngineCore/defersEstimates``), off the reader's thread. Every capture
/// replayed through an engine with a stage and through one without gives the same epochs and
/// the same fixes, to the bit — no oracle: the core's own estimates are the reference. Heading
/// sentences read the last fix's time and variation on the reader's thread while the stage
/// completes that fix: they too come out the same.
@Suite("Error estimates on the delivery stage")
struct DeferredEstimatesTests {
  /// What an engine over a capture reported: each epoch's fix (nil for an epoch without one),
  /// in order, and whether any reached its subscriber still waiting for its estimates.
  struct Replay {
    var fixes: [Fix?] = []
    var headings: [HeadingReading] = []
    var pending = 0
    var ended = false
  }

  /// Replays `capture` through an engine of its own with `delivery`, to the input's end.
  static func replay(_ capture: URL, delivery: ReceiverEngine.Delivery) throws -> Replay {
    var options = ReceiverOptions()
    options.baudCacheFile = nil
    options.reconnect = false
    let replay = Locked(Replay())
    let subscription = try ReceiverEngine.subscribe(
      source: .file(path: capture.path, pacing: .asFastAsPossible), options: options,
      config: PipelineConfig(isReplay: true, device: capture.path), clock: SystemClock(),
      delivery: delivery
    ) { event in
      let events: [CoreEvent]
      switch event {
      case .read(let read): events = read.events
      case .events(let handed): events = handed
      case .joined: events = []
      }
      replay.withLock { replay in
        for event in events {
          switch event {
          case .report(let epoch):
            replay.fixes.append(epoch.fix)
            if epoch.pendingEstimates != nil { replay.pending += 1 }
          case .heading(let reading): replay.headings.append(reading)
          case .deviceStateDone(.ended): replay.ended = true
          default: break
          }
        }
      }
    }
    #expect((subscription.engine.stage != nil) == (delivery == .stage))
    #expect(waitUntil { replay.withLock { $0.ended } }, "\(capture.lastPathComponent)")
    subscription.cancel()
    return replay.withLock { $0 }
  }

  /// The same heading readings in both replays: their directions, and their timestamps after
  /// the first epoch (a heading before any epoch is stamped with the wall clock's now).
  static func expectSameHeadings(_ staged: Replay, _ inline: Replay, _ name: String) {
    #expect(staged.headings.count == inline.headings.count, "\(name)")
    let first = zip(staged.headings, inline.headings).enumerated().first { _, pair in
      let (mine, theirs) = pair
      return mine.magneticHeading != theirs.magneticHeading
        || mine.trueHeading != theirs.trueHeading
        || (mine.timestamp != theirs.timestamp
          && abs(mine.timestamp.timeIntervalSinceNow) > 3600)
    }
    if let (index, (mine, theirs)) = first {
      Issue.record("\(name), heading \(index + 1): \(mine) on the stage, \(theirs) in the core")
    }
  }

  @Test(
    "every capture: the same fixes with the estimates on the stage as in the core",
    arguments: CorpusInvariantTests.captures)
  func sameFixes(capture: URL) throws {
    let inline = try Self.replay(capture, delivery: .inline)
    let staged = try Self.replay(capture, delivery: .stage)
    let name = capture.lastPathComponent
    #expect(staged.pending == 0 && inline.pending == 0, "\(name)")
    #expect(staged.fixes.count == inline.fixes.count, "\(name)")
    Self.expectSameHeadings(staged, inline, name)
    let differing = zip(staged.fixes, inline.fixes).enumerated().first {
      $0.element.0 != $0.element.1
    }
    if let (index, (mine, theirs)) = differing {
      let stage = String(describing: mine)
      let core = String(describing: theirs)
      Issue.record("\(name), epoch \(index + 1): \(stage) on the stage, \(core) in the core")
    }
  }

  @Test("a seeded multi-GNSS drive: estimates on its fixes, the same on the stage as in the core")
  func seededDrive() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("locate-deferred-\(getpid()).nmea")
    defer { try? FileManager.default.removeItem(at: url) }
    // GSV and GSA for the DOPs' directions, fixes far enough apart for `epd`, no tunnel; HDT
    // each epoch, turned magnetic with the last fix's variation.
    var options = DriveOptions()
    options.seed = 11
    options.duration = 600
    options.speed = 40
    options.stops = false
    options.fixLoss = false
    options.headingSentence = .hdt
    options.startTime = 1_717_243_200  // 2024-06-01 12:00:00 UTC
    var bytes: [UInt8] = []
    for chunk in try DriveGenerator(options: options) { bytes += chunk.bytes }
    try Data(bytes).write(to: url)
    let inline = try Self.replay(url, delivery: .inline)
    let staged = try Self.replay(url, delivery: .stage)
    #expect(staged.fixes.count == 600)
    #expect(staged.fixes == inline.fixes)
    #expect(staged.headings.count == 600)
    Self.expectSameHeadings(staged, inline, "the drive")
    #expect(staged.headings.allSatisfy { $0.magneticHeading >= 0 })
    let fixes = staged.fixes.compactMap { $0 }
    #expect(fixes.filter { $0.gnss?.longitudeError != nil }.count == fixes.count)
    #expect(fixes.filter { $0.speedAccuracy >= 0 }.count >= fixes.count - 1)
    #expect(fixes.filter { $0.courseAccuracy >= 0 }.count >= fixes.count / 2)
  }
}
