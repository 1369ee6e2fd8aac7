import Geodesy
import LocationEngine
import Platform
import Receivers

/// `locate watch`: a stream of fixes until interrupted, `--count` or `--duration`.
enum WatchCommand: Command {
  static let name = "watch"
  static let summary = "print a stream of fixes until interrupted"
  static let usage = ["locate watch [OPTIONS]"]
  static let about = """
    Prints every fix that passes the filters, as it comes, until Ctrl-C (SIGINT, SIGTERM or
    SIGHUP: the normal end, status 0, with every fix received written out and the document
    closed; SIGQUIT: the same, status 131),
    --count fixes or --duration seconds, or the end of an --input replay. A stationary
    receiver's jitter is paused (see --activity, --no-pause). Device changes (unplugged,
    back, silent) are notes on stderr, or EVENT objects with --json; the receiver is reopened
    when it comes back. A value the receiver did not send for a fix is left out (an altitude
    of an epoch without one or of a 2D fix, which holds it; a speed or course no RMC, VTG or
    PGRMV of the epoch states: none is derived from positions; the time of a fix without a
    date: see --date); the mode is the GSA's fix type when the receiver sends one. Formats:
    text (a line per fix), json (gpsd TPV objects, SKY with --satellites, TARGET with --to),
    gpx (a track, written and flushed point by point), geojson (RFC 8142 text sequence of
    Features) and csv. With --region or --regions, it also reports entering and leaving
    circles (geofences), and with --visits the places it stayed, as below. With --shm,
    --chrony or --pps, it also gives the receiver's time to chrony and ntpd, as 'locate serve'
    does by default (see 'locate serve --help').
    """ + "\n\n" + RegionOptions.ruleText + "\n\n" + visitText + "\n\n" + WatchScreen.about
  static let visitText = """
    Visits (--visits): a place where the receiver stayed within 50 m of the stay's first fix
    for at least 5 minutes. Each is reported twice, as Core Location's CLVisit is: on arrival
    (text 'arrived: LAT, LON ±ACCURACY', json a VISIT object with event "arrival") and on
    departure (text 'left after DURATION (arrived TIME)', json event "departure" with
    departure and duration). The arrival is the stay's first fix, so it includes the last
    50 m of the approach; the place is the mean of the stay's fixes. geojson writes a Point
    Feature with the VISIT members as properties; gpx and csv have no place for visits and
    refuse --visits. With --events-only only visits (and region events) are printed, and
    --count counts them.
    """
  /// The options, each declared once.
  enum Opt {
    static let count = TypedOption.integer(
      "count", "n", "N", "stop after N fixes", in: 1...Int.max, example: "10")
    static let duration = TypedOption.seconds(
      "duration", nil, "stop after this long (for --input FILE or -, the capture's own time)",
      example: "60")
    static let distanceFilter = TypedOption.number(
      "distance-filter", nil, "METERS", "only fixes this far from the last one printed",
      in: 0...ValueParsing.largest, what: "metres", example: "10")
    static let accuracy = TypedOption.positive(
      "accuracy", "a", "METERS", "only fixes at least this accurate (horizontal)",
      what: "metres", example: "10")
    static let activity = TypedOption.choice(
      "activity", nil, "TYPE",
      "automotive, fitness, airborne, navigation or other (default): sets when to pause",
      [
        ("automotive", ActivityType.automotiveNavigation), ("fitness", .fitness),
        ("airborne", .airborne), ("navigation", .otherNavigation), ("other", .other),
      ])
    static let noPause = FlagOption("no-pause", nil, "never pause updates while stationary")
    static let to = TypedOption<NamedPoint>(
      "to", nil, "[NAME=]LAT,LON",
      "also show the distance and bearing to this point (several with --screen)",
      repeatable: true
    ) { _, text, values throws(LocateError) in try WatchScreen.target(text, values) }
    static let satellites = FlagOption(
      "satellites", nil, "also show the sky view (satellites, signal, DOPs)")
    static let visits = FlagOption(
      "visits", nil,
      "also report visits: stays of 5 minutes within 50 m, on arrival and on departure")
  }

  static let options: [OptionSpec] =
    [
      Opt.count.spec, Opt.duration.spec, Opt.distanceFilter.spec, Opt.accuracy.spec,
      Opt.activity.spec, Opt.noPause.spec, Opt.to.spec, Opt.satellites.spec, WatchScreen.option,
      Opt.visits.spec,
    ] + RegionOptions.options + CommonOptions.source + TimeOptions.options + CommonOptions.output
    + [CommonOptions.help]
  static let exitStatuses: [ExitStatus] = [
    .ok, .usage, .dataError, .noInput, .unavailable, .software, .ioError, .busy, .permissionDenied,
    .receiverLost, .interrupted, .quit,
  ]
  static let examples = [
    ("locate watch", "a line per fix until Ctrl-C"),
    ("locate watch --format gpx > track.gpx", "a GPX track, closed properly on Ctrl-C"),
    (
      "locate watch --json --count 10 | jq -c 'select(.class==\"TPV\") | [.lat,.lon]'",
      "ten positions from gpsd TPV objects (the EVENT objects about the device skipped)"
    ),
    ("locate watch --to 48.3538,11.7861 --distance-filter 50", "distance to a point every 50 m"),
    ("locate watch --input drive.nmea --realtime=4 --format geojson", "replay at 4× speed"),
    (
      "locate watch --region depot=48.1173,11.5167,200 --events-only --json",
      "a REGION object when the depot's state is first known and at each crossing"
    ),
    ("locate watch --regions sites.csv --events-only --count 1", "wait for the next crossing"),
    ("locate watch --visits --events-only --json", "a VISIT object on arrival and on departure"),
    (
      "locate watch --screen --to EDDM=48.3538,11.7861",
      "the receiver at a glance, full screen, until q"
    ),
  ]

  static func run(_ arguments: ParsedArguments, _ context: Context) async throws(LocateError) {
    let format = try OutputFormat.chosen(arguments, allowed: OutputFormat.allCases, command: name)
    let source = try CommonOptions.source(
      arguments, environment: context.environment, command: name)
    var options = LocationServiceOptions(source: source)
    options.checksumPolicy = CommonOptions.checksumPolicy(arguments)
    options.date = try CommonOptions.date(arguments, command: name)
    var limits = WatchLoop.Limits()
    if let count = try arguments.value(Opt.count) { limits.count = count }
    var wallClockLimit: Double?
    if let seconds = try arguments.value(Opt.duration) {
      if source.isLive { wallClockLimit = seconds } else { limits.streamDuration = seconds }
    }
    if let metres = try arguments.value(Opt.distanceFilter) { options.distanceFilter = metres }
    if let metres = try arguments.value(Opt.accuracy) { options.desiredAccuracy = metres }
    if let activity = try arguments.value(Opt.activity) { options.activityType = activity }
    if arguments.has(Opt.noPause) { options.pausesAutomatically = false }
    options.deliversSkyViews = arguments.has(Opt.satellites)
    let targets = try arguments.all(Opt.to)
    if targets.count > 1, !arguments.has(WatchScreen.flag) {
      throw LocateError(
        .usage, "--to given \(targets.count) times", "watch's lines and objects carry one target",
        remedy: "give one --to, or add --screen, which shows several")
    }
    let target = targets.first?.point
    if let tracker = try RegionOptions.tracker(arguments, command: name) {
      options.regions = tracker
    }
    if arguments.has(Opt.visits) {
      guard format != .gpx && format != .csv else {
        throw LocateError.usage(
          "--visits with --format \(format)", "visits are written as text, json or geojson",
          command: name)
      }
      options.visits = VisitRule()
    }
    let eventsOnly = arguments.has(RegionOptions.eventsOnly)
    if eventsOnly, let other = [Opt.satellites.spec, Opt.to.spec].first(where: arguments.has) {
      throw LocateError.usage(
        "--events-only and --\(other.long)", "--events-only prints region events only",
        command: name)
    }
    if arguments.has(WatchScreen.flag) {
      try WatchScreen.check(arguments, format: format)
      if WatchScreen.available(context) {
        options.deliversSkyViews = true
        try await WatchScreen.run(
          service: LocationService(options: options), source: source, limits: limits,
          wallClockLimit: wallClockLimit, targets: targets, regions: options.regions,
          arguments: arguments, context: context)
        return
      }
      StatusLine(
        isTerminal: context.stderrIsTerminal, verbose: arguments.has(CommonOptions.verbose)
      ).note(
        "--screen: standard output is not a terminal that can show it: printing lines"
          + (targets.count > 1 ? " (with the first --to only)" : ""))
    }
    let writer = FixStreamWriter(
      output: context.output, format: format, hasTarget: target != nil,
      satellites: arguments.has(Opt.satellites),
      flushesEachRecord: FixStreamWriter.flushesEachRecord(reading: source),
      regions: !options.regions.isEmpty, eventsOnly: eventsOnly)
    let regions = RegionOutput(writer: writer)
    let status = context.statusLine(arguments)
    // The receiver's time for ntpd and chrony, when an option asks for it.
    let timePlan = try TimeOptions.plan(arguments, source: source, command: name, byDefault: false)
    var timeFeed: TimeFeed?
    if timePlan.sendsAnywhere || timePlan.pps != .off {
      let feed = try TimeFeed(
        plan: timePlan, device: (try? source.resolved())?.name, status: status)
      options.epochTiming = { timing in feed.epoch(timing) }
      timeFeed = feed
    }
    defer { timeFeed?.stop() }
    let service = LocationService(options: options)
    let loop = WatchLoop(
      service: service, source: source, writer: writer,
      observer: RequestObserver(status: status), target: target, limits: limits,
      regions: regions, timeFeed: timeFeed)
    // A signal or --duration stops reading; the loop writes every fix already read, then ends.
    // The document begins once a signal would close it.
    let finish: @Sendable () -> Void = { service.finish() }
    let completion = await context.interruptible(stopAfter: wallClockLimit, stop: finish) {
      () async throws(LocateError) in
      try writer.begin()
      try await loop.run()
    }
    status.clear()
    let closing = Result { () throws(LocateError) in
      try regions.flush()
      try writer.end()
    }
    let signal = context.signals.received
    switch completion {
    case .abandoned:
      try closing.get()
      throw .quiet(context.signals.stopStatus)
    case .finished(let result):
      try result.get()
      try closing.get()
      if signal == Signal.quit.rawValue { throw .quiet(.quit) }
    }
  }
}
