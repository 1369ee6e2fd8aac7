import Foundation

/// What `locate watch --json` printed, parsed: TPV fixes and EVENT objects, in order.
struct Printed {
  /// One TPV.
  struct Fix: Equatable {
    /// Milliseconds since 1970 of its `time`.
    var time: Int64
    var latitude: Double
    var longitude: Double
  }

  /// Every object, in order, as `class` and the object.
  var objects: [[String: Any]] = []

  /// Parses complete lines (a last line without LF is left out: it is still being written).
  init(_ text: String) throws {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    lines.removeLast()
    for line in lines where !line.isEmpty {
      guard
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      else { throw TestFailure("not a JSON object: \(line)") }
      objects.append(object)
    }
  }

  /// The TPV objects as fixes.
  var fixes: [Fix] {
    objects.compactMap { object in
      guard object["class"] as? String == "TPV", let time = object["time"] as? String,
        let ms = Self.milliseconds(time), let lat = object["lat"] as? Double,
        let lon = object["lon"] as? Double
      else { return nil }
      return Fix(time: ms, latitude: lat, longitude: lon)
    }
  }

  /// The `state` of each device EVENT (`connected`, `unplugged`, `silent`…), in order.
  var deviceStates: [String] {
    objects.compactMap { object in
      guard object["class"] as? String == "EVENT", object["event"] as? String == "device"
      else { return nil }
      return object["state"] as? String
    }
  }

  /// The EVENT objects of one kind (`device`, `stale`, `authorization`…).
  func events(_ kind: String) -> [[String: Any]] {
    objects.filter { $0["class"] as? String == "EVENT" && $0["event"] as? String == kind }
  }

  /// `2025-06-15T15:06:40.100Z`, as `locate` prints times.
  static func iso8601(_ seconds: Double) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let rounded = Double(Int64((seconds * 1000).rounded())) / 1000
    return formatter.string(from: Date(timeIntervalSince1970: rounded))
  }

  /// Milliseconds since 1970 of an ISO 8601 UTC time with milliseconds.
  static func milliseconds(_ text: String) -> Int64? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    guard let date = formatter.date(from: text) else { return nil }
    return Int64((date.timeIntervalSince1970 * 1000).rounded())
  }
}
