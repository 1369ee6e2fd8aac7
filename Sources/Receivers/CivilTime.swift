import NMEA

/// UTC seconds since 1970 as NMEA's time of day and date (proleptic Gregorian calendar,
/// Howard Hinnant's `civil_from_days`), to the millisecond: `1_750_000_000.1` is a binary
/// fraction a little under a tenth, and must still be `.10`, not `.09` (the encoder truncates).
enum CivilTime {
  /// Whole milliseconds since 1970, rounded.
  static func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }

  /// Days since 1970 and milliseconds into that day.
  static func split(_ seconds: Double) -> (day: Int, millisecond: Int) {
    let ms = milliseconds(seconds)
    let day = ms >= 0 ? ms / 86_400_000 : (ms - 86_399_999) / 86_400_000
    return (Int(day), Int(ms - day * 86_400_000))
  }

  /// The time of day of `seconds` (UTC, since 1970).
  static func time(_ seconds: Double) -> UTCTime {
    let ofDay = split(seconds).millisecond
    let second = ofDay / 1000
    return UTCTime(
      hour: UInt8(second / 3600), minute: UInt8(second / 60 % 60), second: UInt8(second % 60),
      nanosecond: UInt32(ofDay % 1000) * 1_000_000)
  }

  /// The date of `seconds` (UTC, since 1970).
  static func date(_ seconds: Double) -> NMEADate {
    let days = split(seconds).day + 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return NMEADate(year: Int16(year), month: UInt8(month), day: UInt8(day))
  }
}
