import NMEA
import Platform

// ISO 8601 UTC times with milliseconds, as gpsd writes them: the one time formatter of the
// formats and of `locate serve`.
extension TextBytes {
  /// `seconds` since 1970 as ``appendISO8601(secondsSince1970:)`` writes it.
  package static func iso8601(secondsSince1970 seconds: Double) -> String {
    var text = TextBytes(capacity: 24)
    text.appendISO8601(secondsSince1970: seconds)
    return text.string
  }

  /// `milliseconds` since 1970 as ``appendISO8601(millisecondsSince1970:)`` writes it.
  package static func iso8601(millisecondsSince1970 milliseconds: Int64) -> String {
    var text = TextBytes(capacity: 24)
    text.appendISO8601(millisecondsSince1970: milliseconds)
    return text.string
  }

  /// `seconds` since 1970 in whole milliseconds, rounded half to even, as gpsd's times are
  /// written; nil when not finite or beyond ±3 million years (10^17 ms).
  package static func milliseconds(secondsSince1970 seconds: Double) -> Int64? {
    let milliseconds = (seconds * 1000).rounded(.toNearestOrEven)
    guard milliseconds.isFinite, milliseconds.magnitude < 1e17 else { return nil }
    return Int64(milliseconds)
  }

  /// Appends `seconds` since 1970 rounded to milliseconds (``milliseconds(secondsSince1970:)``)
  /// as ``appendISO8601(millisecondsSince1970:)`` writes them, or `invalid` for a time beyond
  /// ±3 million years.
  package mutating func appendISO8601(secondsSince1970 seconds: Double) {
    guard let milliseconds = Self.milliseconds(secondsSince1970: seconds) else {
      return append("invalid")
    }
    appendISO8601(millisecondsSince1970: milliseconds)
  }

  /// Appends `milliseconds` since 1970 as an ISO 8601 UTC time with milliseconds, as gpsd
  /// writes it: `2024-05-01T12:00:00.000Z`.
  ///
  /// The calendar is the proleptic Gregorian one with astronomical years (the year before 1 is
  /// 0), as the C library's `gmtime_r` counts them, and the year is written as C's `%04d`
  /// writes it: at least four characters, a minus sign among them (`-005`), more digits when
  /// needed (`10000`).
  package mutating func appendISO8601(millisecondsSince1970 milliseconds: Int64) {
    let (days, inDay) = milliseconds.floorDivided(by: 86_400_000)
    let year: Int
    let month: UInt8
    let day: UInt8
    // 0000-01-01 ... 9999-12-31: the years an `NMEADate` holds.
    if days >= -719_528, days <= 2_932_896 {
      let civil = NMEADate(daysSince1970: Int(days))
      (year, month, day) = (Int(civil.year), civil.month, civil.day)
    } else {
      // Whole Gregorian cycles of 400 years (146,097 days each) set aside, then added back.
      let (cycles, dayInCycle) = days.floorDivided(by: 146_097)
      let civil = NMEADate(daysSince1970: Int(dayInCycle))
      (year, month, day) = (Int(civil.year) + Int(cycles) * 400, civil.month, civil.day)
    }
    let seconds = inDay / 1000
    if year >= 0, year <= 9999 {
      // Four-digit years (all of an `NMEADate`'s): the 24 bytes written in one reservation,
      // each number two digits at a time, where each number and separator was an append.
      return bytes.append(addingCapacity: 24) { span in
        Self.write(24, to: &span) { start in
          Self.writeBackward(UInt(year), digits: 4, endingAt: start + 4)
          start[4] = UInt8(ascii: "-")
          Self.writeBackward(UInt(month), digits: 2, endingAt: start + 7)
          start[7] = UInt8(ascii: "-")
          Self.writeBackward(UInt(day), digits: 2, endingAt: start + 10)
          start[10] = UInt8(ascii: "T")
          Self.writeBackward(UInt(seconds / 3600), digits: 2, endingAt: start + 13)
          start[13] = UInt8(ascii: ":")
          Self.writeBackward(UInt(seconds / 60 % 60), digits: 2, endingAt: start + 16)
          start[16] = UInt8(ascii: ":")
          Self.writeBackward(UInt(seconds % 60), digits: 2, endingAt: start + 19)
          start[19] = UInt8(ascii: ".")
          Self.writeBackward(UInt(inDay % 1000), digits: 3, endingAt: start + 23)
          start[23] = UInt8(ascii: "Z")
        }
      }
    }
    if year < 0 {
      append(UInt8(ascii: "-"))
      appendDigits(year.magnitude, minimumCount: 3)
    } else {
      appendDigits(UInt(year), minimumCount: 4)
    }
    append(UInt8(ascii: "-"))
    appendDigits(UInt(month), minimumCount: 2)
    append(UInt8(ascii: "-"))
    appendDigits(UInt(day), minimumCount: 2)
    append(UInt8(ascii: "T"))
    appendDigits(UInt(seconds / 3600), minimumCount: 2)
    append(UInt8(ascii: ":"))
    appendDigits(UInt(seconds / 60 % 60), minimumCount: 2)
    append(UInt8(ascii: ":"))
    appendDigits(UInt(seconds % 60), minimumCount: 2)
    append(UInt8(ascii: "."))
    appendDigits(UInt(inDay % 1000), minimumCount: 3)
    append(UInt8(ascii: "Z"))
  }
}
