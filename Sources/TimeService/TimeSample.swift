import Platform

/// The leap-second warning a time sample carries: NTP's leap indicator, as ntpd's SHM driver
/// and chrony's SOCK refclock number it.
package enum LeapIndicator: Int32, Sendable, Hashable {
  /// No leap second announced.
  case none = 0
  /// A second is inserted at the end of the last day of the month.
  case insert = 1
  /// A second is deleted at the end of the last day of the month.
  case delete = 2

  /// The warning for a sample at `nanoseconds` since 1970: receivers announce a leap second
  /// months ahead, NTP expects it in the month it happens, and leap seconds fall at the end of
  /// June or December only (gpsd's rule, ntp.org bug 1090), so any other month has none.
  package func effective(at nanoseconds: Int64) -> LeapIndicator {
    let seconds = nanoseconds.floorDivided(by: 1_000_000_000).quotient
    guard self != .none, let time = CalendarTime(secondsSince1970: seconds) else { return .none }
    return time.month == 6 || time.month == 12 ? self : .none
  }
}

/// One measurement of the system clock against the receiver: what the receiver says the time
/// was (`reference`) and what the system clock said at that instant (`system`), nanoseconds
/// since 1970 (UTC, `CLOCK_REALTIME`).
package struct TimeSample: Sendable, Hashable {
  /// The receiver's time: an epoch's UTC time, or the second a pulse begins.
  package var reference: Int64
  /// The system clock then: at the arrival of the epoch's first byte, or the pulse's edge.
  package var system: Int64
  /// The leap-second warning.
  package var leap: LeapIndicator

  /// Makes a sample.
  package init(reference: Int64, system: Int64, leap: LeapIndicator = .none) {
    self.reference = reference
    self.system = system
    self.leap = leap
  }

  /// How far the system clock is ahead of the receiver, nanoseconds (negative: behind). For a
  /// serial sample this includes the receiver's delay in sending the epoch.
  package var systemAhead: Int64 { system &- reference }

  /// What to add to the system clock to get the receiver's time, seconds (chrony's `offset`).
  package var offset: Double { Double(reference &- system) / 1e9 }
}
