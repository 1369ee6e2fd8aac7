import Geodesy
import JSON
import LocationEngine

/// `locate distance`: distance and bearing from here (or `--from`) to places, nearest first.
enum DistanceCommand: Command {
  static let name = "distance"
  static let summary = "distance and bearing from here (or --from) to places, nearest first"
  static let usage = [
    "locate distance POINT… [--points FILE|-] [--from POINT] [--nearest K]",
    "                [--within DISTANCE] [--units m|km|mi|nmi] [OPTIONS]",
  ]
  static let about = """
    Measures the geodesic distance (WGS-84, Karney's method), the initial bearing (degrees
    true) and the compass point from the current fix, or from --from, to each place, and lists
    them nearest first. POINT is LAT,LON or NAME=LAT,LON: decimal, signed or with N/S/E/W,
    or degrees-minutes-seconds (48°07'02"N); or a place's name (Munich, 'Springfield, IL',
    NAME=Vienna), from the GeoNames places built into locate (1,000 or more inhabitants; no
    street addresses): of several places of that name the most populous, and --verbose lists
    the others. FILE is CSV with a header whose name, latitude
    and longitude columns are found by name (name/ident, latitude/lat/latitude_deg,
    longitude/lon/lng/longitude_deg), or a GeoJSON FeatureCollection of Points. Without
    --from, it first waits for a fix as 'locate current' does (same options). Text shows
    --units (default km); json (one object per place: name, lat, lon, distance in metres,
    bearing in degrees true), csv (metres), geojson (a FeatureCollection) and gpx (waypoints).
    """
  static let points = TypedOption.text(
    "points", "p", "FILE", "places from a CSV or GeoJSON file (- for stdin)", repeatable: true)
  static let from = TypedOption.text(
    "from", nil, "POINT", "measure from here instead of the current fix (LAT,LON or a place)")
  static let nearest = TypedOption.integer(
    "nearest", "k", "K", "only the K nearest places", in: 1...Int.max, example: "5")
  /// `--within`: the text, read once the unit is known (a bare number is in `--units`).
  static let within = TypedOption.text(
    "within", nil, "DISTANCE", "only places this close: 50km, 10nmi, 3mi, 800m")
  static let units = TypedOption.choice(
    "units", "u", "UNIT", "units of text output and bare --within: m, km, mi, nmi",
    DistanceUnit.allCases.map { ($0.rawValue, $0) })
  static let options: [OptionSpec] =
    [points.spec, from.spec, nearest.spec, within.spec, units.spec] + FixRequest.options
    + CommonOptions.source + CommonOptions.output + [CommonOptions.help]
  static let maximumPositionals: Int? = nil
  static let exitStatuses: [ExitStatus] = [
    .ok, .usage, .dataError, .noInput, .unavailable, .software, .ioError, .busy, .noNMEA,
    .permissionDenied, .noFix, .notAccurate, .receiverLost, .interrupted, .quit,
  ]
  static let examples = [
    ("locate distance EDDM=48.3538,11.7861 LOWS=47.7933,13.0043", "from here to two airports"),
    (
      "locate distance --points navaids.csv --nearest 3 --units nmi",
      "the three nearest navaids, in nautical miles"
    ),
    (
      "locate distance --from 51.4700,-0.4543 --points places.geojson --within 100km --json",
      "places within 100 km of a point, as JSON lines"
    ),
    ("locate distance --from 40.6413N,73.7781W 51°28′12″N,0°27′15″W", "any coordinate notation"),
    ("locate distance --from Munich Vienna 'Springfield, IL'", "places by name (GeoNames)"),
  ]

  static func run(_ arguments: ParsedArguments, _ context: Context) async throws(LocateError) {
    let values = ValueParsing(command: name)
    let format = try OutputFormat.chosen(arguments, allowed: OutputFormat.allCases, command: name)
    let unit = try arguments.value(units) ?? .km
    let nearest = try arguments.value(Self.nearest)
    let within = try arguments.value(Self.within).map { text throws(LocateError) in
      try values.distance(Self.within.spec.long, text, defaultUnit: unit)
    }
    let notes = arguments.has(CommonOptions.verbose) ? context.statusLine(arguments) : nil
    var places = PlaceList(
      try arguments.positionals.map { text throws(LocateError) in try point(text, notes: notes) })
    let files = try arguments.all(points)
    let stdinReaders =
      files.filter { $0 == "-" }.count + (try arguments.value(CommonOptions.input) == "-" ? 1 : 0)
    if stdinReaders > 1 {
      throw LocateError.usage("--points -", "standard input can be read only once", command: name)
    }
    // --timeout holds from the start: reading a FIFO or a pipe counts.
    let deadline = InputFile.Deadline(seconds: try FixRequest.timeout(in: arguments))
    for path in files {
      let left = PointsFile.maximumPlaces - places.count
      places.append(contentsOf: try PointsFile.read(path, limit: max(0, left), deadline: deadline))
    }
    guard !places.isEmpty else {
      throw LocateError(
        .usage, "distance", "no places given",
        remedy: "give POINTs or --points FILE; see 'locate distance --help'")
    }
    let origin: DistanceFormat.Origin
    if let text = try arguments.value(from) {
      let from = try PlaceNames.point(text, label: "--from '\(text)'", notes: notes)
      origin = .init(point: from.point, note: from.name == text ? "--from" : "--from " + from.name)
    } else {
      let fix = try await FixRequest.locate(arguments, context, command: name, deadline: deadline)
      var note = "fix at " + fix.timeText
      if let accuracy = fix.validHorizontalAccuracy {
        note += ", ±" + JSONText.fixed(accuracy, 1) + " m"
      }
      origin = .init(point: fix.point, note: note)
    }
    // One query: a scan over the positions, exact as an index, without the index's memory.
    let found = NearestIndex.nearest(
      among: places.points, to: origin.point, count: nearest, within: within)
    let results = found.map { found in
      let place = places[found.index]
      return DistanceResult(
        name: place.name, latitude: place.point.latitude, longitude: place.point.longitude,
        distance: found.distance, azimuth: found.azimuth)
    }
    try context.output.write(
      DistanceFormat.render(
        results, origin: origin, format: format, unit: unit, within: within,
        style: context.style(arguments)))
  }

  /// `LAT,LON`, `NAME=LAT,LON`, a place's name, or `NAME=PLACE` (see ``PlaceNames``).
  static func point(_ text: String, notes: StatusLine? = nil) throws(LocateError) -> NamedPoint {
    guard let equals = text.firstIndex(of: "=") else {
      return try PlaceNames.point(text, label: "'\(text)'", notes: notes)
    }
    let name = equals == text.startIndex ? text : String(text[..<equals])
    let rest = String(text[text.index(after: equals)...])
    let found = try PlaceNames.point(rest, label: "'\(text)'", notes: notes)
    return NamedPoint(name: name, point: found.point)
  }
}
