import Geodesy
import Platform
import Receivers
import VirtualReceiver

/// `locate simulate`: the virtual receiver on a pseudo-terminal.
enum SimulateCommand: Command {
  static let name = "simulate"
  static let summary = "run a virtual receiver on a pseudo-terminal (for demos and tests)"
  static let usage = [
    "locate simulate [--capture FILE [--replay-speed X] [--loop]] [OPTIONS]",
    "locate simulate [--start LAT,LON] [--speed M/S] [--heading DEG] [--rate HZ] [OPTIONS]",
  ]
  static let about = """
    Opens a pseudo-terminal that speaks NMEA like a real receiver, prints its device path on
    the first line of standard output, and runs until Ctrl-C (SIGINT, SIGTERM or SIGHUP:
    status 0; SIGQUIT: 131),
    'stop' on standard input, or --duration. It replays a capture with its own timing
    (--capture), or drives a synthetic route (the default): start point, speed, heading
    changes, stops, fix loss, multi-GNSS sentences, 1-10 fixes a second. Read it with
    'locate watch --device PATH'. Controls, one per line on standard input, each acknowledged
    on standard output: unplug [SECONDS] (replug after that long), replug (prints the path),
    silence SECONDS, baud RATE|any, after SECONDS COMMAND, stop.
    """
  /// The options, each declared once.
  enum Opt {
    static let capture = TypedOption.text(
      "capture", nil, "FILE", "replay this NMEA capture with its own timing")
    static let replaySpeed = TypedOption.positive(
      "replay-speed", nil, "X", "replay X times real time (default 1)", what: "times real time",
      example: "2")
    static let loop = FlagOption("loop", nil, "replay the capture again and again")
    static let start = TypedOption<GeoPoint>(
      "start", nil, "LAT,LON", "where the drive starts (default 48.1173,11.5167)"
    ) { name, text, values throws(LocateError) in try values.point(name, text) }
    static let speed = TypedOption.number(
      "speed", nil, "M/S", "cruising speed in metres a second (default 13.9)", in: 0...400,
      what: "m/s", example: "13.9")
    static let heading = TypedOption.number(
      "heading", nil, "DEGREES", "initial heading, degrees true (default 45)", in: 0...360,
      what: "degrees", example: "90")
    static let rate = TypedOption.integer(
      "rate", "r", "HZ", "fixes a second, 1 to 10 (default 1)", in: 1...10, example: "5")
    static let seed = TypedOption<UInt64>(
      "seed", nil, "N", "seed of the route's turns and stops (default 1)"
    ) { _, text, values throws(LocateError) in
      guard let seed = UInt64(text) else {
        throw LocateError.usage(
          "--seed '\(text)'", "not a whole number ≥ 0", command: values.command)
      }
      return seed
    }
    static let startTime = TypedOption<Double>(
      "start-time", nil, "TIME",
      "UTC time of the first fix, ISO 8601 (default: now, each epoch sent when its time comes)"
    ) { _, text, _ throws(LocateError) in
      guard let date = TimeText.parse(text) else {
        throw LocateError(
          .usage, "--start-time '\(text)'", "not an ISO 8601 time",
          remedy: "e.g. --start-time 2024-05-01T12:00:00Z")
      }
      return date.timeIntervalSince1970
    }
    static let altitude = TypedOption.number(
      "altitude", nil, "METERS", "altitude above mean sea level (default 520)",
      in: -500...20_000, what: "metres", example: "520")
    static let noTurns = FlagOption("no-turns", nil, "drive straight on")
    static let noStops = FlagOption("no-stops", nil, "never stop at traffic lights")
    static let noFixLoss = FlagOption("no-fix-loss", nil, "never lose the fix in tunnels")
    static let stopAt = TypedOption<DriveStop>(
      "stop-at", nil, "AT,SECONDS",
      "brake AT seconds into the drive and stand SECONDS (repeatable; replaces random stops)",
      repeatable: true
    ) { _, text, _ throws(LocateError) in try plannedStop(text) }
    static let headingSentence = TypedOption.choice(
      "heading-sentence", nil, "TYPE",
      "also send the vehicle's heading each epoch: hdt, ths or hdg (a compass, 4° E variation)",
      DriveHeadingSentence.allCases.map { ($0.rawValue, $0) })
    static let baud = TypedOption<Int>(
      "baud", "b", "RATE", "speak NMEA only when the reader sets this rate (garbage else)"
    ) { _, text, _ throws(LocateError) in
      guard case .fixed(let rate)? = try? BaudSetting(parsing: text) else {
        let rates = BaudSetting.standardRates.map(String.init).joined(separator: ", ")
        throw LocateError(
          .usage, "--baud \(text)", "not a standard serial rate", remedy: "use one of \(rates)")
      }
      return rate
    }
    static let link = TypedOption.text(
      "link", "l", "PATH", "keep a symlink at PATH pointing to the current device")
    static let duration = TypedOption.seconds(
      "duration", nil, "stop after this long", example: "60")

    /// The options of the synthetic drive (refused with --capture).
    static let drive: [OptionSpec] = [
      start.spec, speed.spec, heading.spec, rate.spec, seed.spec, startTime.spec, altitude.spec,
      noTurns.spec, noStops.spec, noFixLoss.spec, stopAt.spec, headingSentence.spec,
    ]
  }

  static let options: [OptionSpec] = [
    Opt.capture.spec, Opt.replaySpeed.spec, Opt.loop.spec, Opt.start.spec, Opt.speed.spec,
    Opt.heading.spec, Opt.rate.spec, Opt.seed.spec, Opt.startTime.spec, Opt.altitude.spec,
    Opt.noTurns.spec, Opt.noStops.spec, Opt.noFixLoss.spec, Opt.stopAt.spec,
    Opt.headingSentence.spec, Opt.baud.spec, Opt.link.spec, Opt.duration.spec,
    CommonOptions.verbose.spec, CommonOptions.help,
  ]
  static let exitStatuses: [ExitStatus] = [
    .ok, .usage, .dataError, .noInput, .software, .ioError, .busy, .permissionDenied, .interrupted,
    .quit,
  ]
  static let examples = [
    ("locate simulate", "a drive through Munich at 50 km/h; prints /dev/pts/N"),
    (
      "locate simulate --link /tmp/gps --rate 5 & locate watch --device /tmp/gps",
      "watch it through a stable path"
    ),
    (
      "locate simulate --capture Fixtures/simulated/munich-drive.nmea --loop",
      "replay a recorded drive"
    ),
    ("locate simulate --baud 4800 --link /tmp/gps", "only 4800 baud works: try --baud auto"),
  ]

  static func run(_ arguments: ParsedArguments, _ context: Context) async throws(LocateError) {
    let link = try arguments.value(Opt.link)
    let receiver = VirtualReceiver(
      script: try script(arguments), link: link, onlyBaud: try arguments.value(Opt.baud))
    let duration = try arguments.value(Opt.duration)
    do {
      try receiver.start()
    } catch {
      throw startFailure(error, link: link)
    }
    defer { receiver.stop() }
    let status = context.statusLine(arguments)
    let controls = SimulatorControls(receiver: receiver, output: context.output, status: status)
    // The path is printed once the signal handler listens: a script that reads it and sends
    // SIGINT at once gets a clean stop (status 0), not the status 130 of a signal that came
    // while nothing listened (seen under ThreadSanitizer in CI).
    let completion = await context.interruptible(stopAfter: duration) {
      () async throws(LocateError) in
      try context.output.write(receiver.devicePath + "\n")
      try context.output.flush()
      if context.stderrIsTerminal {
        status.note(
          "simulating a receiver on \(receiver.devicePath): read it with "
            + "'locate watch --device \(receiver.devicePath)'; stop with Ctrl-C")
      }
      try await controls.run()
    }
    if case .finished(let result) = completion { try result.get() }
    if context.signals.received == Signal.quit.rawValue { throw .quiet(.quit) }
  }

  private static func script(_ arguments: ParsedArguments) throws(LocateError) -> SimulationScript {
    if let path = try arguments.value(Opt.capture) {
      if let conflict = Opt.drive.first(where: arguments.has) {
        throw LocateError.usage(
          "--\(conflict.long)", "applies to the synthetic drive, not --capture", command: name)
      }
      try InputFile.checkReadable(path, what: path)
      let speed = try arguments.value(Opt.replaySpeed) ?? 1
      return .capture(path: path, speed: speed, loop: arguments.has(Opt.loop))
    }
    for option in [Opt.replaySpeed.spec, Opt.loop.spec] where arguments.has(option) {
      throw LocateError.usage("--\(option.long)", "applies to --capture only", command: name)
    }
    var drive = DriveOptions()
    if let point = try arguments.value(Opt.start) {
      drive.latitude = point.latitude
      drive.longitude = point.longitude
    }
    if let speed = try arguments.value(Opt.speed) { drive.speed = speed }
    if let heading = try arguments.value(Opt.heading) { drive.heading = heading }
    if let rate = try arguments.value(Opt.rate) { drive.rate = rate }
    if let seed = try arguments.value(Opt.seed) { drive.seed = seed }
    if let altitude = try arguments.value(Opt.altitude) { drive.altitude = altitude }
    drive.turns = !arguments.has(Opt.noTurns)
    drive.stops = !arguments.has(Opt.noStops)
    drive.fixLoss = !arguments.has(Opt.noFixLoss)
    if arguments.has(Opt.stopAt) { drive.stopPlan = try arguments.all(Opt.stopAt) }
    if let sentence = try arguments.value(Opt.headingSentence) {
      drive.headingSentence = sentence
    }
    if let start = try arguments.value(Opt.startTime) { drive.startTime = start }
    return .drive(drive)
  }

  /// Why the simulator could not start: its --link (77 when the directory may not be
  /// written, 75 when another simulator's link is there), or its capture.
  static func startFailure(_ error: ReceiverError, link: String?) -> LocateError {
    guard let link, error.path == link else {
      return FailureMapping.receiver(
        error, source: .file(path: error.path, pacing: .asFastAsPossible))
    }
    let remedy = "choose a --link path in a directory you may write, e.g. /tmp/gps"
    switch error.code {
    case .permissionDenied:
      return LocateError(
        .permissionDenied, link, "cannot make the link: permission denied", remedy: remedy)
    case .busy:
      return LocateError(
        .busy, link, "in use: it points to a running pseudo-terminal (another locate simulate?)",
        remedy: "stop that simulator, or choose another --link path")
    case .notFound:
      return LocateError(.usage, link, "cannot make the link: no such directory", remedy: remedy)
    case .invalidSource(let why):
      return LocateError(.usage, link, why, remedy: "choose another --link path")
    default:
      return LocateError(
        .ioError, link, "cannot make the link: " + Errno(rawValue: error.errno).description,
        remedy: remedy)
    }
  }

  /// `AT,SECONDS`: a planned stop.
  private static func plannedStop(_ text: String) throws(LocateError) -> DriveStop {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let at = Double(parts[0]), let duration = Double(parts[1]),
      at >= 0, duration > 0, at.isFinite, duration.isFinite
    else {
      throw LocateError(
        .usage, "--stop-at '\(text)'", "not AT,SECONDS (two numbers, SECONDS above 0)",
        remedy: "e.g. --stop-at 120,420 brakes 2 minutes in and stands 7 minutes")
    }
    return DriveStop(at: at, duration: duration)
  }
}
