import GPSDServer
import JSON
import LocationEngine
import Platform

/// How `watch --region` writes a region event in each format: the first state of a region
/// (`initial`), then each crossing (`enter`, `exit`), with the fix that decided it.
enum RegionFormat {
  /// `enter`, `exit`, or `initial` for the first determination.
  static func event(_ transition: RegionTransition) -> String {
    guard transition.isCrossing else { return "initial" }
    return transition.state == .inside ? "enter" : "exit"
  }

  /// `inside`, `outside` (`unknown` never appears: no event leads there).
  static func state(_ state: CLRegionState) -> String {
    switch state {
    case .inside: return "inside"
    case .outside: return "outside"
    case .unknown: return "unknown"
    }
  }

  /// `entered depot`, `exited depot`, `inside depot`, `outside depot`.
  static func headline(_ transition: RegionTransition) -> String {
    let verb: String
    switch (transition.isCrossing, transition.state) {
    case (true, .inside): verb = "entered"
    case (true, _): verb = "exited"
    case (false, let state): verb = Self.state(state)
    }
    return verb + " " + TextSafety.visible(transition.identifier)
  }

  /// `entered depot (48.1173, 11.5167 r 200 m): 176.3 m from centre ±9.5 m`.
  static func summary(_ transition: RegionTransition) -> String {
    var text = headline(transition) + " (" + JSONText.shortest(transition.center.latitude) + ", "
    text += JSONText.shortest(transition.center.longitude)
    text += " r " + JSONText.shortest(transition.radius) + " m): "
    text += JSONText.fixed(transition.distance, 1) + " m from centre"
    if let accuracy = transition.location.validHorizontalAccuracy {
      text += " ±" + JSONText.fixed(accuracy, 1) + " m"
    }
    return text
  }

  /// The text line: the fix's time, then the summary.
  static func line(_ transition: RegionTransition) -> String {
    transition.location.timeText + "  " + summary(transition) + "\n"
  }

  /// The members every structured format starts with.
  private static func members(_ transition: RegionTransition) -> JSONObject {
    var object = JSONObject()
    object.add("class", "REGION")
    object.add("region", transition.identifier)
    object.add("event", event(transition))
    object.add("state", state(transition.state))
    object.add("distance", transition.distance, places: 3)
    object.add("radius", shortest: transition.radius)
    return object
  }

  /// A REGION object: the region, the event, the new state, the distance to the centre and the
  /// radius (metres), then the deciding fix's TPV members.
  static func json(_ transition: RegionTransition) -> String {
    let tpv = GPSDJSON.tpv(transition.location)
    let marker = "{\"class\":\"TPV\","
    let fields = tpv.hasPrefix(marker) ? "{" + tpv.dropFirst(marker.count) : tpv
    return merge(members(transition).text, into: fields, after: "{")
  }

  /// An RFC 8142 record: a Point Feature at the deciding fix, the REGION members first among
  /// its properties.
  static func geoJSONRecord(_ transition: RegionTransition, target: TargetReading?) -> String {
    let feature = GeoJSONFormat.feature(transition.location, target: target)
    return GeoJSONFormat.recordSeparator
      + merge(members(transition).text, into: feature, after: "\"properties\":{") + "\n"
  }

  /// The columns region events add to the CSV header.
  static let csvColumns = ["region", "region_event", "region_state", "region_distance"]

  /// The CSV header with the region columns.
  static func csvHeader(_ header: String) -> String {
    extendRow(header, with: csvColumns)
  }

  /// A fix row with empty region cells.
  static func csvFixRow(_ row: String) -> String {
    extendRow(row, with: csvColumns.map { _ in "" })
  }

  /// A row for an event: the deciding fix's cells, then the region's.
  static func csvRow(
    _ transition: RegionTransition, target: TargetReading?, hasTargetColumns: Bool
  ) -> String {
    let row = CSVFormat.fixRow(
      transition.location, target: target, hasTargetColumns: hasTargetColumns)
    return extendRow(
      row,
      with: [
        CSVFormat.field(transition.identifier), event(transition), state(transition.state),
        JSONText.fixed(transition.distance, 3),
      ])
  }

  /// The GPX name and description of a track point that decided `transitions`.
  static func trackPointLabel(_ transitions: [RegionTransition]) -> (String, String) {
    (
      transitions.map(headline).joined(separator: "; "),
      transitions.map(summary).joined(separator: "; ")
    )
  }

  /// `members` (an object's text) spliced into `object` after its first `marker`.
  private static func merge(_ members: String, into object: String, after marker: String)
    -> String
  {
    let inner = members.dropFirst().dropLast()
    guard let offset = object.utf8Offset(of: marker) else { return object }
    let end = object.utf8.index(object.utf8.startIndex, offsetBy: offset + marker.utf8.count)
    let rest = object[end...]
    let separator = rest.hasPrefix("}") ? "" : ","
    return object[..<end] + inner + separator + rest
  }

  private static func extendRow(_ row: String, with cells: [String]) -> String {
    let body = row.hasSuffix(CSVFormat.lineEnd) ? String(row.dropLast()) : row
    return body + "," + cells.joined(separator: ",") + CSVFormat.lineEnd
  }
}
