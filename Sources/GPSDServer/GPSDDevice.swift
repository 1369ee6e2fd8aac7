import Glibc

/// The receiver the server relays, as gpsd's DEVICE object describes it.
struct GPSDDevice: Equatable {
  /// The path (or URL) clients see, the same as in the TPV and SKY objects' `device`.
  var path: String
  /// When it was opened, ISO 8601 UTC.
  var activated: String
  /// Its serial speed, for a serial device.
  var bps: Int?

  /// The DEVICE object: `driver` NMEA0183, `flags` 1 (a GPS seen), `native` 0, and for a serial
  /// device `bps`, `parity` and `stopbits` (always 8N1 here). No `cycle`: the epoch rate is the
  /// receiver's, not set here.
  var object: JSONLine {
    var object = JSONLine(class: "DEVICE")
    object.add("path", path)
    object.add("driver", "NMEA0183")
    object.add("activated", activated)
    object.add("flags", 1)
    object.add("native", 0)
    if let bps {
      object.add("bps", bps)
      object.add("parity", "N")
      object.add("stopbits", 1)
    }
    return object
  }

  /// The DEVICE object gpsd sends watchers when a device goes away: `"activated":0`.
  static func deactivated(_ path: String) -> [UInt8] {
    var object = JSONLine(class: "DEVICE")
    object.add("path", path)
    object.add("activated", 0)
    return object.line
  }
}

/// The wall clock as gpsd writes it (`2026-12-01T10:42:07.271Z`), without Foundation.
enum UTCTime {
  /// Now (`clock_gettime(CLOCK_REALTIME)`, `gmtime_r(3)`).
  static func now() -> String {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    var seconds = spec.tv_sec
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func padded(_ value: Int32, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return padded(parts.tm_year + 1900, 4) + "-" + padded(parts.tm_mon + 1, 2) + "-"
      + padded(parts.tm_mday, 2) + "T" + padded(parts.tm_hour, 2) + ":" + padded(parts.tm_min, 2)
      + ":" + padded(parts.tm_sec, 2) + "." + padded(Int32(spec.tv_nsec / 1_000_000), 3) + "Z"
  }
}
