import NMEA

/// Gives epochs a date by the receiver's own word: the dates RMC and ZDA send, carried across
/// midnights by the times of day, and back to the epochs before the first one.
///
/// Every epoch gets a *relative day*: 0 for the first epoch of the stream, one more each time
/// the time of day jumps back by more than an hour (``midnightStep``: midnight passed; a
/// smaller step back is a receiver's glitch, the same day). A date sent with a time fixes the
/// *anchor*, the day number of relative day 0; every epoch's date is then the anchor plus its
/// relative day — before the first date as well as after it (a replay holds its undated fixes
/// back until then: ``UndatedHold``). A later date that disagrees moves the anchor (the
/// receiver's word wins over the midnight rule). Before any date, an epoch is undated, unless
/// ``clock`` (a live source's computer clock) agrees with the receiver's time of day within
/// ``clockWindow``: then the clock's date is used for that epoch.
///
/// A sent date before the GPS epoch (1980-01-06, such as the 1980-01-05 of a cold-booted
/// MediaTek) or after 2199 (a corrupt ZDA year: from 2262 on, nanoseconds since 1970 overflow)
/// is impossible: it is ignored (counted in ``ignoredDates``) and dates nothing. Valid dates get
/// the ``WeekRollover`` correction.
package struct DateTracker {
  package var rollover: WeekRollover
  /// Today by the computer's clock, days since 1970 (for the live rollover rule).
  package var today: Int?
  /// The computer's clock, ns since 1970, for a live source (nil for a replay).
  package var clock: Int64?
  /// The day number of relative day 0, once a date is known.
  private(set) var anchor: Int?
  /// The relative day of the latest time of day seen.
  private(set) var relativeDay = 0
  private var lastTime: Int64?
  /// Sent dates that were impossible, and so ignored.
  private(set) var ignoredDates = 0

  package init(rollover: WeekRollover) { self.rollover = rollover }

  /// A step back in the time of day larger than this (ns) is midnight passing: an hour.
  package static let midnightStep: Int64 = 3_600_000_000_000

  /// How far a live receiver's time of day may be from the computer's clock for the clock's
  /// date to be used (ns): a minute.
  package static let clockWindow: Int64 = 60_000_000_000

  /// 2199-12-31, the last possible date.
  package static let latestDay = UTCCalendar.day(year: 2199, month: 12, day: 31)

  /// Whether a sent date (days since 1970) can be true.
  package static func isPossible(_ day: Int) -> Bool {
    day >= UTCCalendar.gpsEpochDay && day <= latestDay
  }

  /// The user's date (`--date`) for the stream's first epoch; a date the receiver sends wins.
  package mutating func give(day: Int) {
    anchor = day - relativeDay
  }

  /// The relative day of a time of day, the stream's times taken in order.
  package mutating func advance(_ time: UTCTime) -> Int {
    let nanos = time.nanosecondsOfDay
    if let last = lastTime, last - nanos > Self.midnightStep { relativeDay += 1 }
    lastTime = nanos
    return relativeDay
  }

  /// Records a date sent with `time`; false when it is impossible (then ignored, and counted).
  @discardableResult
  package mutating func observe(_ date: NMEADate, time: UTCTime) -> Bool {
    guard anchor(date, time: time) else {
      ignoredDates += 1
      return false
    }
    return true
  }

  /// Anchors on a sent date; false when it is impossible.
  private mutating func anchor(_ date: NMEADate, time: UTCTime) -> Bool {
    let raw = UTCCalendar.day(date)
    guard Self.isPossible(raw) else { return false }
    let relative = advance(time)
    anchor = rollover.apply(raw, today: today) - relative
    return true
  }

  /// The day number of an epoch at `time` whose own date (if any, already observed) is
  /// `sent`, or nil when undated; its relative day is ``relativeDay`` after the call.
  package mutating func resolve(time: UTCTime, sent: NMEADate?) -> Int? {
    if let sent, anchor(sent, time: time) { return anchor.map { $0 + relativeDay } }
    let relative = advance(time)
    if let anchor { return anchor + relative }
    return clockDay(time)
  }

  /// The computer clock's day for a time of day, when the two agree within ``clockWindow``
  /// (the day that puts the time of day nearest the clock, so midnight is handled).
  package func clockDay(_ time: UTCTime) -> Int? {
    guard let clock else { return nil }
    // The day, rounded down before 1970 too.
    let perDay = UTCCalendar.nanosecondsPerDay
    let today = Int(clock >= 0 ? clock / perDay : (clock + 1) / perDay - 1)
    for day in (today - 1)...(today + 1) {
      let instant = Int64(day) * UTCCalendar.nanosecondsPerDay + time.nanosecondsOfDay
      if abs(instant - clock) <= Self.clockWindow { return day }
    }
    return nil
  }
}
