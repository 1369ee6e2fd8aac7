import LocationEngine
import Receivers

/// The options `current` and `distance` share to ask for one fresh fix, and the asking.
enum FixRequest {
  /// The default `--timeout`: enough for a cold receiver to find its first fix outdoors.
  static let defaultTimeout = 120.0

  static let maxAge = TypedOption.number(
    "max-age", nil, "SECONDS",
    "oldest fix accepted as current (default 5); nothing older than the request is ever used",
    in: 0...ValueParsing.largest, what: "seconds", example: "5")
  static let accuracy = TypedOption.positive(
    "accuracy", "a", "METERS", "wait for a fix at least this accurate (horizontal)",
    what: "metres", example: "10")
  static let timeout = TypedOption.seconds(
    "timeout", "t", "give up after this long (default 120: a cold receiver can take minutes)",
    example: "300")

  /// `--max-age`, `--accuracy`, `--timeout`.
  static let options: [OptionSpec] = [maxAge.spec, accuracy.spec, timeout.spec]

  /// `--timeout`, or the default: more than 0, at most ``ValueParsing/largest``.
  static func timeout(in arguments: ParsedArguments) throws(LocateError) -> Double {
    try arguments.value(timeout) ?? defaultTimeout
  }

  /// One fix, as the options ask; progress shown on stderr; failures mapped to exit statuses.
  /// With a `deadline` (set when the command started), what is left of it is the wait.
  static func locate(
    _ arguments: ParsedArguments, _ context: Context, command: String,
    deadline: InputFile.Deadline? = nil
  ) async throws(LocateError) -> Fix {
    let source = try CommonOptions.source(
      arguments, environment: context.environment, command: command)
    var options = LocationServiceOptions(source: source)
    options.checksumPolicy = CommonOptions.checksumPolicy(arguments)
    options.date = try CommonOptions.date(arguments, command: command)
    if let maximumAge = try arguments.value(maxAge) { options.maximumAge = maximumAge }
    let accuracy = try arguments.value(Self.accuracy)
    if let accuracy { options.desiredAccuracy = accuracy }
    var timeout = try Self.timeout(in: arguments)
    if let deadline { timeout = max(0.001, deadline.secondsLeft) }
    let status = context.statusLine(arguments)
    let observer = RequestObserver(status: status)
    let service = LocationService(options: options)
    let wait = timeout
    let wanted = accuracy
    let completion = await context.interruptible { () async throws(LocateError) -> Fix in
      do throws(EngineError) {
        return try await service.currentLocation(
          timeout: wait, progress: { observer.handle($0) })
      } catch {
        let seen = observer.snapshot
        throw FailureMapping.request(
          error, seen: seen, source: source, timeout: wait, accuracy: wanted
        ).naming(uncheckedSentences: seen.uncheckedDropped)
      }
    }
    status.clear()
    guard case .finished(let result) = completion, context.signals.received == nil else {
      throw .quiet(context.signals.stopStatus)
    }
    return try result.get()
  }
}
