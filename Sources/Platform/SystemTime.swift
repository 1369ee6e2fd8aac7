import Glibc

/// The system's clocks: monotonic nanoseconds for ages, deadlines and arrival times (the
/// clock receivers stamp their reads with), and the wall clock for timestamps.
///
/// Monotonic values are `Int64` nanoseconds since an arbitrary start (the boot, on Linux: far
/// from overflow), the type `LocationClock` uses too; wall values are nanoseconds or seconds
/// since 1970 (UTC). Every deadline and timeout is monotonic, so a receiver or NTP stepping the
/// wall clock (a board without a real-time clock) moves none of them; wall time is read only
/// where a date is meant. Named so as not to shadow the standard library's `Clock` protocol.
package enum SystemTime {
  /// Now, monotonic nanoseconds.
  ///
  /// The corresponding C call is `clock_gettime(CLOCK_MONOTONIC)`.
  package static func now() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
  }

  /// Now, wall-clock nanoseconds since 1970.
  ///
  /// The corresponding C call is `clock_gettime(CLOCK_REALTIME)`.
  package static func wallNanoseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
  }

  /// Now, wall-clock seconds since 1970.
  package static func wallSeconds() -> Double {
    Double(wallNanoseconds()) / 1e9
  }

  /// Seconds from monotonic `start` to now.
  package static func seconds(since start: Int64) -> Double {
    Double(now() &- start) / 1e9
  }

  /// Milliseconds until `deadline` (a ``now()`` value), clamped to 0…`cap`, rounded up.
  package static func milliseconds(until deadline: Int64, cap: Int32 = 1000) -> Int32 {
    let current = now()
    if deadline <= current { return 0 }
    let millis = (deadline &- current &+ 999_999) / 1_000_000
    return Int32(min(Int64(cap), millis))
  }

  /// The monotonic value `seconds` from now (NaN is 0, more than ``longest`` is ``longest``).
  package static func deadline(after seconds: Double) -> Int64 {
    now() &+ nanoseconds(seconds)
  }

  /// The longest span a deadline is set for, seconds (about 31 years).
  package static let longest = 1e9

  /// `seconds` in nanoseconds, clamped to 0…``longest`` (never a trap on a huge, infinite or
  /// NaN value).
  package static func nanoseconds(_ seconds: Double) -> Int64 {
    guard seconds > 0 else { return 0 }
    return Int64(min(seconds, longest) * 1e9)
  }

  /// Sleeps `seconds` (clamped to 0…``longest``), whatever signals come meanwhile.
  ///
  /// The corresponding C function is `nanosleep`.
  package static func sleep(_ seconds: Double) {
    let total = nanoseconds(seconds)
    var request = timespec(tv_sec: Int(total / 1_000_000_000), tv_nsec: Int(total % 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) == -1 && Errno.current == .interrupted {
      request = remaining
    }
  }
}

/// A UTC date and time of day broken down (the proleptic Gregorian calendar).
package struct CalendarTime: Sendable, Hashable {
  /// The year (`2026`; astronomical numbering before year 1).
  package var year: Int
  /// 1…12.
  package var month: Int
  /// 1…31.
  package var day: Int
  /// 0…23.
  package var hour: Int
  /// 0…59.
  package var minute: Int
  /// 0…60.
  package var second: Int

  /// A date and time given field by field (not checked).
  package init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// `seconds` since 1970 in UTC, or `nil` when the C library cannot represent the year.
  ///
  /// The corresponding C function is `gmtime_r`.
  package init?(secondsSince1970 seconds: Int64) {
    var time = time_t(seconds)
    var parts = tm()
    guard gmtime_r(&time, &parts) != nil else { return nil }
    year = Int(parts.tm_year) + 1900
    month = Int(parts.tm_mon) + 1
    day = Int(parts.tm_mday)
    hour = Int(parts.tm_hour)
    minute = Int(parts.tm_min)
    second = Int(parts.tm_sec)
  }
}

/// A moment in the local time zone (the `TZ` environment variable, else /etc/localtime).
package struct LocalTime: Sendable, Hashable {
  /// The date and time of day on the local clock (``CalendarTime``'s fields, local).
  package var time: CalendarTime
  /// Seconds east of UTC (`3600` for CET).
  package var utcOffset: Int
  /// The zone's abbreviation (`CET`, `CEST`, `UTC`), empty when the C library gives none.
  package var zone: String

  /// The zone, read once (`localtime_r` alone may not read it).
  private static let zoneRead: Void = tzset()

  /// `seconds` since 1970 on the local clock, or `nil` when the C library cannot represent
  /// the year. The zone is read at the first call.
  ///
  /// The corresponding C functions are `tzset` and `localtime_r`.
  package init?(secondsSince1970 seconds: Int64) {
    var clock = time_t(seconds)
    var parts = tm()
    _ = Self.zoneRead
    guard localtime_r(&clock, &parts) != nil else { return nil }
    var time = CalendarTime(year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0)
    time.year = Int(parts.tm_year) + 1900
    time.month = Int(parts.tm_mon) + 1
    time.day = Int(parts.tm_mday)
    time.hour = Int(parts.tm_hour)
    time.minute = Int(parts.tm_min)
    time.second = Int(parts.tm_sec)
    self.time = time
    utcOffset = Int(parts.tm_gmtoff)
    zone = parts.tm_zone.map { String(cString: $0) } ?? ""
  }
}
