import NMEA

/// Gives every epoch a date: its own (RMC, ZDA), or the last one seen carried across midnight.
///
/// GGA, GLL and GNS carry only a time of day. An epoch without a date takes the last date seen
/// with a time; when its time of day is more than 12 hours earlier than that time, midnight has
/// passed and the day advances (more than 12 hours later: the day before). Dates before the GPS
/// epoch (1980-01-06, such as the 1980-01-05 of a cold-booted MediaTek) are impossible, and so
/// are dates after 2199 (a corrupt ZDA year: from 2262 on, nanoseconds since 1970 overflow);
/// valid dates get the ``WeekRollover`` correction.
struct DateTracker {
  /// What is known about an epoch's date.
  enum Resolution: Equatable {
    /// Days since 1970-01-01.
    case day(Int)
    /// The epoch's own date is impossible.
    case impossible
    /// No date seen yet.
    case unknown
  }

  var rollover: WeekRollover
  /// Today by the computer's clock, days since 1970 (for the live rollover rule).
  var today: Int?
  private var lastDay: Int?
  private var lastTime: Int64 = 0

  init(rollover: WeekRollover) { self.rollover = rollover }

  /// 2199-12-31, the last possible date.
  static let latestDay = UTCCalendar.day(year: 2199, month: 12, day: 31)

  /// Whether a sent date (days since 1970) can be true.
  static func isPossible(_ day: Int) -> Bool {
    day >= UTCCalendar.gpsEpochDay && day <= latestDay
  }

  /// Records a date sent with `time`.
  mutating func observe(_ date: NMEADate, time: UTCTime) {
    let raw = UTCCalendar.day(date)
    guard Self.isPossible(raw) else { return }
    lastDay = rollover.apply(raw, today: today)
    lastTime = time.nanosecondsOfDay
  }

  /// The date of an epoch at `time`, whose own date (if any) is `sent`.
  mutating func resolve(time: UTCTime, sent: NMEADate?) -> Resolution {
    if let sent {
      let raw = UTCCalendar.day(sent)
      guard Self.isPossible(raw) else { return .impossible }
      let day = rollover.apply(raw, today: today)
      lastDay = day
      lastTime = time.nanosecondsOfDay
      return .day(day)
    }
    guard var day = lastDay else { return .unknown }
    let delta = time.nanosecondsOfDay - lastTime
    let half = UTCCalendar.nanosecondsPerDay / 2
    if delta < -half { day += 1 } else if delta > half { day -= 1 }
    lastDay = day
    lastTime = time.nanosecondsOfDay
    return .day(day)
  }
}
