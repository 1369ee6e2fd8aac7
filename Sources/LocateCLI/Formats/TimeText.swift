import FoundationEssentials
import Platform

/// ISO 8601 UTC times with milliseconds, as gpsd writes them.
enum TimeText {
  /// `2024-05-01T12:00:00.000Z`.
  static func iso8601(_ date: Date) -> String {
    var text = TextBytes(capacity: 24)
    text.appendISO8601(date)
    return text.string
  }

  /// The same through the C library's calendar (``CalendarTime``) and the C formatter, for
  /// years outside 0…9999; `total` is milliseconds since 1970.
  static func formattedISO8601(_ total: Int64) -> String {
    let seconds = total.floorDivided(by: 1000).quotient
    let millis = Int(total - seconds * 1000)
    guard let time = CalendarTime(secondsSince1970: seconds) else { return "?" }
    return CFormat.string(
      "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int32(time.year), Int32(time.month),
      Int32(time.day), Int32(time.hour), Int32(time.minute), Int32(time.second), Int32(millis))
  }

  /// Parses `2024-05-01T12:00:00Z` (fractional seconds and offsets allowed), or nil.
  static func parse(_ text: String) -> Date? {
    if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
      return date
    }
    return try? Date.ISO8601FormatStyle().parse(text)
  }
}
