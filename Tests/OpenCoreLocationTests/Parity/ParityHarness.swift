import Foundation
import NMEA

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// One epoch where our fix and gpsd 3.22's last TPV differ.
struct Disagreement: CustomStringConvertible {
  var capture: String
  var timeOfDay: Int64
  var fields: [String]
  var gpsd: String
  var ours: String
  var sentences: [String]

  /// `capture@hh:mm:ss.sss`, the key of the known-disagreement list.
  var key: String { "\(capture)@\(ParityHarness.format(timeOfDay))" }

  var description: String {
    "\(key) [\(fields.joined(separator: ","))]\n  gpsd: \(gpsd)\n  ours: \(ours)\n"
      + sentences.map { "    \($0)" }.joined(separator: "\n")
  }
}

/// Agreement for one capture.
struct ParityRow {
  var capture: String
  var epochs = 0
  var agreed = 0
  /// Agreeing epochs whose sentences state no speed: gpsd's derived one matched ours apart.
  var derivedSpeeds = 0
  var disagreements: [Disagreement] = []
}

/// Runs captures through our decoder and fix assembler and compares every epoch with gpsd
/// 3.22's last TPV for it.
enum ParityHarness {
  /// gpsd 3.22 moves dates before 2017-01-01 forward by 1024 weeks (SOURCE.md).
  static let gpsdShift: Int64 = 619_315_200 * 1_000_000_000

  /// Our reports, one per epoch, for a capture (gpsd 3.22 accepts sentences without a checksum,
  /// so the comparison uses the lenient policy).
  static func ourEpochs(_ bytes: [UInt8]) -> [EpochReport] {
    var decoder = NMEADecoder(policy: .lenient, fieldErrors: .salvageFields)
    var assembler = FixAssembler(rollover: .replay)
    var reports: [EpochReport] = []
    func take(_ event: DecodeEvent) {
      let sentence: Sentence
      switch event {
      case .sentence(let decoded, _), .salvaged(let decoded, _, _): sentence = decoded
      case .invalid, .rejected: return
      }
      let step = assembler.add(sentence, at: 0, read: 1)
      if step.closed, let report = assembler.closedReport { reports.append(report) }
      if step.completed, let report = assembler.completedReport { reports.append(report) }
    }
    bytes.withUnsafeBytes { buffer in
      decoder.feed(buffer) { take($0) }
      decoder.finish { take($0) }
    }
    if assembler.flush(at: 0).closed, let report = assembler.closedReport { reports.append(report) }
    return reports
  }

  /// The capture's lines grouped by epoch (runs of one time of day; lines before the first
  /// timed one join the first group), for listing.
  static func lines(_ bytes: [UInt8]) -> [(time: Int64, lines: [String])] {
    var groups: [(time: Int64, lines: [String])] = []
    var leading: [String] = []
    var current: Int64? = nil
    for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
      // From the last `$` or `!` of the run that starts the sentence (`$$GNGGA` is GNGGA).
      var text = String(line.drop { $0 != "$" && $0 != "!" })
      while text.hasPrefix("$$") { text.removeFirst() }
      guard !text.isEmpty else { continue }
      if let time = GpsdOracle.timeOfDay(ofSentence: text) {
        if current.map({ abs($0 - time) >= 10_000_000 }) ?? true {
          groups.append((time, groups.isEmpty ? leading : []))
        }
        current = time
        groups[groups.count - 1].time = time
      }
      if groups.isEmpty {
        leading.append(text)
      } else {
        groups[groups.count - 1].lines.append(text)
      }
    }
    return groups
  }

  static func format(_ nanos: Int64) -> String {
    let millis = nanos / 1_000_000
    let h = millis / 3_600_000
    let m = millis / 60_000 % 60
    let s = millis / 1000 % 60
    func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
    let ms = millis % 1000
    return "\(two(h)):\(two(m)):\(two(s)).\(ms < 10 ? "00" : ms < 100 ? "0" : "")\(ms)"
  }

  /// Compares one capture.
  static func compare(_ capture: String) throws -> ParityRow {
    let bytes = try Fixtures.log(capture)
    let gpsd = GpsdOracle.epochs(try Fixtures.transcript(capture))
    let ours = ourEpochs(bytes)
    let groups = lines(bytes)
    var row = ParityRow(capture: capture)
    var cursor = 0
    var groupCursor = 0
    for expected in gpsd {
      row.epochs += 1
      let match = ours[cursor...].firstIndex {
        FixAssembler.sameEpoch(
          UTCTime(nanosecondsOfDay: $0.time.nanosecondsOfDay),
          UTCTime(nanosecondsOfDay: expected.timeOfDay))
      }
      let report = match.map { ours[$0] }
      if let match { cursor = match + 1 }
      let fields = differences(expected, report)
      if fields.isEmpty {
        row.agreed += 1
        if let report, report.isFix, report.speed == nil, expected.speed != nil {
          row.derivedSpeeds += 1
        }
        continue
      }
      let group = groups[groupCursor...].firstIndex { $0.time == expected.timeOfDay }
      if let group { groupCursor = group }
      row.disagreements.append(
        Disagreement(
          capture: capture, timeOfDay: expected.timeOfDay, fields: fields,
          gpsd: describe(expected), ours: report.map(describe) ?? "no epoch",
          sentences: group.map { groups[$0].lines } ?? []))
    }
    return row
  }

  /// The fields that differ: mode, then (for fixes) time, lat, lon, altMSL, speed, track.
  static func differences(_ gpsd: GpsdEpoch, _ ours: EpochReport?) -> [String] {
    guard let ours else { return gpsd.mode >= 2 ? ["epoch"] : [] }
    let gpsdMode = max(1, gpsd.mode)
    if gpsdMode != ours.mode.rawValue { return ["mode"] }
    guard ours.isFix else { return [] }
    var fields: [String] = []
    if let time = gpsd.time {
      if let day = ours.day {
        let instant = Int64(day) * UTCCalendar.nanosecondsPerDay + ours.time.nanosecondsOfDay
        let shifted = time - gpsdShift
        let unshifted =
          WeekRollover.replay.apply(Int(shifted / UTCCalendar.nanosecondsPerDay))
          * Int(UTCCalendar.nanosecondsPerDay) + Int(shifted % UTCCalendar.nanosecondsPerDay)
        if abs(instant - time) > 1_000_000 && abs(instant - Int64(unshifted)) > 1_000_000 {
          fields.append("time")
        }
      } else {
        fields.append("time")
      }
    }
    func close(_ a: Double?, _ b: Double?, _ tolerance: Double) -> Bool {
      switch (a, b) {
      case (nil, nil): return true
      case (let a?, let b?): return abs(a - b) <= tolerance
      default: return false
      }
    }
    if !close(gpsd.lat, ours.latitude, 1e-8) { fields.append("lat") }
    if !close(gpsd.lon, ours.longitude, 1e-8) { fields.append("lon") }
    if !close(gpsd.altMSL, ours.altitudeMSL, 1e-3) {
      fields.append("altMSL")
    }
    // Where no sentence of the epoch states a speed, gpsd 3.22's `speed` is one it derived
    // from positions: ours leaves `speed` out and offers the same derivation apart
    // (`derivedSpeed`, which no output writes); that is what it is compared with.
    if !close(gpsd.speed, ours.speed ?? ours.derivedSpeed, 1e-3) { fields.append("speed") }
    if !close(gpsd.track, ours.course, 1e-4) { fields.append("track") }
    return fields
  }

  static func describe(_ e: GpsdEpoch) -> String {
    "mode \(e.mode) time \(e.time.map(String.init) ?? "-") lat \(e.lat.map { "\($0)" } ?? "-") "
      + "lon \(e.lon.map { "\($0)" } ?? "-") alt \(e.altMSL.map { "\($0)" } ?? "-") "
      + "speed \(e.speed.map { "\($0)" } ?? "-") track \(e.track.map { "\($0)" } ?? "-")"
  }

  static func describe(_ r: EpochReport) -> String {
    let time = r.day.map { _ in String(r.instant) } ?? "-"
    return "mode \(r.mode.rawValue) time \(time) lat \(r.latitude.map { "\($0)" } ?? "-") "
      + "lon \(r.longitude.map { "\($0)" } ?? "-") alt \(r.altitudeMSL.map { "\($0)" } ?? "-") "
      + "speed \(r.speed.map { "\($0)" } ?? "-")"
      + (r.derivedSpeed.map { " (derived \($0))" } ?? "")
      + " track \(r.course.map { "\($0)" } ?? "-")"
      + (r.voidReason.map { " void \($0)" } ?? "")
  }
}

extension UTCTime {
  init(nanosecondsOfDay nanos: Int64) {
    let seconds = nanos / 1_000_000_000
    self.init(
      hour: UInt8(seconds / 3600), minute: UInt8(seconds / 60 % 60), second: UInt8(seconds % 60),
      nanosecond: UInt32(nanos % 1_000_000_000))
  }
}
