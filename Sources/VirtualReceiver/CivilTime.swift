import NMEA

/// UTC seconds since 1970 as NMEA's time of day and date, to the millisecond:
/// `1_750_000_000.1` is a binary fraction a little under a tenth, and must still be `.10`, not
/// `.09` (the encoder truncates).
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
  static func date(_ seconds: Double) -> NMEADate { NMEADate(daysSince1970: split(seconds).day) }
}
