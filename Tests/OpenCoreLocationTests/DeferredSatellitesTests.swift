import Foundation
import Platform
import TestSupport
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import Receivers
@testable import VirtualReceiver

/// A capture file's engine leaves its satellites (GSV, GSA) and its fixes' error estimates
/// (`eps`, `epd`, `epx`, `epy`) to its delivery stage (``EngineCore/defersSatellites``), off the
/// reader's thread: the stage's table fills each epoch's counts, progress and estimates, and
/// makes each sky view whole. Every capture replayed through an engine with a stage and
/// through one without gives the same epochs, fixes, progress, sky views and heading readings,
/// to the bit — no oracle: the core's own are the reference. (Heading sentences read the last
/// fix's time and variation on the reader's thread while the stage completes that fix.)
@Suite("Satellites and error estimates on the delivery stage")
struct DeferredSatellitesTests {
  /// What an engine over a capture reported, in order: each epoch's report, fix (nil for an
  /// epoch without one) and progress, the sky views and heading readings, and how many epochs
  /// reached the subscriber still waiting for their satellites.
  struct Replay {
    var reports: [EpochReport] = []
    var fixes: [Fix?] = []
    var progress: [FixProgress] = []
    var skies: [GNSSSkyView] = []
    var headings: [HeadingReading] = []
    var pending = 0
    var ended = false
  }

  /// Replays `capture` through an engine of its own with `delivery`, to the input's end, with
  /// sky views when `sky`.
  static func replay(
    _ capture: URL, delivery: ReceiverEngine.Delivery, sky: Bool = false
  ) throws -> Replay {
    var options = ReceiverOptions()
    options.baudCacheFile = nil
    options.reconnect = false
    var config = PipelineConfig(isReplay: true, device: capture.path)
    config.wantsSky = sky
    let replay = Locked(Replay())
    let subscription = try ReceiverEngine.subscribe(
      source: .file(path: capture.path, pacing: .asFastAsPossible), options: options,
      config: config, clock: SystemClock(), delivery: delivery
    ) { event in
      let events = event.coreEvents
      replay.withLock { replay in
        for event in events {
          switch event {
          case .report(let epoch):
            replay.reports.append(epoch.report)
            replay.fixes.append(epoch.fix)
            replay.progress.append(epoch.satellites)
            if epoch.pending != nil { replay.pending += 1 }
          case .sky(let view): replay.skies.append(view)
          case .heading(let reading): replay.headings.append(reading)
          case .deviceStateDone(.ended): replay.ended = true
          default: break
          }
        }
      }
    }
    #expect((subscription.engine.stage != nil) == (delivery == .stage))
    #expect(subscription.engine.stageKeepsSatellites == (delivery == .stage))
    #expect(waitUntil { replay.withLock { $0.ended } }, "\(capture.lastPathComponent)")
    subscription.cancel()
    return replay.withLock { $0 }
  }

  /// The first place where `mine` (the stage's) and `theirs` (the core's) differ, recorded.
  static func expectSame<T: Equatable>(
    _ mine: [T], _ theirs: [T], _ what: String, _ name: String
  ) {
    #expect(mine.count == theirs.count, "\(name): \(what)")
    let first = zip(mine, theirs).enumerated().first { $1.0 != $1.1 }
    if let (index, (stage, core)) = first {
      Issue.record("\(name), \(what) \(index + 1): \(stage) on the stage, \(core) in the core")
    }
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

  /// Everything both replays reported is the same, and nothing was left pending.
  static func expectSame(_ staged: Replay, _ inline: Replay, _ name: String) {
    #expect(staged.pending == 0 && inline.pending == 0, "\(name)")
    expectSame(staged.reports, inline.reports, "report", name)
    expectSame(staged.fixes, inline.fixes, "fix", name)
    expectSame(staged.progress, inline.progress, "progress", name)
    expectSame(staged.skies, inline.skies, "sky view", name)
    expectSameHeadings(staged, inline, name)
  }

  @Test(
    "every capture: the same epochs, fixes, progress and sky views with the satellites on the stage",
    arguments: CorpusInvariantTests.captures)
  func sameEpochs(capture: URL) throws {
    let inline = try Self.replay(capture, delivery: .inline, sky: true)
    let staged = try Self.replay(capture, delivery: .stage, sky: true)
    Self.expectSame(staged, inline, capture.lastPathComponent)
  }

  @Test("a seeded multi-GNSS drive: counts and estimates on its fixes, the same on the stage")
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
    Self.expectSame(staged, inline, "the drive")
    #expect(staged.fixes.count == 600)
    #expect(staged.headings.count == 600)
    #expect(staged.headings.allSatisfy { $0.magneticHeading >= 0 })
    #expect(staged.skies.isEmpty)
    let fixes = staged.fixes.compactMap { $0 }
    #expect(fixes.filter { $0.gnss?.longitudeError != nil }.count == fixes.count)
    #expect(fixes.filter { $0.speedAccuracy >= 0 }.count >= fixes.count - 1)
    #expect(fixes.filter { $0.courseAccuracy >= 0 }.count >= fixes.count / 2)
    // The counts the stage filled in: GSA's satellites used, GSV's in view.
    #expect(fixes.allSatisfy { ($0.gnss?.satellitesUsed ?? 0) >= 4 })
    #expect(fixes.allSatisfy { ($0.gnss?.satellitesInView ?? 0) >= ($0.gnss?.satellitesUsed ?? 0) })
    #expect(staged.progress.allSatisfy { $0.hasSkyView && $0.bestSNR != nil })
  }

  @Test("a live engine with a stage keeps its satellites on the reader (its joiners read them)")
  func liveKeepsSatellites() throws {
    let pty = try PseudoTerminal()
    let subscription = try DeliveryStageTests.subscribe(pty) { _ in }
    defer { subscription.cancel() }
    #expect(subscription.engine.stage != nil)
    #expect(!subscription.engine.stageKeepsSatellites)
  }
}
