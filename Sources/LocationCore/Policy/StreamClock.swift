import NMEA

/// A replay's own clock: nanoseconds since the stream's first time of day, advanced by the
/// receivers' UTC times (not by how fast the bytes arrive).
///
/// Passing midnight adds a day. A time of day that goes backwards (spliced captures, receivers
/// that reset) holds the clock where it is and continues from the new time; a jump forward of
/// more than 12 hours is read as a jump backwards across midnight.
package struct StreamClock {
  private(set) var now: Int64 = 0
  private var last: Int64?

  /// Advances with a time of day from the stream.
  package mutating func observe(_ time: UTCTime) {
    let tod = time.nanosecondsOfDay
    defer { last = tod }
    guard let last else { return }
    var delta = tod - last
    let half = UTCCalendar.nanosecondsPerDay / 2
    if delta < -half { delta += UTCCalendar.nanosecondsPerDay }
    if delta > half { delta -= UTCCalendar.nanosecondsPerDay }
    if delta > 0 { now += delta }
  }
}
