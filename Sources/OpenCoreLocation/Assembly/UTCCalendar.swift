import NMEA

/// Day numbers for the fix assembler (the calendar arithmetic is ``NMEADate/daysSince1970``).
enum UTCCalendar {
  /// Seconds in a day.
  static let secondsPerDay: Int64 = 86_400
  /// Nanoseconds in a day.
  static let nanosecondsPerDay: Int64 = 86_400_000_000_000
  /// 1980-01-06, the GPS epoch: no receiver date can be earlier.
  static let gpsEpochDay = 3_657
  /// 1024 weeks, the span of the 10-bit GPS week number.
  static let weekRolloverDays = 7_168

  /// Days since 1970-01-01 of a civil date.
  static func day(year: Int, month: Int, day: Int) -> Int {
    NMEADate(year: Int16(year), month: UInt8(month), day: UInt8(day)).daysSince1970
  }

  /// Days since 1970-01-01 of an NMEA date.
  static func day(_ date: NMEADate) -> Int { date.daysSince1970 }
}

/// The rule for the 1024-week rollover of old receivers: a date earlier than the pivot is moved
/// forward by 1024 weeks (7168 days) until it is not.
///
/// - Live receivers use ``live``: 2025-01-01, the date this rule was written. A receiver cannot
///   be in the past of the software reading it, so an earlier date is a receiver whose 10-bit
///   week counter wrapped (1999-08-22, 2019-04-07) — unlike gpsd 3.22, whose pivot is
///   2017-01-01.
/// - Replays use ``replay``: 2000-01-01. A capture's dates are history and are trusted, except
///   those before 2000, which in practice only a receiver past the 2019 rollover produces
///   (such as Telit's 1999-08-22 for 2019-04-07). A genuine 1980s or 1999 capture is moved too.
struct WeekRollover: Sendable, Hashable {
  /// Days since 1970 of the pivot.
  var pivotDay: Int

  /// 2025-01-01.
  static let live = WeekRollover(pivotDay: UTCCalendar.day(year: 2025, month: 1, day: 1))
  /// 2000-01-01.
  static let replay = WeekRollover(pivotDay: UTCCalendar.day(year: 2000, month: 1, day: 1))

  /// The corrected day number.
  func apply(_ day: Int) -> Int {
    var corrected = day
    while corrected < pivotDay { corrected += UTCCalendar.weekRolloverDays }
    return corrected
  }
}
