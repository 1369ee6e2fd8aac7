import FoundationEssentials
import GPSDServer
import Gazetteer
import LocationEngine

/// One fix in any output format (what `current` prints).
enum SingleFix {
  /// The complete output for `location`; text and JSON say where it is from `place`, the
  /// nearest place, when given.
  static func render(
    _ location: Fix, format: OutputFormat, now: Date, style: Style, place: NearbyPlace? = nil
  ) -> String {
    switch format {
    case .text:
      return HumanFormat.current(location, now: now, style: style, place: place)
    case .json:
      var object = GPSDJSON.tpvObject(location)
      if let place { object.add("place", raw: LocateJSON.place(place).text) }
      return object.text + "\n"
    case .gpx:
      return GPXFormat.header(version: Locate.version)
        + GPXFormat.waypoint(location, name: "locate current") + GPXFormat.footer
    case .geojson:
      return GeoJSONFormat.feature(location) + "\n"
    case .csv:
      return CSVFormat.fixHeader(target: false)
        + CSVFormat.fixRow(location, target: nil, hasTargetColumns: false)
    }
  }
}
