import NMEA

/// Days since 1970-01-01 for proleptic Gregorian dates, and back (Howard Hinnant's civil-day
/// algorithms: exact integer arithmetic, no Foundation calendar, no allocation).
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
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Days since 1970-01-01 of an NMEA date.
  static func day(_ date: NMEADate) -> Int {
    day(year: Int(date.year), month: Int(date.month), day: Int(date.day))
  }

  /// The civil date of a day number.
  static func date(ofDay days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
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
