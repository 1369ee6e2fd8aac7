import JSON
import LocationEngine

/// GeoJSON (RFC 7946): a Feature per fix, a FeatureCollection for `distance`, and RFC 8142
/// text sequences (each Feature after an RS byte, ending in a line feed) for `watch`.
enum GeoJSONFormat {
  /// The RFC 8142 record separator.
  static let recordSeparator = "\u{1E}"

  /// A Point Feature for a fix: coordinates [lon, lat, height above the ellipsoid], gpsd's
  /// names for the properties.
  static func feature(_ location: Fix, target: TargetReading? = nil) -> String {
    var coordinates = [
      JSONText.fixed(location.coordinate.longitude, 9),
      JSONText.fixed(location.coordinate.latitude, 9),
    ]
    if location.hasAltitude, location.ellipsoidalAltitude.isFinite {
      coordinates.append(JSONText.fixed(location.ellipsoidalAltitude, 3))
    }
    let gnss = location.gnss
    var properties = JSONObject()
    if location.hasDate { properties.add("time", TimeText.iso8601(location.timestamp)) }
    properties.add("mode", location.fixMode.rawValue)
    if let status = gnss?.status, status != .unknown { properties.add("status", status.rawValue) }
    if location.hasAltitude { properties.add("altMSL", location.altitude, places: 3) }
    properties.add("eph", location.validHorizontalAccuracy, places: 3)
    properties.add("epv", location.validVerticalAccuracy, places: 3)
    properties.add("speed", location.validSpeed, places: 3)
    properties.add("track", location.validCourse, places: 4)
    properties.add("climb", gnss?.climb, places: 3)
    properties.add("uSat", gnss?.satellitesUsed)
    properties.add("nSat", gnss?.satellitesInView)
    properties.add("hdop", gnss?.hdop, places: 2)
    properties.add("vdop", gnss?.vdop, places: 2)
    properties.add("pdop", gnss?.pdop, places: 2)
    properties.add("device", gnss?.device)
    if let target {
      var object = JSONObject()
      object.add("lat", shortest: target.target.latitude)
      object.add("lon", shortest: target.target.longitude)
      object.add("distance", target.distance, places: 3)
      object.add("bearing", target.bearing, places: 3)
      properties.add("target", raw: object.text)
    }
    return pointFeature(coordinates: coordinates, properties: properties)
  }

  /// One RFC 8142 record: RS, the Feature, LF.
  static func sequenceRecord(_ location: Fix, target: TargetReading?) -> String {
    recordSeparator + feature(location, target: target) + "\n"
  }

  /// A Point Feature for a place of `distance`.
  static func feature(_ result: DistanceResult) -> String {
    let coordinates = [JSONText.shortest(result.longitude), JSONText.shortest(result.latitude)]
    var properties = JSONObject()
    properties.add("name", result.name)
    properties.add("distance", result.distance, places: 3)
    properties.add("bearing", result.bearing, places: 3)
    properties.add("compass", result.compass)
    return pointFeature(coordinates: coordinates, properties: properties)
  }

  /// A FeatureCollection of the places of `distance`, nearest first.
  static func collection(_ results: [DistanceResult]) -> String {
    let features = results.map { feature($0) }.joined(separator: ",\n")
    let body = features.isEmpty ? "" : "\n" + features + "\n"
    return "{\"type\":\"FeatureCollection\",\"features\":[" + body + "]}\n"
  }

  static func pointFeature(coordinates: [String], properties: JSONObject) -> String {
    "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":["
      + coordinates.joined(separator: ",") + "]},\"properties\":" + properties.text + "}"
  }
}
