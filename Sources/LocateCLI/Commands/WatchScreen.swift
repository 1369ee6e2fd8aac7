@preconcurrency import Dispatch
import FoundationEssentials
import Geodesy
import LocationEngine
import Platform
import Receivers

/// `locate watch --screen`: the full-screen view (see ``ScreenRenderer``) instead of lines,
/// when standard output is a terminal that can show it; `watch`'s lines otherwise.
enum WatchScreen {
  /// The option and its help.
  static let flag = FlagOption(
    "screen", nil,
    "a full-screen view, redrawn in place: fix, satellites, sky plot, receiver (q quits);"
      + " lines when standard output is not a terminal")
  /// The option's spec, for `watch`'s list.
  static var option: OptionSpec { flag.spec }

  /// What `watch --help` says of it.
  static let about = """
    Full screen (--screen): on a terminal, the receiver at a glance on the alternate screen,
    redrawn in place at each epoch (only the cells that changed are written): the time (UTC,
    local, the fix's age), the position (decimal and DMS), altitude above mean sea level and
    the ellipsoid, speed, course, climb, fix mode and quality (2D/3D, DGPS, RTK float or
    fixed, dead reckoning), error estimates (eph, epv, epx, epy) and DOPs; the satellites of
    each constellation (signal, elevation, azimuth, SNR as a bar, used or not, counts used
    and in view); a sky plot (north up, ● used, ○ tracked, · no signal); the receiver
    (device, baud, talkers and sentences a second, sentences and fields ignored); each --to
    target (NAME=LAT,LON, repeatable here) and region. q or Ctrl-C quits, Ctrl-L redraws,
    Ctrl-Z suspends; the terminal is put back as it was however it ends (signals included).
    It follows the window's size (80x24 shows everything; smaller shows less), uses colour
    only on a colour terminal (never with --no-color or NO_COLOR), and ends as watch does:
    --count, --duration, a signal; at the end of a replay it stays until q. When standard
    output is not a terminal, or TERM is dumb or unset, watch prints its lines instead.
    """

  /// A `--to` target: `LAT,LON` (named after itself) or `NAME=LAT,LON`, in any notation
  /// `distance` reads.
  static func target(_ text: String, _ values: ValueParsing) throws(LocateError) -> NamedPoint {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      return NamedPoint(name: text, point: try values.point("to", text))
    }
    let name = String(text[..<equals])
    return NamedPoint(
      name: name, point: try values.point("to", String(text[text.index(after: equals)...])))
  }

  /// Refuses what the screen cannot show: another format than text, `--events-only`.
  static func check(_ arguments: ParsedArguments, format: OutputFormat) throws(LocateError) {
    if format != .text {
      throw LocateError(
        .usage, "--screen with --format \(format)", "the screen is for people, not programs",
        remedy: "leave out --screen for \(format), or --format for the screen")
    }
    if arguments.has(RegionOptions.eventsOnly) {
      throw LocateError.usage(
        "--screen and --events-only", "the screen shows everything", command: "watch")
    }
  }

  /// Whether the screen can be shown here.
  static func available(_ context: Context) -> Bool {
    TerminalScreen.available(
      stdoutIsTerminal: context.stdoutIsTerminal, environment: context.environment)
  }

  /// Runs the screen until the stream ends and, at the end of a replay, until `q` or a
  /// signal; the terminal is put back before this returns or throws.
  static func run(
    service: LocationService, source: ReceiverSource, limits: WatchLoop.Limits,
    wallClockLimit: Double?, targets: [NamedPoint], regions: RegionTracker,
    arguments: ParsedArguments, context: Context
  ) async throws(LocateError) {
    let terminal = TerminalScreen()
    let stopped = Locked(false)
    let finish: @Sendable () -> Void = {
      stopped.withLock { $0 = true }
      service.finish()
    }
    let model = ScreenModel(
      source: source.label,
      targets: targets.map { ScreenTarget(name: $0.name, point: $0.point) },
      regions: regions.entries.map { entry in
        ScreenRegion(
          name: entry.identifier,
          center: GeoPoint(latitude: entry.center.latitude, longitude: entry.center.longitude),
          radius: entry.radius, state: entry.state)
      })
    let colors =
      context.style(arguments).color && TerminalScreen.hasColors(context.environment)
    let painter = try ScreenPainter(
      terminal: terminal, colors: colors, model: model,
      counters: { service.receiverCounters() },
      onQuit: { DispatchQueue.global().async { finish() } })
    SharingNote.setHandler { note in painter.update { $0.shared(note, now: Date()) } }
    let loop = ScreenLoop(
      service: service, source: source, painter: painter,
      observer: RequestObserver(status: StatusLine(isTerminal: false, verbose: false)),
      limits: limits, stopRequested: { stopped.withLock { $0 } })
    do throws(LocateError) {
      try painter.start()
    } catch {
      terminal.close()
      throw error
    }
    let completion = await context.interruptible(stopAfter: wallClockLimit, stop: finish) {
      () async throws(LocateError) -> ScreenLoop.End in
      try await loop.run()
    }
    if case .finished(.success(.inputEnded)) = completion, terminal.keys != nil {
      painter.update { $0.ended = true }
      while !stopped.withLock({ $0 }) { try? await Task.sleep(nanoseconds: 50_000_000) }
    }
    painter.stop()
    terminal.close()
    SharingNote.setHandler(nil)
    let signal = context.signals.received
    switch completion {
    case .abandoned:
      throw .quiet(context.signals.stopStatus)
    case .finished(let result):
      _ = try result.get()
      if signal == Signal.quit.rawValue { throw .quiet(.quit) }
    }
  }
}
