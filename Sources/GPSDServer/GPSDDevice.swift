import Platform

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
  /// Now (the wall ``SystemTime``, broken down as ``CalendarTime``).
  static func now() -> String {
    let nanoseconds = SystemTime.wallNanoseconds()
    let seconds = nanoseconds >= 0 ? nanoseconds / 1_000_000_000 : 0
    let millis = Int((nanoseconds - seconds * 1_000_000_000) / 1_000_000)
    guard let time = CalendarTime(secondsSince1970: seconds) else {
      return "1970-01-01T00:00:00.000Z"
    }
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return padded(time.year, 4) + "-" + padded(time.month, 2) + "-" + padded(time.day, 2) + "T"
      + padded(time.hour, 2) + ":" + padded(time.minute, 2) + ":" + padded(time.second, 2) + "."
      + padded(millis, 3) + "Z"
  }
}
