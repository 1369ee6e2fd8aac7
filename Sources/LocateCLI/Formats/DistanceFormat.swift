import Geodesy
import JSON

/// The output of `distance` in each format: places nearest first.
enum DistanceFormat {
  /// Where the distances are measured from, for the human heading.
  struct Origin: Sendable, Hashable {
    /// The point.
    var point: GeoPoint
    /// `--from`, or the fix's time and accuracy.
    var note: String
  }

  /// The complete output.
  static func render(
    _ results: [DistanceResult], origin: Origin, format: OutputFormat, unit: DistanceUnit,
    within: Double?, style: Style
  ) -> String {
    switch format {
    case .text:
      return human(results, origin: origin, unit: unit, within: within, style: style)
    case .json:
      return results.map { json($0) + "\n" }.joined()
    case .csv:
      return CSVFormat.distanceHeader + results.map(CSVFormat.distanceRow).joined()
    case .geojson:
      return GeoJSONFormat.collection(results)
    case .gpx:
      let points = results.map { result in
        GPXFormat.waypoint(
          latitude: result.latitude, longitude: result.longitude, name: result.name,
          description: unit.format(result.distance)
            + (result.bearing.map { ", bearing " + JSONText.fixed($0, 1) + "° " } ?? "")
            + (result.compass ?? ""))
      }
      return GPXFormat.header(version: Locate.version) + points.joined() + GPXFormat.footer
    }
  }

  /// `{"name":"EDDM","lat":48.3538,"lon":11.7861,"distance":31707.123,"bearing":36.912,…}`;
  /// a place at the origin has no `bearing` and no `compass`.
  static func json(_ result: DistanceResult) -> String {
    var object = JSONObject()
    object.add("name", result.name)
    object.add("lat", shortest: result.latitude)
    object.add("lon", shortest: result.longitude)
    object.add("distance", result.distance, places: 3)
    object.add("bearing", result.bearing, places: 3)
    object.add("compass", result.compass)
    return object.text
  }

  /// A heading line, then a table: name, distance, bearing and compass point.
  static func human(
    _ results: [DistanceResult], origin: Origin, unit: DistanceUnit, within: Double?,
    style: Style
  ) -> String {
    var text =
      style.bold("From") + " "
      + HumanFormat.decimal(origin.point.latitude, origin.point.longitude)
      + " (" + origin.note + ")\n"
    guard !results.isEmpty else {
      let limit = within.map { " within " + unit.format($0) } ?? ""
      return text + "no places\(limit)\n"
    }
    let names = results.map { $0.name.isEmpty ? coordinates($0) : TextSafety.visible($0.name) }
    let nameWidth = min(40, names.map(\.count).max() ?? 0)
    let distances = results.map { unit.format($0.distance) }
    let distanceWidth = distances.map(\.count).max() ?? 0
    for (index, result) in results.enumerated() {
      text += names[index].padded(to: max(nameWidth, names[index].count))
      text += "  " + pad(distances[index], distanceWidth)
      if let bearing = result.bearing, let compass = result.compass {
        text += "  " + pad(JSONText.fixed(bearing, 1), 5) + "° " + compass + "\n"
      } else {
        text += "  here\n"
      }
    }
    return text
  }

  private static func coordinates(_ result: DistanceResult) -> String {
    HumanFormat.decimal(result.latitude, result.longitude)
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
