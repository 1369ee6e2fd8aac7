import Geodesy
import JSON
import LocationEngine

/// A named circle to monitor.
struct NamedRegion: Sendable, Hashable {
  /// The name events carry.
  var name: String
  /// The centre.
  var center: GeoPoint
  /// The radius, metres.
  var radius: Double
  /// Where it was given, for messages (`sites.csv line 4`).
  var origin = ""
}

/// `--regions FILE`: the points-file formats of `distance --points` with a radius — CSV whose
/// name, latitude, longitude and radius columns are found by name, or GeoJSON Points with a
/// `radius` property. Radii are metres, or a number with a unit (`1.5km`). Every region needs
/// a name. A bad row is an error naming the line or feature (exit 65).
enum RegionsFile {
  /// Header names for the radius column, in order of preference (compared without case).
  static let radiusColumns = ["radius", "radius_m", "radius_metres", "radius_meters", "r"]

  /// The most regions read from all files together (each fix is checked against every one).
  static let maximumRegions = 10_000

  /// Reads `path` (`-` for standard input), at most `limit` regions.
  static func read(_ path: String, limit: Int = maximumRegions) throws(LocateError)
    -> [NamedRegion]
  {
    let label = PointsFile.label(path)
    let radius = PointsFile.ExtraColumn(
      names: radiusColumns, missing: "no radius column in the header",
      remedy: "name one radius or radius_m, in metres")
    var regions: [NamedRegion] = []
    let document = try PointsFile.load(path, extra: radius, limit: limit, deadline: nil) {
      row throws(LocateError) in
      let what = "\(label) line \(row.line)"
      let radius = try Self.radius(row.extra ?? "", what: what)
      regions.append(try region(row.place, radius: radius, what: what))
    }
    if let document { regions = try geoJSON(document, label: label) }
    guard !regions.isEmpty else {
      throw LocateError(
        .dataError, label, "no regions", remedy: "give a row or feature per region")
    }
    guard regions.count <= limit else {
      throw LocateError(
        .dataError, label, "more than \(limit) regions",
        remedy: "at most \(limit) are watched; keep the ones you need")
    }
    return regions
  }

  /// Regions from GeoJSON: the points as `distance --points` reads them, and each feature's
  /// `radius` property.
  static func geoJSON(_ bytes: [UInt8], label: String) throws(LocateError) -> [NamedRegion] {
    let points = try GeoJSONPoints.parse(bytes, label: label)
    // GeoJSONPoints accepted it: a FeatureCollection of Point features, or one Feature.
    let root = JSONValue.parse(bytes) ?? .object([:])
    let features = root["features"]?.array ?? [root]
    var regions: [NamedRegion] = []
    for (index, (point, feature)) in zip(points, features).enumerated() {
      let what =
        features.count == 1 && root["type"]?.string == "Feature"
        ? label : "\(label) feature \(index + 1)"
      let properties = feature["properties"]?.object ?? [:]
      let text: String
      if let number = GeoJSONPoints.number(properties["radius"]) {
        text = JSONText.shortest(number)
      } else if let string = properties["radius"]?.string {
        text = string
      } else if properties["radius"] == nil {
        throw LocateError(
          .dataError, what, "no radius property", remedy: "give it \"radius\" in metres")
      } else {
        throw LocateError(
          .dataError, what, "the radius is not a number", remedy: "give \"radius\" in metres")
      }
      regions.append(try region(point, radius: try radius(text, what: what), what: what))
    }
    return regions
  }

  /// A radius: metres, or a number with a unit m, km, mi or nmi; above 0 and at most
  /// 20 000 km.
  static func radius(_ text: String, what: String) throws(LocateError) -> Double {
    guard !text.trimmed.isEmpty else {
      throw LocateError(.dataError, what, "no radius", remedy: "give one in metres")
    }
    guard let metres = RegionOptions.metres(text) else {
      throw LocateError(
        .dataError, what, "radius '\(text)' is not a distance",
        remedy: "give metres, or a number with m, km, mi or nmi")
    }
    guard metres > 0, metres <= RegionTracker.maximumRadius else {
      throw LocateError(
        .dataError, what, "radius \(text) must be above 0 and at most 20000 km",
        remedy: "fix the radius")
    }
    return metres
  }

  private static func region(_ point: NamedPoint, radius: Double, what: String)
    throws(LocateError) -> NamedRegion
  {
    guard !point.name.isEmpty else {
      throw LocateError(.dataError, what, "the region has no name", remedy: "give it a name")
    }
    return NamedRegion(name: point.name, center: point.point, radius: radius, origin: what)
  }
}
