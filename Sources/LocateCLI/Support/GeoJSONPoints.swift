import Geodesy
import JSON

/// Points from a GeoJSON FeatureCollection (or one Feature) of Point geometries; the name is
/// the `name` property (else `ident`, `title`, `id`, or the feature's `id`).
enum GeoJSONPoints {
  /// Parses `bytes`; `label` names the file in messages.
  static func parse(_ bytes: [UInt8], label: String) throws(LocateError) -> [NamedPoint] {
    guard let root = JSONValue.parse(bytes) else {
      throw LocateError(
        .dataError, label, "not valid JSON", remedy: "give a GeoJSON FeatureCollection")
    }
    guard root.object != nil, let type = root["type"]?.string else {
      throw LocateError(
        .dataError, label, "not a GeoJSON object", remedy: "give a GeoJSON FeatureCollection")
    }
    switch type {
    case "FeatureCollection":
      guard let features = root["features"]?.array else {
        throw LocateError(.dataError, label, "no features array", remedy: "fix the file")
      }
      var points: [NamedPoint] = []
      for (index, feature) in features.enumerated() {
        points.append(try point(feature, what: "\(label) feature \(index + 1)"))
      }
      return points
    case "Feature":
      return [try point(root, what: label)]
    default:
      throw LocateError(
        .dataError, label, "a GeoJSON \(type), not a FeatureCollection of Points",
        remedy: "give a FeatureCollection")
    }
  }

  private static func point(_ feature: JSONValue, what: String) throws(LocateError) -> NamedPoint {
    guard feature["type"]?.string == "Feature" else {
      throw LocateError(.dataError, what, "not a Feature", remedy: "fix the file")
    }
    guard let geometry = feature["geometry"], let type = geometry["type"]?.string
    else {
      throw LocateError(.dataError, what, "no geometry", remedy: "give each feature a Point")
    }
    guard type == "Point" else {
      throw LocateError(
        .dataError, what, "geometry is a \(type), not a Point", remedy: "give each feature a Point")
    }
    guard let coordinates = geometry["coordinates"]?.array, coordinates.count >= 2,
      let longitude = number(coordinates[0]), let latitude = number(coordinates[1])
    else {
      throw LocateError(
        .dataError, what, "coordinates are not [longitude, latitude]", remedy: "fix the feature")
    }
    guard abs(latitude) <= 90, abs(longitude) <= 180 else {
      throw LocateError(
        .dataError, what,
        "[\(JSONText.shortest(longitude)), \(JSONText.shortest(latitude))] is off the globe",
        remedy: "GeoJSON puts the longitude first")
    }
    let properties = feature["properties"]?.object ?? [:]
    let name =
      ["name", "ident", "title", "id"].lazy.compactMap { text(properties[$0]) }.first
      ?? text(feature["id"]) ?? ""
    return NamedPoint(name: name, point: GeoPoint(latitude: latitude, longitude: longitude))
  }

  /// A JSON number (not `true` or `false`) as a finite `Double`.
  static func number(_ value: JSONValue?) -> Double? { value?.number }

  /// A string, or a number as text (`5`, `5.5`).
  private static func text(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let string): return string
    case .number(let number):
      return number.rounded() == number && abs(number) < 1e15
        ? String(Int64(number)) : String(number)
    default: return nil
    }
  }
}
