import FoundationEssentials
import JSON
import NMEA

/// ISO 8601 UTC times with milliseconds, as gpsd writes them.
enum TimeText {
  /// `2024-05-01T12:00:00.000Z` (`invalid` for a time beyond ±3 million years).
  static func iso8601(_ date: Date) -> String {
    TextBytes.iso8601(secondsSince1970: date.timeIntervalSince1970)
  }

  /// Parses `2024-05-01T12:00:00Z`: `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds, then
  /// `Z` or an offset (`+02:00`, `-0530`); nil for anything else or an impossible date.
  static func parse(_ text: String) -> Date? {
    var scanner = TimeScanner(Array(text.utf8))
    guard let year = scanner.number(4), scanner.take("-"), let month = scanner.number(2),
      scanner.take("-"), let day = scanner.number(2), scanner.take("T"),
      let hour = scanner.number(2), scanner.take(":"), let minute = scanner.number(2),
      scanner.take(":"), let second = scanner.number(2),
      (1...12).contains(month), hour < 24, minute < 60, second < 61,
      (1...Int(NMEADate.days(inMonth: UInt8(month), of: Int16(year)))).contains(day)
    else { return nil }
    var fraction = 0.0
    if scanner.take(".") {
      var scale = 0.1
      guard let first = scanner.digit() else { return nil }
      fraction = Double(first) * scale
      while let digit = scanner.digit() {
        scale /= 10
        fraction += Double(digit) * scale
      }
    }
    var offset = 0
    if !scanner.take("Z") {
      let sign = scanner.take("+") ? 1 : scanner.take("-") ? -1 : 0
      guard sign != 0, let hours = scanner.number(2), hours < 24 else { return nil }
      _ = scanner.take(":")
      guard let minutes = scanner.number(2), minutes < 60 else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    }
    guard scanner.atEnd else { return nil }
    let days = NMEADate(year: Int16(year), month: UInt8(month), day: UInt8(day)).daysSince1970
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }
}

/// A cursor over the bytes of a time for ``TimeText/parse(_:)``.
private struct TimeScanner {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { index == bytes.count }

  mutating func take(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  mutating func digit() -> Int? {
    guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
    index += 1
    return Int(bytes[index - 1] - 0x30)
  }

  /// Exactly `count` digits.
  mutating func number(_ count: Int) -> Int? {
    var value = 0
    for _ in 0..<count {
      guard let digit = digit() else { return nil }
      value = value * 10 + digit
    }
    return value
  }
}
