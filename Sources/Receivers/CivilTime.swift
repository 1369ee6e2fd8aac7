import NMEA

/// UTC seconds since 1970 as NMEA's time of day and date (proleptic Gregorian calendar,
/// Howard Hinnant's `civil_from_days`).
enum CivilTime {
  /// The time of day of `seconds` (UTC, since 1970).
  static func time(_ seconds: Double) -> UTCTime {
    let whole = seconds.rounded(.down)
    let ofDay = Int(whole) - 86_400 * Int((whole / 86_400).rounded(.down))
    let nanoseconds = UInt32(max(0, min(999_999_999, ((seconds - whole) * 1e9).rounded())))
    return UTCTime(
      hour: UInt8(ofDay / 3600), minute: UInt8(ofDay / 60 % 60), second: UInt8(ofDay % 60),
      nanosecond: nanoseconds)
  }

  /// The date of `seconds` (UTC, since 1970).
  static func date(_ seconds: Double) -> NMEADate {
    let days = Int((seconds / 86_400).rounded(.down)) + 719_468
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
