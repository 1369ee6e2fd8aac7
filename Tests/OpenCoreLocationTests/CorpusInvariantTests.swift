import Foundation
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// Every capture available — `Fixtures/` (the 57 of gpsd, and the others), and read in place
/// `../shared/fixtures/gpsd` and `../shared/fixtures/foreign` (other projects' captures) —
/// replayed through the service, and every fix checked against the receiver's own sentences
/// of its epoch — no oracle:
/// - no date from the computer's clock: two runs whose clocks say 2025 and 2031 give the same
///   fixes, to the nanosecond, with the same dates (or the same undated fixes);
/// - `mode` never above the epoch's GSA fix type;
/// - an altitude only when a GGA or GNS of the epoch sent that altitude, and a 3D fix has the
///   altitude its GGA or GNS sent;
/// - a speed and a course only as an RMC, VTG or PGRMV of the epoch states them (never one
///   derived from positions), and the speed its valid RMC states;
/// - no fix from an epoch with RMC or GLL status `V` or GGA quality 0, its position one a
///   sentence of the epoch sent; and no epoch the receiver calls valid (and nothing in it
///   invalid) without a fix, except one a second or more older than the last fix (stale);
/// - fixes in time order, except where the receiver's own dated times go back (both epochs
///   carry an RMC or ZDA date), by less than a second (reported as sent), or where its clock
///   stepped back (the epoch before in the capture is also older than the last fix).
/// A failure names the capture, the line and the sentence.
/// (`current` against `watch` is checked on the built binary: CorpusEndToEndTests.)
@Suite("Corpus invariants")
struct CorpusInvariantTests {
  static let captures = Fixtures.allCaptures + sharedCaptures

  /// `../shared/fixtures/gpsd/*.log` and every capture of `../shared/fixtures/foreign`; none
  /// when the shared folder is absent (``sharedPresent`` says so).
  static var sharedCaptures: [URL] {
    guard let shared = Paths.shared else { return [] }
    let gpsd = shared + "/fixtures/gpsd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: gpsd)) ?? []
    return names.filter { $0.hasSuffix(".log") }.sorted().map {
      URL(fileURLWithPath: gpsd + "/" + $0)
    } + Paths.foreignCaptures.map { URL(fileURLWithPath: $0) }
  }

  @Test(
    "the shared captures are read in place",
    .enabled(if: Paths.shared != nil, "../shared is absent: only Fixtures/ is checked"))
  func sharedPresent() {
    #expect(Self.sharedCaptures.count >= 57 + 40)
  }

  /// The fixes a replay delivers with the computer's clock at `wall`.
  static func fixes(_ bytes: [UInt8], wall: Date) -> [Fix] {
    let harness = SessionHarness(replay: true, wall: wall)
    harness.startUpdates()
    harness.feed(String(decoding: bytes, as: UTF8.self))
    harness.session.deviceState(.ended)
    return harness.locations
  }

  @Test("every capture: fixes by the receiver's word", arguments: captures)
  func invariants(capture: URL) throws {
    let bytes = Array(try Data(contentsOf: capture))
    let name = capture.pathComponents.suffix(2).joined(separator: "/")
    let fixes = Self.fixes(bytes, wall: Date(timeIntervalSince1970: 1_750_000_000))
    let later = Self.fixes(bytes, wall: Date(timeIntervalSince1970: 1_930_000_000))
    #expect(fixes.map(\.timestamp) == later.map(\.timestamp), "\(name): the host clock dated")
    #expect(fixes.map { $0.gnss?.hasDate } == later.map { $0.gnss?.hasDate }, "\(name)")
    var epochs = EpochSentences(bytes)
    var fixed = Set<Int>()
    var previous: (fix: Fix, index: Int)?
    for fix in fixes {
      let seconds = fix.timestamp.timeIntervalSince1970
      let time = Int64((seconds.truncatingRemainder(dividingBy: 86_400) * 1000).rounded())
      guard let index = epochs.next(atMilliseconds: time) else {
        Issue.record("\(name) at \(time) ms: a fix for an epoch the capture does not have")
        continue
      }
      fixed.insert(index)
      let group = epochs.groups[index]
      let at = "\(name) at \(time) ms:" + EpochSentences.cite(name, group.lines)
      Self.checkValid(fix, group, at)
      Self.checkMode(fix, group, at)
      Self.checkAltitude(fix, group, at)
      Self.checkMotion(fix, group, before: index > 0 ? epochs.groups[index - 1] : nil, at)
      if let (last, lastIndex) = previous, fix.timestamp < last.timestamp {
        let back = last.timestamp.timeIntervalSince(fix.timestamp)
        let dated = Self.dated(epochs.groups[lastIndex]) && Self.dated(group)
        let stepped = index > 0 && Self.isOlder(epochs.groups[index - 1].time, than: last)
        #expect(
          back < 1 || dated || stepped,
          "\(at)\n  before the fix at \(last.timestamp), and the receiver's times do not say so")
      }
      previous = (fix, index)
    }
    Self.checkNoneLost(epochs.groups, fixed: fixed, name)
  }

  /// No RMC or GLL `V`, no GGA quality 0, and a position the epoch sent.
  static func checkValid(_ fix: Fix, _ group: EpochSentences.Group, _ at: String) {
    typealias E = EpochSentences
    let fields = group.fields
    #expect(!E.of("RMC", fields).contains { $0.count > 2 && $0[2] == "V" }, "\(at)\n  RMC V")
    #expect(!E.of("GLL", fields).contains { $0.count > 6 && $0[6] == "V" }, "\(at)\n  GLL V")
    #expect(!E.of("GGA", fields).contains { $0.count > 6 && $0[6] == "0" }, "\(at)\n  GGA 0")
    var latitudes: [Double] = []
    for (type, first) in [("RMC", 3), ("GGA", 2), ("GNS", 2), ("GLL", 1)] {
      for sentence in E.of(type, fields) where sentence.count > first + 1 {
        if let latitude = E.coordinate(sentence[first], sentence[first + 1]) {
          latitudes.append(latitude)
        }
      }
    }
    #expect(
      latitudes.contains { abs($0 - fix.coordinate.latitude) < 1e-9 },
      "\(at)\n  latitude \(fix.coordinate.latitude) not in \(latitudes)")
  }

  /// `mode` never above the epoch's GSA fix type (the highest of its GSAs).
  static func checkMode(_ fix: Fix, _ group: EpochSentences.Group, _ at: String) {
    let types = EpochSentences.of("GSA", group.fields).compactMap {
      $0.count > 2 ? Int($0[2]) : nil
    }
    guard let gsa = types.max(), let mode = fix.gnss?.mode.rawValue else { return }
    #expect(mode <= gsa, "\(at)\n  mode \(mode) above the GSA's \(gsa)")
  }

  /// An altitude only as the epoch's GGA or GNS sent it; a 3D fix has the one they sent.
  static func checkAltitude(_ fix: Fix, _ group: EpochSentences.Group, _ at: String) {
    typealias E = EpochSentences
    let sent = (E.of("GGA", group.fields) + E.of("GNS", group.fields)).compactMap {
      $0.count > 9 ? E.number($0[9]) : nil
    }
    if fix.verticalAccuracy > 0 {
      #expect(sent.contains { E.same($0, fix.altitude) }, "\(at)\n  altitude \(fix.altitude)")
    } else {
      #expect(fix.altitude == 0, "\(at)\n  an invalid altitude is 0")
      #expect(
        fix.gnss?.mode != .fix3D || sent.isEmpty,
        "\(at)\n  a 3D fix without the altitude \(sent) its epoch sent")
    }
  }

  /// Speed and course only as the epoch's RMC, VTG or PGRMV state them; its valid RMC's speed.
  static func checkMotion(
    _ fix: Fix, _ group: EpochSentences.Group, before: EpochSentences.Group?, _ at: String
  ) {
    let stated = StatedMotion(group, before: before)
    if fix.speed >= 0 {
      #expect(
        stated.speeds.contains { EpochSentences.same($0, fix.speed) },
        "\(at)\n  speed \(fix.speed) not stated: \(stated.speeds)")
    } else {
      #expect(stated.rmcSpeeds.isEmpty, "\(at)\n  the RMC's speed \(stated.rmcSpeeds) left out")
    }
    if fix.course >= 0 {
      #expect(
        stated.courses.contains {
          EpochSentences.same($0, fix.course) || EpochSentences.same($0, fix.course + 360)
        }, "\(at)\n  course \(fix.course) not stated: \(stated.courses)")
    }
  }

  /// Every epoch the receiver calls valid, with nothing in it invalid, has a fix, unless it is
  /// a second or more older than a fix before it (a stale sentence, or a clock step back).
  static func checkNoneLost(_ groups: [EpochSentences.Group], fixed: Set<Int>, _ name: String) {
    var latest: Int64? = nil
    for (index, group) in groups.enumerated() {
      if fixed.contains(index) {
        latest = group.time
        continue
      }
      guard let valid = ValidEpoch(group), valid.saysValid, !valid.saysInvalid else { continue }
      if let latest, isOlder(group.time, than: latest) { continue }
      let cited = EpochSentences.cite(name, valid.lines)
      let comment = Comment(
        rawValue: "\(name) at \(group.time) ms: the receiver calls the epoch valid, and no fix"
          + " came:\(cited)")
      guard fixed.isEmpty else {
        Issue.record(comment)
        continue
      }
      // pynmea2's data.log: one GGA epoch, then other sentences. A replay whose only fix is its
      // last epoch delivers nothing (and `watch` does not end): end-of-input handling in the
      // runtime (LocationPipeline), outside fix assembly; reported, not fixed here.
      withKnownIssue("a replay with a single fix delivers none") { Issue.record(comment) }
    }
  }

  /// Whether time of day `time` (ms) is a second to an hour before `latest` (ms).
  static func isOlder(_ time: Int64, than latest: Int64) -> Bool {
    var back = latest - time
    if back > 43_200_000 { back -= 86_400_000 } else if back < -43_200_000 { back += 86_400_000 }
    return back >= 1000 && back <= 3_600_000
  }

  /// The same, against a fix.
  static func isOlder(_ time: Int64, than fix: Fix) -> Bool {
    let seconds = fix.timestamp.timeIntervalSince1970
    return isOlder(time, than: Int64((seconds.truncatingRemainder(dividingBy: 86_400) * 1000)))
  }

  /// Whether the epoch carries a date of its own (RMC or ZDA).
  static func dated(_ group: EpochSentences.Group) -> Bool {
    EpochSentences.of("RMC", group.fields).contains { $0.count > 9 && $0[9].count == 6 }
      || EpochSentences.of("ZDA", group.fields).contains { $0.count > 4 && $0[4].count == 4 }
  }
}
