import FoundationEssentials
import LocationEngine

/// One fix in any output format (what `current` prints).
enum SingleFix {
  /// The complete output for `location`.
  static func render(
    _ location: Fix, format: OutputFormat, now: Date, style: Style
  ) -> String {
    switch format {
    case .text:
      return HumanFormat.current(location, now: now, style: style)
    case .json:
      return GPSDJSON.tpv(location) + "\n"
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
