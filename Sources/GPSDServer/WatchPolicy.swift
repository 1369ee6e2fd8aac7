import JSON

/// What a client asked `?WATCH` for, with gpsd's members and defaults: `enable` (true when a
/// WATCH object leaves it out), `json` (TPV, SKY and DEVICE reports), `nmea` and `raw` (the
/// receiver's sentences as they came: for an NMEA receiver `"nmea":true`, `"raw":1` and
/// `"raw":2` all mean that), `device` (only that device's reports), `pps` (with `json`: TOFF
/// and PPS objects). `scaled`, `timing` and `split24` are kept and echoed but change nothing
/// here (no AIS).
struct WatchPolicy: Equatable {
  var enable = false
  var json = false
  var nmea = false
  var raw = 0
  var scaled = false
  var timing = false
  var split24 = false
  var pps = false
  var device: String?

  /// Whether TPV, SKY and DEVICE reports for `path` go to the client.
  func streamsReports(of path: String?) -> Bool {
    enable && json && matches(path)
  }

  /// Whether the TOFF and PPS objects of `path` go to the client (gpsd: JSON and PPS both
  /// asked for).
  func streamsTiming(of path: String?) -> Bool {
    enable && json && pps && matches(path)
  }

  /// Whether the sentences of `path` go to the client.
  func streamsSentences(of path: String?) -> Bool {
    enable && (nmea || raw > 0) && matches(path)
  }

  /// Whether the client watches at all (reports or sentences).
  var isWatching: Bool { enable && (json || nmea || raw > 0) }

  /// Whether the device at `path` is one it watches (all, or the one it named).
  func watches(_ path: String?) -> Bool { matches(path) }

  private func matches(_ path: String?) -> Bool {
    guard let device else { return true }
    return device == path
  }

  /// Applies a `?WATCH={…}` object: members given replace the current ones (`enable` becomes
  /// true unless given); unknown members are ignored, as newer clients may send more.
  /// - Throws: ``RequestError`` `Invalid WATCH: …` for a member of the wrong type.
  mutating func apply(_ arguments: RequestArguments) throws(RequestError) {
    var next = self
    next.enable = try Self.flag(arguments, "enable") ?? true
    for (key, path) in [
      ("json", \WatchPolicy.json), ("nmea", \.nmea), ("scaled", \.scaled), ("timing", \.timing),
      ("split24", \.split24), ("pps", \.pps),
    ] as [(String, WritableKeyPath<WatchPolicy, Bool>)] {
      if let value = try Self.flag(arguments, key) { next[keyPath: path] = value }
    }
    switch arguments["raw"] {
    case nil: break
    case .number(let value)? where value == value.rounded() && (0...2).contains(value):
      next.raw = Int(value)
    case .bool(let value)?: next.raw = value ? 1 : 0
    default: throw RequestError("Invalid WATCH: raw must be 0, 1 or 2")
    }
    switch arguments["device"] {
    case nil: break
    case .string(let path)?: next.device = path
    case .null?: next.device = nil
    default: throw RequestError("Invalid WATCH: device must be a path")
    }
    self = next
  }

  private static func flag(_ arguments: RequestArguments, _ key: String) throws(RequestError)
    -> Bool?
  {
    switch arguments[key] {
    case nil: return nil
    case .bool(let value)?: return value
    case .number(let value)? where value == 0 || value == 1: return value == 1
    default: throw RequestError("Invalid WATCH: \(key) must be true or false")
    }
  }

  /// The WATCH object that acknowledges it, members in gpsd's order.
  var line: [UInt8] {
    var object = JSONObject(class: "WATCH")
    object.add("enable", enable)
    object.add("json", json)
    object.add("nmea", nmea)
    object.add("raw", raw)
    object.add("scaled", scaled)
    object.add("timing", timing)
    object.add("split24", split24)
    object.add("pps", pps)
    if let device { object.add("device", device) }
    return object.crlfLine()
  }
}
