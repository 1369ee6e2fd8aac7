import NMEA

/// Day numbers for the fix assembler (the calendar arithmetic is ``NMEADate/daysSince1970``).
package enum UTCCalendar {
  /// Seconds in a day.
  package static let secondsPerDay: Int64 = 86_400
  /// Nanoseconds in a day.
  package static let nanosecondsPerDay: Int64 = 86_400_000_000_000
  /// 1980-01-06, the GPS epoch: no receiver date can be earlier.
  package static let gpsEpochDay = 3_657
  /// 1024 weeks, the span of the 10-bit GPS week number.
  package static let weekRolloverDays = 7_168

  /// Days since 1970-01-01 of a civil date.
  package static func day(year: Int, month: Int, day: Int) -> Int {
    NMEADate(year: Int16(year), month: UInt8(month), day: UInt8(day)).daysSince1970
  }

  /// Days since 1970-01-01 of an NMEA date.
  package static func day(_ date: NMEADate) -> Int { date.daysSince1970 }
}

/// The rule for the 1024-week rollover of old receivers, whose 10-bit week counter wraps
/// (1999-08-22, 2019-04-07) and which then report dates 1024 weeks (7168 days, 19.6 years) in
/// the past.
///
/// - Live receivers use ``live``: a date more than 512 weeks (9.8 years) before today is moved
///   forward by 1024 weeks until it is not. Today is the computer's clock, or 2025-01-01 (when
///   this rule was written) if the clock says earlier (a Raspberry Pi without a real-time clock
///   boots in 1970). A wrapped receiver lags by 19.6 years, so it is always moved; a date a
///   few years old (a capture replayed through a serial line) is not, and reads as it is —
///   unlike gpsd 3.22, whose fixed pivot is 2017-01-01.
/// - Replays use ``replay``: a date before 2000-01-01 is moved forward by 1024 weeks until it is
///   not. A capture's dates are history and are trusted, except those before 2000, which in
///   practice only a receiver past the 2019 rollover produces (such as Telit's 1999-08-22 for
///   2019-04-07). A genuine 1980s or 1999 capture is moved too.
package struct WeekRollover: Sendable, Hashable {
  /// Days since 1970 of the pivot: the earliest "today" of a live rule, the fixed pivot of a
  /// replay's.
  package var pivotDay: Int
  /// Whether dates are judged against today (live) rather than the fixed pivot (replay).
  package var followsClock: Bool

  /// Today, with 2025-01-01 as the earliest.
  package static let live = WeekRollover(
    pivotDay: UTCCalendar.day(year: 2025, month: 1, day: 1), followsClock: true)
  /// 2000-01-01, fixed.
  package static let replay = WeekRollover(
    pivotDay: UTCCalendar.day(year: 2000, month: 1, day: 1), followsClock: false)

  /// The corrected day number; `today` (days since 1970 by the computer's clock) matters only
  /// to the live rule.
  package func apply(_ day: Int, today: Int? = nil) -> Int {
    var corrected = day
    if followsClock {
      let reference = max(pivotDay, today ?? pivotDay)
      while reference - corrected > UTCCalendar.weekRolloverDays / 2 {
        corrected += UTCCalendar.weekRolloverDays
      }
    } else {
      while corrected < pivotDay { corrected += UTCCalendar.weekRolloverDays }
    }
    return corrected
  }
}
