import Foundation
import Testing

@testable import LocationEngine
@testable import OpenCoreLocation

/// Every capture in `Fixtures/` (the 57 of gpsd, and the others) replayed through the service,
/// and every fix checked against the receiver's own sentences of its epoch — no oracle:
/// - no date from the computer's clock: two runs whose clocks say 2025 and 2031 give the same
///   fixes, to the nanosecond, with the same dates (or the same undated fixes);
/// - an altitude only when a GGA or GNS of the epoch sent that altitude; a speed and a course
///   only as an RMC or VTG of the epoch sent them (a speed may be derived from the positions
///   of an epoch that sent none, as documented);
/// - no fix from an epoch with RMC or GLL status `V` or GGA quality 0, and its position is one
///   a sentence of the epoch sent;
/// - fixes in time order, except where the receiver's own dated times go back (both epochs
///   carry an RMC or ZDA date).
/// (`current` against `watch` is checked on the built binary: CorpusEndToEndTests.)
@Suite("Corpus invariants")
struct CorpusInvariantTests {
  static let captures = Fixtures.allCaptures

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
    let name = capture.lastPathComponent
    let fixes = Self.fixes(bytes, wall: Date(timeIntervalSince1970: 1_750_000_000))
    let later = Self.fixes(bytes, wall: Date(timeIntervalSince1970: 1_930_000_000))
    #expect(fixes.map(\.timestamp) == later.map(\.timestamp), "\(name): the host clock dated")
    #expect(fixes.map { $0.gnss?.hasDate } == later.map { $0.gnss?.hasDate }, "\(name)")
    var epochs = EpochSentences(bytes)
    var previous: (Fix, [[Substring]])?
    for fix in fixes {
      let seconds = fix.timestamp.timeIntervalSince1970
      let time = Int64((seconds.truncatingRemainder(dividingBy: 86_400) * 1000).rounded())
      let at = "\(name) at \(time) ms"
      guard let fields = epochs.next(atMilliseconds: time) else {
        Issue.record("\(at): a fix for an epoch the capture does not have")
        continue
      }
      Self.checkValid(fix, fields, at)
      Self.checkValues(fix, fields, at)
      if let (last, lastFields) = previous, fix.timestamp < last.timestamp {
        #expect(
          Self.dated(lastFields) && Self.dated(fields),
          "\(at): before the fix at \(last.timestamp), and the receiver's dates do not say so")
      }
      previous = (fix, fields)
    }
  }

  /// No RMC or GLL `V`, no GGA quality 0, and a position the epoch sent.
  static func checkValid(_ fix: Fix, _ fields: [[Substring]], _ at: String) {
    typealias E = EpochSentences
    #expect(!E.of("RMC", fields).contains { $0.count > 2 && $0[2] == "V" }, "\(at): RMC V")
    #expect(!E.of("GLL", fields).contains { $0.count > 6 && $0[6] == "V" }, "\(at): GLL V")
    #expect(!E.of("GGA", fields).contains { $0.count > 6 && $0[6] == "0" }, "\(at): GGA 0")
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
      "\(at): latitude \(fix.coordinate.latitude) not in \(latitudes)")
  }

  /// Altitude from the epoch's GGA or GNS; speed and course from its RMC or VTG.
  static func checkValues(_ fix: Fix, _ fields: [[Substring]], _ at: String) {
    typealias E = EpochSentences
    if fix.verticalAccuracy > 0 {
      let sent = (E.of("GGA", fields) + E.of("GNS", fields)).compactMap {
        $0.count > 9 ? E.number($0[9]) : nil
      }
      #expect(sent.contains { E.same($0, fix.altitude) }, "\(at): altitude \(fix.altitude)")
    } else {
      #expect(fix.altitude == 0, "\(at): an invalid altitude is 0")
    }
    let rmc = E.of("RMC", fields)
    let vtg = E.of("VTG", fields)
    var speeds = rmc.compactMap { $0.count > 7 ? E.number($0[7]) : nil }.map {
      $0 * 1852 / 3600
    }
    for sentence in vtg {
      for field in sentence.dropFirst() {
        if let value = E.number(field) { speeds += [value * 1852 / 3600, value / 3.6] }
      }
    }
    if fix.speed >= 0 && !speeds.isEmpty {
      #expect(speeds.contains { E.same($0, fix.speed) }, "\(at): speed \(fix.speed)")
    }
    if fix.course >= 0 {
      var courses = rmc.compactMap { $0.count > 8 ? E.number($0[8]) : nil }
      courses += vtg.compactMap { $0.count > 1 ? E.number($0[1]) : nil }
      #expect(
        courses.contains { E.same($0, fix.course) || E.same($0, fix.course + 360) },
        "\(at): course \(fix.course) not in \(courses)")
    }
  }

  /// Whether the epoch carries a date of its own (RMC or ZDA).
  static func dated(_ fields: [[Substring]]) -> Bool {
    EpochSentences.of("RMC", fields).contains { $0.count > 9 && $0[9].count == 6 }
      || EpochSentences.of("ZDA", fields).contains { $0.count > 4 && $0[4].count == 4 }
  }
}
