import JSON
import TimeService

/// gpsd's time objects, as gpsd 3.22 writes them to clients that watch with `"pps":true`:
/// TOFF (the serial time of an epoch against the system clock at its first byte) and PPS (a
/// pulse's second against the system clock at its edge), seconds and nanoseconds apart.
extension GPSDJSON {
  /// A TOFF object: `real` the receiver's time, `clock` the system's, each `_sec` and `_nsec`.
  /// The space after `real_sec`'s comma is gpsd 3.22's own spelling.
  static func toff(_ sample: TimeSample, device: String) -> [UInt8] {
    let (real, clock) = (split(sample.reference), split(sample.system))
    let text =
      #"{"class":"TOFF","device":"# + JSONText.string(device) + #","real_sec":\#(real.0), "#
      + #""real_nsec":\#(real.1),"clock_sec":\#(clock.0),"clock_nsec":\#(clock.1)}"#
    return Array(text.utf8)
  }

  /// A PPS object: TOFF's members for a pulse, and the NTP precision (log2 seconds) it was
  /// written with.
  static func pps(_ sample: TimeSample, device: String, precision: Int32) -> [UInt8] {
    let (real, clock) = (split(sample.reference), split(sample.system))
    let text =
      #"{"class":"PPS","device":"# + JSONText.string(device) + #","real_sec":\#(real.0),"#
      + #""real_nsec":\#(real.1),"clock_sec":\#(clock.0),"clock_nsec":\#(clock.1),"#
      + #""precision":\#(precision)}"#
    return Array(text.utf8)
  }

  /// Seconds and nanoseconds (0…999 999 999) of nanoseconds since 1970.
  private static func split(_ nanoseconds: Int64) -> (Int64, Int64) {
    let (seconds, fraction) = nanoseconds.floorDivided(by: 1_000_000_000)
    return (seconds, fraction)
  }
}
