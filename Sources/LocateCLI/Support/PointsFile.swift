import Foundation
import Geodesy

/// A named place to measure to.
struct NamedPoint: Sendable, Hashable {
  /// The name (may be empty).
  var name: String
  /// Where it is.
  var point: GeoPoint
}

/// `--points FILE`: CSV with a header (name, latitude and longitude columns found by name) or
/// a GeoJSON FeatureCollection of Points. A bad row is an error naming the line (exit 65).
enum PointsFile {
  /// Header names for each column, in order of preference (compared without case).
  static let nameColumns = ["name", "ident", "id", "label", "title", "code"]
  static let latitudeColumns = ["latitude", "lat", "latitude_deg", "lat_deg", "y"]
  static let longitudeColumns = [
    "longitude", "lon", "lng", "long", "longitude_deg", "lon_deg", "long_deg", "x",
  ]

  /// Reads `path` (`-` for standard input); `label` names it in messages.
  static func read(_ path: String) throws(LocateError) -> [NamedPoint] {
    let label = path == "-" ? "standard input" : path
    let bytes = try InputFile.read(path, what: label)
    let first = bytes.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) })
    if first == UInt8(ascii: "{") { return try GeoJSONPoints.parse(bytes, label: label) }
    return try csv(bytes, label: label)
  }

  /// Points from CSV text.
  static func csv(_ bytes: [UInt8], label: String) throws(LocateError) -> [NamedPoint] {
    let records: [CSVReader.Record]
    do {
      records = try CSVReader.records(bytes)
    } catch {
      throw LocateError(
        .dataError, "\(label) line \(error.line)", error.reason, remedy: "fix the file")
    }
    guard let header = records.first else {
      throw LocateError(
        .dataError, label, "empty", remedy: "give a CSV header and rows, or GeoJSON")
    }
    let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    func column(_ candidates: [String]) -> Int? {
      candidates.lazy.compactMap { names.firstIndex(of: $0) }.first
    }
    guard let latitude = column(latitudeColumns), let longitude = column(longitudeColumns) else {
      let missing = column(latitudeColumns) == nil ? "latitude" : "longitude"
      let choices = (missing == "latitude" ? latitudeColumns : longitudeColumns)
        .prefix(3).joined(separator: ", ")
      throw LocateError(
        .dataError, "\(label) line \(header.line)", "no \(missing) column in the header",
        remedy: "name one \(choices)")
    }
    let name = column(nameColumns)
    var points: [NamedPoint] = []
    points.reserveCapacity(records.count - 1)
    for record in records.dropFirst() {
      let fields = record.fields
      guard fields.count > max(latitude, longitude) else {
        throw LocateError(
          .dataError, "\(label) line \(record.line)",
          "\(fields.count) fields, but the header has \(header.fields.count)",
          remedy: "fix the row")
      }
      let what = "\(label) line \(record.line)"
      do {
        let lat = try Coordinates.parseLatitude(fields[latitude].trimmed)
        let lon = try Coordinates.parseLongitude(fields[longitude].trimmed)
        let text = name.flatMap { $0 < fields.count ? fields[$0].trimmed : nil } ?? ""
        points.append(NamedPoint(name: text, point: GeoPoint(latitude: lat, longitude: lon)))
      } catch {
        throw LocateError(.dataError, what, error.description, remedy: "fix the row")
      }
    }
    return points
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
