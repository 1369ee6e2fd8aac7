import JSON
import LocationEngine
import Platform
import Receivers
import TimeService

/// `locate time`: the receiver's UTC against the system clock, and a clock step for a
/// computer that booted without a real-time clock.
enum TimeCommand: Command {
  static let name = "time"
  static let summary = "compare the system clock with the receiver's time (and set it)"
  static let usage = ["locate time [OPTIONS]"]
  static let about = """
    Reads --epochs fixes (default 5) and prints the receiver's UTC time of the last one
    against the system clock at the arrival of its first byte: how far the system clock is
    ahead or behind, the spread of that offset over the epochs (mean, standard deviation,
    range), whether a time service disciplines the system clock (adjtimex: STA_UNSYNC, the
    clock state, its maximum and estimated errors), and leap-second information where the
    receiver gives it (u-blox's PUBX,04, Garmin's PGRMF; standard NMEA has none) or the
    kernel holds a leap second. The offset includes the receiver's delay in sending each
    epoch, tens to hundreds of milliseconds (see the README: what to expect per baud rate).
    With --set-clock, a system clock further than --step-threshold from the receiver (a
    Raspberry Pi that booted in 1970) is stepped once to the receiver's time plus the time
    since that epoch's first byte; that needs root (CAP_SYS_TIME): without it, status 77.
    A capture has no arrival times: only a live receiver is read. With --json, a TIME
    object. No fix before --timeout is status 3.
    """
  static let epochs = TypedOption.integer(
    "epochs", "n", "N", "measure N fixes (default 5)", in: 1...100_000, example: "10")
  static let setClock = FlagOption(
    "set-clock", nil, "step the system clock to the receiver's time when it is off")
  static let stepThreshold = TypedOption.number(
    "step-threshold", nil, "SECONDS",
    "with --set-clock, step only when the clock is further off than this (default 1)",
    in: 0...ValueParsing.largest, what: "seconds", example: "1")
  static let options: [OptionSpec] =
    [epochs.spec, FixRequest.timeout.spec, setClock.spec, stepThreshold.spec]
    + CommonOptions.source
    + [CommonOptions.json.spec, CommonOptions.verbose.spec, CommonOptions.help]
  static let exitStatuses: [ExitStatus] = [
    .ok, .usage, .unavailable, .software, .ioError, .busy, .noNMEA, .permissionDenied, .noFix,
    .receiverLost, .interrupted, .quit,
  ]
  static let examples = [
    ("locate time", "how far the system clock is from the receiver's time"),
    ("locate time --epochs 30 --json", "a TIME object with the offset's spread over 30 fixes"),
    ("sudo locate time --set-clock", "a board without a real-time clock: set the clock once"),
  ]

  static func run(_ arguments: ParsedArguments, _ context: Context) async throws(LocateError) {
    let source = try CommonOptions.source(
      arguments, environment: context.environment, command: name)
    guard source.isLive else {
      throw LocateError.usage(
        "--input", "a capture has no arrival times: time reads a live receiver", command: name)
    }
    let epochs = try arguments.value(Self.epochs) ?? 5
    let timeout = try FixRequest.timeout(in: arguments)
    let threshold = try arguments.value(stepThreshold) ?? 1
    if arguments.has(stepThreshold) && !arguments.has(setClock) {
      throw LocateError.usage(
        "--step-threshold", "applies with --set-clock only", command: name)
    }
    let measurement = TimeMeasurement(epochs: epochs)
    var options = LocationServiceOptions(source: source)
    options.checksumPolicy = CommonOptions.checksumPolicy(arguments)
    options.pausesAutomatically = false
    options.deliversSkyViews = false
    options.deliversSentences = true
    options.epochTiming = { measurement.epoch($0) }
    let service = LocationService(options: options)
    measurement.measure(service)
    let status = context.statusLine(arguments)
    let observer = RequestObserver(status: status)
    let finish: @Sendable () -> Void = { service.finish() }
    let completion = await context.interruptible(stopAfter: timeout, stop: finish) {
      () async throws(LocateError) in
      do {
        try await service.observe { event in
          observer.handle(event)
          switch event {
          case .sentences(let bytes):
            measurement.sentences(bytes)
          case .authorization(_, let state), .device(let state):
            if !observer.snapshot.connected,
              let refusal = FailureMapping.refusal(state, source: source)
            {
              throw refusal
            }
            if case .connected(let path, _) = state { measurement.connected(path) }
          default:
            break
          }
        }
      } catch {
        try FailureMapping.updatesEnded(
          error, seen: observer.snapshot, source: source, afterFixes: false)
      }
    }
    status.clear()
    guard case .finished(let result) = completion, context.signals.received == nil else {
      throw .quiet(context.signals.stopStatus)
    }
    try result.get()
    let measured = measurement.snapshot
    guard let last = measured.timings.last, let reference = last.receiverTime else {
      throw noTime(observer.snapshot, source: source, timeout: timeout)
    }
    var report = TimeReport(measured: measured, clock: try? KernelClock.status(), step: nil)
    if arguments.has(setClock) {
      report.step = try step(
        ClockStep(
          reference: reference, system: last.firstByteRealtime,
          monotonic: last.firstByteMonotonic),
        threshold: Int64(threshold * 1e9))
    }
    try context.output.write(arguments.has(CommonOptions.json) ? report.json : report.text)
  }

  /// Steps the clock when it is further than `threshold` ns off.
  private static func step(_ step: ClockStep, threshold: Int64) throws(LocateError)
    -> TimeReport.StepOutcome
  {
    switch step.decide(threshold: threshold) {
    case .within(let ahead):
      return .within(ahead: ahead, threshold: threshold)
    case .step(let ahead):
      do {
        let time = try step.apply()
        return .stepped(by: ahead, to: time)
      } catch {
        if error == .notPermitted || error == .accessDenied {
          throw LocateError(
            .permissionDenied, "--set-clock",
            "setting the system clock needs root (CAP_SYS_TIME): it is "
              + JSONText.fixed(Double(ahead.magnitude) / 1e9, 3) + " s "
              + (ahead < 0 ? "behind" : "ahead of") + " the receiver",
            remedy: "run it as root: sudo locate time --set-clock")
        }
        throw LocateError(.software, "--set-clock", "clock_settime failed: \(error)")
      }
    }
  }

  /// Why no time came: the receiver lost, or no fix before the timeout.
  private static func noTime(
    _ seen: RequestObserver.Seen, source: ReceiverSource, timeout: Double
  ) -> LocateError {
    if let state = seen.state, let lost = FailureMapping.lost(state, source: source) { return lost }
    return LocateError(
      .noFix, "no fix within " + JSONText.shortest(timeout) + " s",
      seen.progress.map(\.satellitesText) ?? "the receiver reported no satellites",
      remedy: "the receiver's time counts once it has a fix: give the antenna a clear view of"
        + " the sky, or wait longer with --timeout")
  }
}
