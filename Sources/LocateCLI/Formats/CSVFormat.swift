import JSON
import LocationEngine

/// CSV (RFC 4180) with a header line: gpsd's names and units for fixes, metres for distances.
/// Lines end in CRLF, as RFC 4180 says. A text cell that would start with `=`, `+`, `-` or `@`
/// (a place's name from a points file, a device path) gets a `'` in front, so a spreadsheet
/// shows it instead of running it as a formula (OWASP's CSV injection rule); its control
/// characters (a tab or a CR among them) are shown as `\xHH`, never written.
enum CSVFormat {
  /// RFC 4180's line end.
  static let lineEnd = "\r\n"
  /// The header for fixes (with the `--to` columns when there is a target).
  static func fixHeader(target: Bool) -> String {
    var columns = [
      "time", "lat", "lon", "altHAE", "altMSL", "eph", "epv", "speed", "track", "climb", "mode",
      "status", "uSat", "nSat", "hdop", "vdop", "pdop", "device",
    ]
    if target { columns += ["target_distance", "target_bearing"] }
    return columns.joined(separator: ",") + lineEnd
  }

  /// One row for a fix; empty cells for unknown values.
  static func fixRow(_ location: Fix, target: TargetReading?, hasTargetColumns: Bool)
    -> String
  {
    let gnss = location.gnss
    let altitude = location.hasAltitude
    var cells = [
      location.hasDate ? TimeText.iso8601(location.timestamp) : "",
      JSONText.fixed(location.coordinate.latitude, 9),
      JSONText.fixed(location.coordinate.longitude, 9),
      number(altitude ? location.ellipsoidalAltitude : nil, 3),
      number(altitude ? location.altitude : nil, 3),
      number(location.validHorizontalAccuracy, 3),
      number(location.validVerticalAccuracy, 3),
      number(location.validSpeed, 3),
      number(location.validCourse, 4),
      number(gnss?.climb, 3),
      String(location.fixMode.rawValue),
      gnss.map { String($0.status.rawValue) } ?? "",
      gnss?.satellitesUsed.map(String.init) ?? "",
      gnss?.satellitesInView.map(String.init) ?? "",
      number(gnss?.hdop, 2),
      number(gnss?.vdop, 2),
      number(gnss?.pdop, 2),
      field(gnss?.device ?? ""),
    ]
    if hasTargetColumns {
      cells += [number(target?.distance, 3), number(target?.bearing, 3)]
    }
    return cells.joined(separator: ",") + lineEnd
  }

  /// The header for `distance`.
  static let distanceHeader = "name,lat,lon,distance,bearing,compass" + lineEnd

  /// One row for a place of `distance` (distance in metres, bearing in degrees true).
  static func distanceRow(_ result: DistanceResult) -> String {
    [
      field(result.name), JSONText.shortest(result.latitude), JSONText.shortest(result.longitude),
      JSONText.fixed(result.distance, 3), number(result.bearing, 3), result.compass ?? "",
    ].joined(separator: ",") + lineEnd
  }

  private static func number(_ value: Double?, _ places: Int) -> String {
    guard let value, value.isFinite else { return "" }
    return JSONText.fixed(value, places)
  }

  /// A text cell: its control characters and bidirectional controls shown as `\xHH` and
  /// `\uHHHH` (CSV has no escapes, and a table is read on a terminal: ``TextSafety``), `'` in
  /// front when it starts like a formula, quoted when it holds a comma or a quote (or was given
  /// a `'`).
  static func field(_ text: String) -> String {
    let text = TextSafety.visible(text)
    let formula = text.unicodeScalars.first.map { "=+-@".unicodeScalars.contains($0) } ?? false
    let cell = formula ? "'" + text : text
    guard formula || cell.unicodeScalars.contains(where: { "\",".unicodeScalars.contains($0) })
    else { return cell }
    var quoted = "\""
    for character in cell {
      quoted += character == "\"" ? "\"\"" : String(character)
    }
    return quoted + "\""
  }
}
