import Foundation

/// A capture's sentences by epoch, in order, to check each fix against what the receiver said
/// in its own epoch.
struct EpochSentences {
  private var groups: [(time: Int64, fields: [[Substring]])] = []
  private var cursor = 0

  /// Groups `bytes` (see ``ParityHarness/lines(_:)``) by time of day in milliseconds. A
  /// sentence of a timed type sent without its time (a receiver without a fix) belongs to no
  /// epoch, and is left out.
  init(_ bytes: [UInt8]) {
    for group in ParityHarness.lines(bytes) {
      let fields = group.lines.map {
        ($0.split(separator: "*", maxSplits: 1).first ?? "")
          .split(separator: ",", omittingEmptySubsequences: false)
      }
      groups.append(
        (group.time / 1_000_000, fields.filter { !Self.isTimedType($0) || Self.hasTime($0) }))
    }
  }

  /// The fields of the sentences of the next epoch (in the capture's order) at this time of
  /// day, or nil when none is left.
  mutating func next(atMilliseconds time: Int64) -> [[Substring]]? {
    guard let index = groups[cursor...].firstIndex(where: { $0.time == time }) else {
      return nil
    }
    cursor = index + 1
    return groups[index].fields
  }

  /// RMC, GGA, GLL, GNS, ZDA.
  static func isTimedType(_ fields: [Substring]) -> Bool {
    guard let address = fields.first, address.count == 6 else { return false }
    return ["RMC", "GGA", "GLL", "GNS", "ZDA"].contains(address.suffix(3))
  }

  /// Whether a timed-type sentence has its time field.
  static func hasTime(_ fields: [Substring]) -> Bool {
    let index = fields.first?.hasSuffix("GLL") == true ? 5 : 1
    return fields.count > index && !fields[index].isEmpty
  }

  /// Sentences of one type (`RMC`, `GGA`…, any talker) among `fields`.
  static func of(_ type: String, _ fields: [[Substring]]) -> [[Substring]] {
    fields.filter { $0.first.map { $0.count == 6 && $0.hasSuffix(type) } ?? false }
  }

  /// The number in a field, if it is one.
  static func number(_ field: Substring?) -> Double? {
    guard let field, !field.isEmpty else { return nil }
    return Double(field)
  }

  /// `ddmm.mmmm` and a hemisphere letter in degrees (south and west negative).
  static func coordinate(_ value: Substring?, _ hemisphere: Substring?) -> Double? {
    guard let raw = number(value), let hemisphere else { return nil }
    let degrees = (raw / 100).rounded(.down)
    let signed = degrees + (raw - degrees * 100) / 60
    return hemisphere == "S" || hemisphere == "W" ? -signed : signed
  }

  /// Whether two numbers agree to the precision NMEA carries.
  static func same(_ a: Double?, _ b: Double, tolerance: Double = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance * max(1, abs(b))
  }
}
