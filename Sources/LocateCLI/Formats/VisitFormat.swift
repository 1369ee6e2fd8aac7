import GPSDServer
import JSON
import LocationEngine

/// How `watch --visits` writes a visit (see ``VisitRule``): once on arrival (`arrival`, no
/// departure yet) and once on departure (`departure`, complete). Text, json and geojson only:
/// a GPX track and a CSV table of fixes have no place for them (`--visits` refuses those
/// formats).
enum VisitFormat {
  /// `arrival` while the receiver is there, `departure` once it left.
  static func event(_ visit: Visit) -> String {
    isOngoing(visit) ? "arrival" : "departure"
  }

  static func isOngoing(_ visit: Visit) -> Bool { visit.departureDate == .distantFuture }

  /// The record for `format` (empty for the formats without visits).
  static func record(_ visit: Visit, format: OutputFormat) -> String {
    switch format {
    case .text: return line(visit)
    case .json: return json(visit) + "\n"
    case .geojson: return geoJSONRecord(visit)
    case .gpx, .csv: return ""
    }
  }

  /// `2025-06-15T10:02:03.000Z  arrived: 48.117300, 11.516700 ±12.3 m`, or on departure
  /// `2025-06-15T10:09:45.000Z  left after 7 min 42 s (arrived 2025-06-15T10:02:03.000Z):
  /// 48.117300, 11.516700 ±10.1 m` (one line).
  static func line(_ visit: Visit) -> String {
    let place =
      JSONText.fixed(visit.coordinate.latitude, 6) + ", "
      + JSONText.fixed(visit.coordinate.longitude, 6) + " ±"
      + JSONText.fixed(visit.horizontalAccuracy, 1) + " m"
    guard !isOngoing(visit) else {
      return TimeText.iso8601(visit.arrivalDate) + "  arrived: " + place + "\n"
    }
    return TimeText.iso8601(visit.departureDate) + "  left after "
      + duration(visit.departureDate.timeIntervalSince(visit.arrivalDate)) + " (arrived "
      + TimeText.iso8601(visit.arrivalDate) + "): " + place + "\n"
  }

  /// `7 min 42 s`, `1 h 3 min 0 s`.
  static func duration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    return (hours > 0 ? "\(hours) h " : "") + "\(minutes) min \(rest) s"
  }

  /// The members of a VISIT: the event, the dates (no departure while there), the duration
  /// in seconds on departure, the place and its accuracy (gpsd's `eph`).
  private static func members(_ visit: Visit) -> JSONObject {
    var object = JSONObject()
    object.add("class", "VISIT")
    object.add("event", event(visit))
    object.add("arrival", time: visit.arrivalDate)
    if !isOngoing(visit) {
      object.add("departure", time: visit.departureDate)
      object.add("duration", visit.departureDate.timeIntervalSince(visit.arrivalDate), places: 3)
    }
    object.add("lat", visit.coordinate.latitude, places: 9)
    object.add("lon", visit.coordinate.longitude, places: 9)
    object.add("eph", visit.horizontalAccuracy, places: 3)
    return object
  }

  /// A VISIT object.
  static func json(_ visit: Visit) -> String { members(visit).text }

  /// An RFC 8142 record: a Point Feature at the visit, the VISIT members as its properties.
  static func geoJSONRecord(_ visit: Visit) -> String {
    let coordinates = [
      JSONText.fixed(visit.coordinate.longitude, 9), JSONText.fixed(visit.coordinate.latitude, 9),
    ]
    return GeoJSONFormat.recordSeparator
      + GeoJSONFormat.pointFeature(coordinates: coordinates, properties: members(visit)) + "\n"
  }
}
