import Foundation
import Geodesy
import OpenCoreLocation
import Receivers

/// `locate watch`: a stream of fixes until interrupted, `--count` or `--duration`.
enum WatchCommand: Command {
  static let name = "watch"
  static let summary = "print a stream of fixes until interrupted"
  static let usage = ["locate watch [OPTIONS]"]
  static let about = """
    Prints every fix that passes the filters, as it comes, until Ctrl-C (SIGINT or SIGTERM:
    the normal end, status 0, with the document closed and every fix received written out),
    --count fixes or --duration seconds, or the end of an --input replay. A stationary
    receiver's jitter is paused (see --activity, --no-pause). Device changes (unplugged,
    back, silent) are notes on stderr, or EVENT objects with --json; the receiver is reopened
    when it comes back. A value the receiver did not send for a fix is left out (an altitude
    of an epoch without one, the time of a fix without a date: see --date). Formats: text (a
    line per fix), json (gpsd TPV objects, SKY with --satellites, TARGET with --to), gpx (a
    track, written and flushed point by point), geojson (RFC 8142 text sequence of Features)
    and csv. With --region or --regions, it also reports entering and leaving circles
    (geofences), as below.
    """ + "\n\n" + RegionOptions.ruleText
  static let options: [OptionSpec] =
    [
      .value("count", "n", "N", "stop after N fixes"),
      .value(
        "duration", nil, "SECONDS",
        "stop after this long (for --input FILE or -, the capture's own time)"),
      .value("distance-filter", nil, "METERS", "only fixes this far from the last one printed"),
      .value("accuracy", "a", "METERS", "only fixes at least this accurate (horizontal)"),
      .value(
        "activity", nil, "TYPE",
        "automotive, fitness, airborne, navigation or other (default): sets when to pause"),
      .flag("no-pause", nil, "never pause updates while stationary"),
      .value("to", nil, "LAT,LON", "also show the distance and bearing to this point"),
      .flag("satellites", nil, "also show the sky view (satellites, signal, DOPs)"),
    ] + RegionOptions.options + CommonOptions.source + CommonOptions.output + [CommonOptions.help]
  static let examples = [
    ("locate watch", "a line per fix until Ctrl-C"),
    ("locate watch --format gpx > track.gpx", "a GPX track, closed properly on Ctrl-C"),
    ("locate watch --json --count 10 | jq -c '[.lat,.lon]'", "ten gpsd TPV objects"),
    ("locate watch --to 48.3538,11.7861 --distance-filter 50", "distance to a point every 50 m"),
    ("locate watch --input drive.nmea --realtime=4 --format geojson", "replay at 4× speed"),
    (
      "locate watch --region depot=48.1173,11.5167,200 --events-only --json",
      "a REGION object when the depot's state is first known and at each crossing"
    ),
    ("locate watch --regions sites.csv --events-only --count 1", "wait for the next crossing"),
  ]

  static func run(_ arguments: ParsedArguments, _ context: Context) async throws(LocateError) {
    let values = ValueParsing(command: name)
    let format = try OutputFormat.chosen(arguments, allowed: OutputFormat.allCases, command: name)
    let source = try CommonOptions.source(
      arguments, environment: context.environment, command: name)
    var options = LocationServiceOptions(source: source)
    options.checksumPolicy = CommonOptions.checksumPolicy(arguments)
    options.date = try CommonOptions.date(arguments, command: name)
    var limits = WatchLoop.Limits()
    if let text = arguments.value("count") {
      limits.count = try values.integer("count", text, in: 1...Int.max, example: "10")
    }
    var wallClockLimit: Double?
    if let text = arguments.value("duration") {
      let seconds = try values.positive("duration", text, what: "seconds", example: "60")
      if source.isLive { wallClockLimit = seconds } else { limits.streamDuration = seconds }
    }
    if let text = arguments.value("distance-filter") {
      options.distanceFilter = try values.number(
        "distance-filter", text, in: 0...Double.greatestFiniteMagnitude, what: "metres",
        example: "10")
    }
    if let text = arguments.value("accuracy") {
      options.desiredAccuracy = try values.positive("accuracy", text, what: "metres", example: "10")
    }
    if let text = arguments.value("activity") {
      options.activityType = try values.choice(
        "activity", text,
        [
          ("automotive", .automotiveNavigation), ("fitness", .fitness), ("airborne", .airborne),
          ("navigation", .otherNavigation), ("other", .other),
        ])
    }
    if arguments.has("no-pause") { options.pausesAutomatically = false }
    options.deliversSkyViews = arguments.has("satellites")
    let target = try arguments.value("to").map { text throws(LocateError) in
      try values.point("to", text)
    }
    if let tracker = try RegionOptions.tracker(arguments, command: name) {
      options.regions = tracker
    }
    let eventsOnly = arguments.has("events-only")
    if eventsOnly, let other = ["satellites", "to"].first(where: { arguments.has($0) }) {
      throw LocateError.usage(
        "--events-only and --\(other)", "--events-only prints region events only",
        command: name)
    }
    let writer = FixStreamWriter(
      output: context.output, format: format, hasTarget: target != nil,
      satellites: arguments.has("satellites"),
      flushesEachRecord: FixStreamWriter.flushesEachRecord(reading: source),
      regions: !options.regions.isEmpty, eventsOnly: eventsOnly)
    let regions = RegionOutput(writer: writer)
    let status = context.statusLine(arguments)
    let loop = WatchLoop(
      service: LocationService(options: options), source: source, writer: writer,
      observer: RequestObserver(status: status), target: target, limits: limits,
      regions: regions)
    try writer.begin()
    let completion = await context.interruptible(stopAfter: wallClockLimit) {
      () async throws(LocateError) in try await loop.run()
    }
    status.clear()
    let closing = Result { () throws(LocateError) in
      try regions.flush()
      try writer.end()
    }
    switch completion {
    case .abandoned:
      try closing.get()
      throw .quiet(.interrupted)
    case .finished(let result):
      try result.get()
      try closing.get()
    }
  }
}
