import Dispatch
import Gazetteer

/// `locate current`: one fresh fix, then exit.
enum CurrentCommand: Command {
  static let name = "current"
  static let summary = "print one fresh fix, then exit"
  static let usage = ["locate current [OPTIONS]"]
  static let about = """
    Waits for one fix made after the request started (never a cached or buffered one), at
    least as accurate as --accuracy, and prints it: position in decimal degrees and DMS,
    altitude (when the fix is 3D and its epoch sent one: above mean sea level, and above the
    ellipsoid with the receiver's geoid separation or EGM96's), horizontal and vertical
    accuracy, speed and course (as the epoch's RMC, VTG or Garmin PGRMV states them, never
    derived from positions), fix mode (the GSA's fix type when the receiver sends one: 2D is
    2D), satellites used and in view (once the receiver has described the sky),
    fix time and age (the time of day alone when no date is known: --date gives one), the
    device, and where that is in words: the distance and compass point from the nearest place
    of 1,000 or more inhabitants (GeoNames, built in: 2.1 km NE of Garching, Bavaria, DE).
    While waiting, a status line on stderr shows the satellites in view and used, the
    best signal and the time elapsed (on a terminal, or with --verbose, which also says what
    input was ignored and why). A capture's first fix may wait for the date the capture gives
    later. Formats: text (default), json (a gpsd TPV object, with a "place" member: name,
    administrativeArea, isoCountryCode, country, timeZone, lat, lon, distance, bearing,
    compass), gpx (a waypoint), geojson (a Feature) and csv.
    """
  static let options: [OptionSpec] =
    FixRequest.options + CommonOptions.source + CommonOptions.output + [CommonOptions.help]
  static let exitStatuses: [ExitStatus] = [
    .ok, .usage, .noInput, .unavailable, .software, .ioError, .busy, .noNMEA, .permissionDenied,
    .noFix, .notAccurate, .receiverLost, .interrupted, .quit,
  ]
  static let examples = [
    ("locate current", "where am I (waits up to 120 s for a first fix)"),
    ("locate current --accuracy 10 --timeout 300", "wait up to 5 minutes for ±10 m or better"),
    ("locate current --json | jq .lat,.lon", "gpsd's TPV object, for scripts"),
    ("locate current --json | jq -r .place.name", "the nearest town's name"),
    ("locate current --device /dev/ttyACM0 --baud 9600", "a given receiver at a given rate"),
    ("locate current --input gpsd://localhost", "through a gpsd that already owns the port"),
  ]

  static func run(_ arguments: ParsedArguments, _ context: Context) async throws(LocateError) {
    let format = try OutputFormat.chosen(
      arguments, allowed: OutputFormat.allCases, command: name)
    // The gazetteer is decoded while the receiver is read (tens of milliseconds, on another
    // thread).
    if format == .text || format == .json { DispatchQueue.global().async { Places.load() } }
    let location = try await FixRequest.locate(arguments, context, command: name)
    let place =
      format == .text || format == .json
      ? Places.nearest(to: location.point) : nil
    try context.output.write(
      SingleFix.render(
        location, format: format, now: context.now(), style: context.style(arguments),
        place: place))
  }
}
