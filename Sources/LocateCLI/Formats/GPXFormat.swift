import JSON
import LocationEngine

/// GPX 1.1 (topografix.com/GPX/1/1): a track written point by point for `watch`, a waypoint
/// for `current`, waypoints for `distance`. Children follow the schema's order: ele, time,
/// magvar, geoidheight, name, desc, fix, sat, hdop, vdop, pdop, ageofdgpsdata, dgpsid.
enum GPXFormat {
  /// The document start, up to and including the `<gpx>` element.
  static func header(version: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="locate \(version)" xmlns="http://www.topografix.com/GPX/1/1" \
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
    xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">

    """
  }

  /// The document end.
  static let footer = "</gpx>\n"

  /// Opens the track and its first segment.
  static func trackStart(name: String) -> String {
    "<trk>\n<name>\(escape(name))</name>\n<trkseg>\n"
  }

  /// Ends a segment and starts another (after the receiver was lost and came back).
  static let segmentBreak = "</trkseg>\n<trkseg>\n"

  /// Closes the segment and the track.
  static let trackEnd = "</trkseg>\n</trk>\n"

  /// A `<trkpt>` for a fix, optionally with a name and a description.
  static func trackPoint(
    _ location: Fix, name: String? = nil, description: String? = nil
  ) -> String {
    point("trkpt", location, name: name, description: description)
  }

  /// A `<wpt>` for a fix.
  static func waypoint(_ location: Fix, name: String?) -> String {
    point("wpt", location, name: name, description: nil)
  }

  /// A `<wpt>` for a place, with a name and a description.
  static func waypoint(
    latitude: Double, longitude: Double, name: String, description: String
  ) -> String {
    "<wpt lat=\"\(JSONText.fixed(latitude, 9))\" lon=\"\(JSONText.fixed(longitude, 9))\">"
      + "<name>\(escape(name))</name><desc>\(escape(description))</desc></wpt>\n"
  }

  private static func point(
    _ element: String, _ location: Fix, name: String?, description: String?
  ) -> String {
    let gnss = location.gnss
    var text = "<\(element) lat=\"\(JSONText.fixed(location.coordinate.latitude, 9))\""
    text += " lon=\"\(JSONText.fixed(location.coordinate.longitude, 9))\">"
    if location.hasAltitude { text += "<ele>\(JSONText.fixed(location.altitude, 3))</ele>" }
    if location.hasDate { text += "<time>\(TimeText.iso8601(location.timestamp))</time>" }
    if let variation = gnss?.magneticVariation, variation.isFinite {
      text += "<magvar>\(JSONText.fixed(Bearing.normalized(variation), 1))</magvar>"
    }
    if let separation = gnss?.geoidSeparation, separation.isFinite, location.hasAltitude {
      text += "<geoidheight>\(JSONText.fixed(separation, 3))</geoidheight>"
    }
    if let name { text += "<name>\(escape(name))</name>" }
    if let description { text += "<desc>\(escape(description))</desc>" }
    if let fix = fixValue(location) { text += "<fix>\(fix)</fix>" }
    if let used = gnss?.satellitesUsed, used >= 0 { text += "<sat>\(used)</sat>" }
    if let hdop = gnss?.hdop, hdop.isFinite { text += "<hdop>\(JSONText.fixed(hdop, 2))</hdop>" }
    if let vdop = gnss?.vdop, vdop.isFinite { text += "<vdop>\(JSONText.fixed(vdop, 2))</vdop>" }
    if let pdop = gnss?.pdop, pdop.isFinite { text += "<pdop>\(JSONText.fixed(pdop, 2))</pdop>" }
    if let age = gnss?.dgpsAge, age.isFinite, age >= 0 {
      text += "<ageofdgpsdata>\(JSONText.fixed(age, 1))</ageofdgpsdata>"
    }
    if let station = gnss?.dgpsStation, (0...1023).contains(station) {
      text += "<dgpsid>\(station)</dgpsid>"
    }
    return text + "</\(element)>\n"
  }

  /// GPX's `fixType`: none, 2d, 3d, dgps, pps.
  private static func fixValue(_ location: Fix) -> String? {
    switch location.gnss?.status {
    case .dgps, .rtkFixed, .rtkFloat: return "dgps"
    case .pps: return "pps"
    default: break
    }
    switch location.fixMode {
    case .fix3D: return "3d"
    case .fix2D: return "2d"
    case .noFix: return "none"
    case .unknown: return nil
    }
  }

  /// Escapes text for XML character data and attributes, terminal-safe: `&`, `<`, `>` and `"`
  /// as entities; tab, LF, CR, DEL, the C1 controls and the bidirectional controls
  /// (``TextSafety``) as character references (`&#x9B;`), which an XML reader turns back into
  /// the text; the other C0 controls, which XML 1.0 cannot hold at all (nor U+FFFE, U+FFFF),
  /// shown as `\xHH`.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\t", "\n", "\r":
        out += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        out += TextSafety.shown(scalar)
      case _ where TextSafety.isUnsafe(scalar):
        out += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
