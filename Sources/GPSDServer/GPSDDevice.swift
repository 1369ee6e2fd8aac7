import JSON
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
  var object: JSONObject {
    var object = JSONObject(class: "DEVICE")
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
    var object = JSONObject(class: "DEVICE")
    object.add("path", path)
    object.add("activated", 0)
    return object.crlfLine()
  }
}

/// The wall clock as gpsd writes it (`2026-12-01T10:42:07.271Z`), without Foundation.
enum UTCTime {
  /// Now (the wall ``SystemTime``, truncated to milliseconds), written by the formats' ISO 8601
  /// writer (``TextBytes/iso8601(millisecondsSince1970:)``).
  static func now() -> String {
    TextBytes.iso8601(millisecondsSince1970: max(0, SystemTime.wallNanoseconds()) / 1_000_000)
  }
}
