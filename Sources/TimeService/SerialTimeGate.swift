/// Which epochs become serial samples for ntpd and chrony, by gpsd's rules: only a fix's time
/// (a receiver without one may send its own real-time clock's), only after a few fixes in a
/// row (receivers send wrong times around their first fix), only a dated time, and one sample
/// a second (the first epoch of each second: at 10 Hz, the one whose time is a whole second
/// or the first after it).
package struct SerialTimeGate: Sendable {
  /// Fixes that must come in a row before the first sample (gpsd's `NTP_MIN_FIXES`).
  package static let fixesBefore = 3

  private var fixesInRow = 0
  private var lastSecond: Int64?

  /// A gate that opens after ``fixesBefore`` fixes.
  package init() {}

  /// Whether the epoch at receiver time `reference` (nil: undated), a fix or not, gives a
  /// sample.
  package mutating func admits(reference: Int64?, isFix: Bool) -> Bool {
    guard isFix else {
      fixesInRow = 0
      return false
    }
    fixesInRow += 1
    guard let reference, fixesInRow > Self.fixesBefore else { return false }
    let second = reference.floorDivided(by: 1_000_000_000).quotient
    guard second != lastSecond else { return false }
    lastSecond = second
    return true
  }

  /// The receiver went away: fixes are counted again from the next one.
  package mutating func reset() {
    fixesInRow = 0
    lastSecond = nil
  }
}
