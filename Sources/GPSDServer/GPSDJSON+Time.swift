import JSON
import Platform
import TimeService

/// gpsd's time objects, as gpsd 3.22 writes them to clients that watch with `"pps":true`:
/// TOFF (the serial time of an epoch against the system clock at its first byte) and PPS (a
/// pulse's second against the system clock at its edge), seconds and nanoseconds apart.
extension GPSDJSON {
  /// A TOFF object: `real` the receiver's time, `clock` the system's, each `_sec` and `_nsec`.
  /// The space after `real_sec`'s comma is gpsd 3.22's own spelling.
  package static func toff(_ sample: TimeSample, device: String) -> [UInt8] {
    var text = TextBytes(capacity: 160)
    text.append(#"{"class":"TOFF","device":"#)
    text.appendJSONString(device)
    appendTimes(sample, afterRealSeconds: ", ", to: &text)
    text.append(UInt8(ascii: "}"))
    return text.bytes
  }

  /// A PPS object: TOFF's members for a pulse, and the NTP precision (log2 seconds) it was
  /// written with.
  package static func pps(_ sample: TimeSample, device: String, precision: Int32) -> [UInt8] {
    var text = TextBytes(capacity: 176)
    text.append(#"{"class":"PPS","device":"#)
    text.appendJSONString(device)
    appendTimes(sample, afterRealSeconds: ",", to: &text)
    text.append(#","precision":"#)
    text.append(Int(precision))
    text.append(UInt8(ascii: "}"))
    return text.bytes
  }

  /// `,"real_sec":S` `separator` `"real_nsec":N,"clock_sec":S,"clock_nsec":N`: the sample's
  /// times as seconds and nanoseconds (0…999 999 999) since 1970.
  private static func appendTimes(
    _ sample: TimeSample, afterRealSeconds separator: String, to text: inout TextBytes
  ) {
    let real = sample.reference.floorDivided(by: 1_000_000_000)
    let clock = sample.system.floorDivided(by: 1_000_000_000)
    text.append(#","real_sec":"#)
    text.append(Int(real.quotient))
    text.append(separator)
    text.append(#""real_nsec":"#)
    text.append(Int(real.remainder))
    text.append(#","clock_sec":"#)
    text.append(Int(clock.quotient))
    text.append(#","clock_nsec":"#)
    text.append(Int(clock.remainder))
  }
}
