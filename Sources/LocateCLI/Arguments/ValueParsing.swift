import Geodesy
import JSON
import LocationEngine

/// Option values turned into numbers, units and points, with one-line usage errors that say
/// what would have been accepted.
struct ValueParsing {
  /// The command, for the `see 'locate COMMAND --help'` hint.
  var command: String

  /// A finite number in `range`, e.g. seconds or metres.
  func number(
    _ option: String, _ text: String, in range: ClosedRange<Double>, what: String,
    example: String
  ) throws(LocateError) -> Double {
    guard let value = Double(text.trimmed), value.isFinite else {
      throw LocateError(
        .usage, "--\(option) '\(text)'", "not a number of \(what)",
        remedy: "e.g. --\(option) \(example)")
    }
    guard range.contains(value) else {
      let bounds =
        range.lowerBound == -Self.largest
        ? "more than 0 and at most \(JSONText.shortest(Self.largest))" : describe(range)
      throw LocateError(
        .usage, "--\(option) \(text)", "must be \(bounds) \(what)",
        remedy: "e.g. --\(option) \(example)")
    }
    return value
  }

  /// The largest number any option takes (seconds, metres, speed factors): 10⁹. A billion
  /// seconds is 31 years; every deadline is computed in nanoseconds without overflow.
  static let largest = 1e9

  /// A positive number (zero excluded), at most ``largest``.
  func positive(_ option: String, _ text: String, what: String, example: String)
    throws(LocateError) -> Double
  {
    let value = try number(
      option, text, in: -Self.largest...Self.largest, what: what, example: example)
    guard value > 0 else {
      throw LocateError(
        .usage, "--\(option) \(text)", "must be more than 0 \(what)",
        remedy: "e.g. --\(option) \(example)")
    }
    return value
  }

  /// A number of seconds: more than 0, at most ``largest``.
  func seconds(_ option: String, _ text: String, example: String) throws(LocateError) -> Double {
    try positive(option, text, what: "seconds", example: example)
  }

  /// A whole number in `range`.
  func integer(_ option: String, _ text: String, in range: ClosedRange<Int>, example: String)
    throws(LocateError) -> Int
  {
    guard let value = Int(text.trimmed) else {
      throw LocateError(
        .usage, "--\(option) '\(text)'", "not a whole number", remedy: "e.g. --\(option) \(example)"
      )
    }
    guard range.contains(value) else {
      let bounds =
        range.upperBound == Int.max
        ? "at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
      throw LocateError(
        .usage, "--\(option) \(text)", "must be \(bounds)", remedy: "e.g. --\(option) \(example)")
    }
    return value
  }

  /// One of a fixed set of words.
  func choice<T>(_ option: String, _ text: String, _ choices: [(String, T)]) throws(LocateError)
    -> T
  {
    if let match = choices.first(where: { $0.0 == text.lowercased() }) { return match.1 }
    let names = choices.map(\.0).joined(separator: ", ")
    throw LocateError(.usage, "--\(option) '\(text)'", "not one of \(names)", remedy: nil)
  }

  /// `LAT,LON` in any notation Geodesy reads.
  func point(_ option: String, _ text: String) throws(LocateError) -> GeoPoint {
    do {
      return try Coordinates.parsePoint(text)
    } catch {
      throw LocateError(
        .usage, "--\(option) '\(text)'", error.reason,
        remedy: "give LAT,LON, e.g. --\(option) 48.1173,11.5167")
    }
  }

  /// A distance: a number with an optional unit (`50km`, `3 nmi`, `800`), bare numbers in
  /// `defaultUnit`.
  func distance(_ option: String, _ text: String, defaultUnit: DistanceUnit) throws(LocateError)
    -> Double
  {
    let trimmed = text.trimmed.lowercased()
    var unit = defaultUnit
    var number = Substring(trimmed)
    for candidate in DistanceUnit.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count })
    where trimmed.hasSuffix(candidate.rawValue) {
      unit = candidate
      number = trimmed.dropLast(candidate.rawValue.count)
      break
    }
    guard let value = Double(number.trimmed), value.isFinite,
      value >= 0, value * unit.metres <= Self.largest
    else {
      throw LocateError(
        .usage, "--\(option) '\(text)'", "not a distance",
        remedy: "give a number with an optional unit m, km, mi or nmi, e.g. --\(option) 50km")
    }
    return value * unit.metres
  }

  private func describe(_ range: ClosedRange<Double>) -> String {
    if range.upperBound == .greatestFiniteMagnitude {
      return "at least \(JSONText.shortest(range.lowerBound))"
    }
    return "from \(JSONText.shortest(range.lowerBound)) to \(JSONText.shortest(range.upperBound))"
  }
}
