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
///
/// CSV is read as a stream: the header is checked as soon as it is read, each row as it comes,
/// and at most ``maximumPlaces`` places and ``maximumCSVBytes`` are read (exit 65 beyond);
/// GeoJSON is parsed whole, up to ``maximumGeoJSONBytes``.
enum PointsFile {
  /// Header names for each column, in order of preference (compared without case).
  static let nameColumns = ["name", "ident", "id", "label", "title", "code"]
  static let latitudeColumns = ["latitude", "lat", "latitude_deg", "lat_deg", "y"]
  static let longitudeColumns = [
    "longitude", "lon", "lng", "long", "longitude_deg", "lon_deg", "long_deg", "x",
  ]
  /// The most places read from all `--points` files together (about 16 MB of them).
  static let maximumPlaces = 500_000
  /// The largest CSV file read (256 MiB).
  static let maximumCSVBytes = 256 << 20
  /// The largest GeoJSON file read (16 MiB: it is parsed whole).
  static let maximumGeoJSONBytes = 16 << 20

  /// A place read from a CSV file, with the cell of an extra column (a region's radius) and
  /// its line.
  struct Row {
    var place: NamedPoint
    var extra: String?
    var line: Int
  }

  /// An extra column a caller needs (its names, in order of preference, and what to say when
  /// the header has none).
  struct ExtraColumn {
    var names: [String]
    var missing: String
    var remedy: String
  }

  /// Reads `path` (`-` for standard input), at most `limit` places, within `deadline`.
  static func read(
    _ path: String, limit: Int = maximumPlaces, deadline: InputFile.Deadline? = nil
  ) throws(LocateError) -> PlaceList {
    let label = label(path)
    var points = PlaceList()
    let document = try load(path, extra: nil, limit: limit, deadline: deadline) {
      row throws(LocateError) in
      points.append(row.place)
    }
    guard let document else { return points }
    let parsed = try GeoJSONPoints.parse(document, label: label)
    guard parsed.count <= limit else { throw tooMany(label, limit: limit) }
    return PlaceList(parsed)
  }

  /// `standard input` for `-`, else the path.
  static func label(_ path: String) -> String { path == "-" ? "standard input" : path }

  /// Reads a places file as a stream: each CSV row, checked as it comes (the header first),
  /// is handed to `row`, and nil returned at the end; or, for GeoJSON, the document's bytes.
  static func load(
    _ path: String, extra: ExtraColumn?, limit: Int, deadline: InputFile.Deadline?,
    row: (Row) throws(LocateError) -> Void
  ) throws(LocateError) -> [UInt8]? {
    let label = label(path)
    var kind: UInt8?  // `{` for GeoJSON, else CSV
    var document: [UInt8] = []
    var reader = CSVReader()
    var table = PlaceTable(label: label, extra: extra)
    var rows = 0
    var records: [CSVReader.Record] = []
    // Rows are checked as they come; a CSV error is raised after the rows before it.
    func parse(
      _ step: (inout CSVReader, inout [CSVReader.Record]) throws(CSVReader.Failure) -> Void
    )
      throws(LocateError)
    {
      var failure: CSVReader.Failure?
      do throws(CSVReader.Failure) {
        try step(&reader, &records)
      } catch {
        failure = error
      }
      defer { records.removeAll(keepingCapacity: true) }
      for record in records {
        guard let place = try table.take(record) else { continue }
        guard rows < limit else { throw tooMany(label, limit: limit) }
        rows += 1
        try row(place)
      }
      if let failure {
        throw LocateError(
          .dataError, "\(label) line \(failure.line)", failure.reason, remedy: "fix the file")
      }
    }
    try InputFile.stream(path, what: label, limit: maximumCSVBytes, deadline: deadline) {
      chunk throws(LocateError) in
      if kind == nil {
        kind = chunk.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
      }
      if kind == UInt8(ascii: "{") {
        guard document.count + chunk.count <= maximumGeoJSONBytes else {
          throw LocateError(
            .dataError, label, "more than \(InputFile.size(maximumGeoJSONBytes)) of GeoJSON",
            remedy: "GeoJSON is read whole: give at most that, or the places as CSV")
        }
        document.append(contentsOf: chunk)
        return
      }
      try parse { reader, records throws(CSVReader.Failure) in
        try reader.feed(chunk, into: &records)
      }
    }
    if kind == UInt8(ascii: "{") { return document }
    try parse { reader, records throws(CSVReader.Failure) in try reader.finish(into: &records) }
    guard table.hasHeader else {
      throw LocateError(
        .dataError, label, "empty", remedy: "give a CSV header and rows, or GeoJSON")
    }
    return nil
  }

  static func tooMany(_ label: String, limit: Int) -> LocateError {
    LocateError(
      .dataError, label, "more than \(limit) places",
      remedy: "at most \(limit) are read; split the file, or keep the ones you need")
  }
}

/// The header of a places CSV (its columns found by name) and the rows checked against it.
struct PlaceTable {
  let label: String
  let extra: PointsFile.ExtraColumn?
  private var header: CSVReader.Record?
  private var latitude = 0
  private var longitude = 0
  private var name: Int?
  private var extraColumn: Int?

  init(label: String, extra: PointsFile.ExtraColumn?) {
    self.label = label
    self.extra = extra
  }

  /// Whether the header was read.
  var hasHeader: Bool { header != nil }

  /// Takes a record: the header first (checked at once), then a row per place.
  mutating func take(_ record: CSVReader.Record) throws(LocateError) -> PointsFile.Row? {
    guard let header else {
      try read(header: record)
      return nil
    }
    let fields = record.fields
    let what = "\(label) line \(record.line)"
    guard fields.count > max(latitude, longitude) else {
      throw LocateError(
        .dataError, what, "\(fields.count) fields, but the header has \(header.fields.count)",
        remedy: "fix the row")
    }
    do {
      let lat = try Coordinates.parseLatitude(fields[latitude].trimmed)
      let lon = try Coordinates.parseLongitude(fields[longitude].trimmed)
      let text = name.flatMap { $0 < fields.count ? fields[$0].trimmed : nil } ?? ""
      let cell = extraColumn.map { $0 < fields.count ? fields[$0] : "" }
      return PointsFile.Row(
        place: NamedPoint(name: text, point: GeoPoint(latitude: lat, longitude: lon)),
        extra: cell, line: record.line)
    } catch {
      throw LocateError(.dataError, what, error.description, remedy: "fix the row")
    }
  }

  private mutating func read(header record: CSVReader.Record) throws(LocateError) {
    let names = record.fields.map { $0.trimmed.lowercased() }
    func column(_ candidates: [String]) -> Int? {
      candidates.lazy.compactMap { names.firstIndex(of: $0) }.first
    }
    guard let lat = column(PointsFile.latitudeColumns),
      let lon = column(PointsFile.longitudeColumns)
    else {
      let missing = column(PointsFile.latitudeColumns) == nil ? "latitude" : "longitude"
      let choices =
        (missing == "latitude" ? PointsFile.latitudeColumns : PointsFile.longitudeColumns)
        .prefix(3).joined(separator: ", ")
      throw LocateError(
        .dataError, "\(label) line \(record.line)", "no \(missing) column in the header",
        remedy: "name one \(choices)")
    }
    if let extra {
      guard let found = column(extra.names) else {
        throw LocateError(
          .dataError, "\(label) line \(record.line)", extra.missing, remedy: extra.remedy)
      }
      extraColumn = found
    }
    latitude = lat
    longitude = lon
    name = column(PointsFile.nameColumns)
    header = record
  }
}
