import Geodesy
import LocationEngine

/// `watch`'s region options: `--region NAME=LAT,LON,RADIUS` (repeatable), `--regions FILE`
/// (repeatable), `--events-only` and `--hysteresis METERS`, turned into the tracker the
/// service monitors.
enum RegionOptions {
  static let region = TypedOption.text(
    "region", nil, "NAME=LAT,LON,RADIUS",
    "report entering and leaving this circle (radius in metres, or with m, km, mi, nmi)",
    repeatable: true)
  static let regions = TypedOption.text(
    "regions", nil, "FILE",
    "circles from CSV (name, latitude, longitude, radius columns) or GeoJSON Points with a "
      + "radius property (- for stdin)", repeatable: true)
  static let eventsOnly = FlagOption(
    "events-only", nil, "print only the region events, not the fixes (--count counts them)")
  static let hysteresis = TypedOption.number(
    "hysteresis", nil, "METERS",
    "the margin h beyond the boundary a crossing needs (default 20; at most radius/2)",
    in: 0...100_000, what: "metres", example: "30")

  /// The options, as `watch --help` lists them.
  static let options: [OptionSpec] = [region.spec, regions.spec, eventsOnly.spec, hysteresis.spec]

  /// The rule, for `watch --help`.
  static let ruleText = """
    Regions (--region, --regions): every current fix is applied to every region, delivered
    or not. With d the geodesic (WGS-84) distance from the fix to the centre, r the radius,
    a the fix's horizontal accuracy and h = min(20 m, r/2) (--hysteresis sets the 20 m): the
    first state is inside when d <= r - a, outside when d >= r + a; after that, a region is
    entered only when d <= r - max(h, a) and left only when d >= r + max(h, a). A fix of
    unknown accuracy (a receiver sending RMC alone, without HDOP or GST) decides nothing. So
    a receiver jittering less than h across a boundary, a fix too inaccurate to tell, or a
    path grazing the boundary by less than h makes no event. Each first state and each
    crossing is a line just before the fix that decided it (the regions of one fix in the
    order given, --region ones first, then the files'):
    text '<time>  entered depot (48.1173, 11.5167 r 200 m): 176.3 m from centre ±9.5 m'
    (inside/outside for the first state, entered/exited for crossings); json a REGION
    object (region, event initial/enter/exit, state, distance and radius in metres, then
    the fix's TPV members); geojson a Feature at the fix with those properties; csv a row
    for the fix with region, region_event, region_state and region_distance columns (empty
    for plain fixes); gpx names the track point of the deciding fix.
    """

  /// The tracker for the options, nil without regions; `command` names the help to see.
  static func tracker(_ arguments: ParsedArguments, command: String) throws(LocateError)
    -> RegionTracker?
  {
    let specs = try arguments.all(region)
    let files = try arguments.all(regions)
    guard !specs.isEmpty || !files.isEmpty else {
      if arguments.has(eventsOnly) && !arguments.has(WatchCommand.Opt.visits) {
        throw LocateError.usage("--events-only", "needs --region or --regions", command: command)
      }
      if arguments.has(hysteresis) {
        throw LocateError.usage("--hysteresis", "needs --region or --regions", command: command)
      }
      return nil
    }
    let stdinReaders =
      files.filter { $0 == "-" }.count + (try arguments.value(CommonOptions.input) == "-" ? 1 : 0)
    if stdinReaders > 1 {
      throw LocateError.usage(
        "--regions -", "standard input can be read only once", command: command)
    }
    let margin = try arguments.value(hysteresis) ?? RegionHysteresis.defaultMargin
    var tracker = RegionTracker(rule: RegionHysteresis(margin: margin))
    var seen: Set<String> = []
    for text in specs {
      let region = try spec(text)
      guard seen.insert(region.name).inserted else {
        throw LocateError.usage(
          "--region '\(text)'", "the name '\(region.name)' is given twice", command: command)
      }
      add(region, to: &tracker)
    }
    for path in files {
      let left = RegionsFile.maximumRegions - seen.count
      for region in try RegionsFile.read(path, limit: max(0, left)) {
        guard seen.insert(region.name).inserted else {
          throw LocateError(
            .dataError, region.origin, "the region name '\(region.name)' is given twice",
            remedy: "give each region its own name")
        }
        add(region, to: &tracker)
      }
    }
    return tracker
  }

  /// `NAME=LAT,LON,RADIUS`: the coordinates in any notation Geodesy reads, the radius after
  /// the last comma.
  static func spec(_ text: String) throws(LocateError) -> NamedRegion {
    let example = "e.g. --region depot=48.1173,11.5167,200"
    guard let equals = text.firstIndex(of: "=") else {
      throw LocateError(
        .usage, "--region '\(text)'", "not NAME=LAT,LON,RADIUS", remedy: example)
    }
    let name = text[..<equals].trimmed
    let rest = text[text.index(after: equals)...]
    guard !name.isEmpty else {
      throw LocateError(.usage, "--region '\(text)'", "no name before '='", remedy: example)
    }
    if (try? Coordinates.parsePoint(String(rest))) != nil {
      throw LocateError(
        .usage, "--region '\(text)'", "no radius after the coordinates", remedy: example)
    }
    guard let comma = rest.lastIndex(of: ",") else {
      throw LocateError(
        .usage, "--region '\(text)'", "not NAME=LAT,LON,RADIUS", remedy: example)
    }
    let center: GeoPoint
    do {
      center = try Coordinates.parsePoint(String(rest[..<comma]))
    } catch {
      throw LocateError(
        .usage, "--region '\(text)'", "'\(rest[..<comma])' is not LAT,LON: \(error.reason)",
        remedy: example)
    }
    let radiusText = String(rest[rest.index(after: comma)...])
    guard let radius = metres(radiusText) else {
      throw LocateError(
        .usage, "--region '\(text)'", "radius '\(radiusText)' is not a distance",
        remedy: "give metres, or a number with m, km, mi or nmi, e.g. 200 or 1.5km")
    }
    guard radius > 0, radius <= RegionTracker.maximumRadius else {
      throw LocateError(
        .usage, "--region '\(text)'", "the radius must be above 0 and at most 20000 km",
        remedy: example)
    }
    return NamedRegion(name: name, center: center, radius: radius)
  }

  /// Metres from `200`, `200m`, `1.5 km`, `2mi`, `1nmi`; nil when not a finite number.
  static func metres(_ text: String) -> Double? {
    let trimmed = text.trimmed.lowercased()
    var unit = DistanceUnit.m
    var number = Substring(trimmed)
    for candidate in DistanceUnit.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count })
    where trimmed.hasSuffix(candidate.rawValue) {
      unit = candidate
      number = trimmed.dropLast(candidate.rawValue.count)
      break
    }
    guard let value = Double(number.trimmed), value.isFinite else {
      return nil
    }
    return value * unit.metres
  }

  private static func add(_ region: NamedRegion, to tracker: inout RegionTracker) {
    tracker.add(
      identifier: region.name,
      center: CLLocationCoordinate2D(
        latitude: region.center.latitude, longitude: region.center.longitude),
      radius: region.radius)
  }
}
