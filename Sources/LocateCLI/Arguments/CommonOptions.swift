import NMEA
import Receivers

/// The options shared by the commands that read a receiver, and by the ones that print.
enum CommonOptions {
  /// `--help`, on every command.
  static let help = OptionSpec.flag("help", "h", "show this help and exit")

  /// Where the NMEA comes from.
  static let source: [OptionSpec] = [
    .value(
      "device", "d", "PATH",
      "the receiver's serial device (default: $LOCATE_DEVICE, else the first one found)"),
    .value(
      "input", "i", "SOURCE",
      "read NMEA from a capture FILE, - (standard input), tcp://HOST:PORT or gpsd://HOST[:PORT]"),
    .value(
      "baud", "b", "RATE",
      "serial speed: 4800…921600, or auto to hunt it (default auto); not applied when joining"
        + " another locate that holds the device: its rate holds"),
    OptionSpec(
      long: "realtime", short: nil, kind: .optionalValue("SPEED"),
      help: "replay a capture FILE at its own pace, SPEED times real time (default 1)"),
    .flag(
      "lenient", nil,
      "also read sentences that carry no checksum (strict by default: they are dropped, and said"
        + " so)"),
    .value(
      "date", nil, "YYYY-MM-DD",
      "the UTC date of the first fix, for a receiver or capture that sends none (its own win)"),
  ]

  /// How results are printed.
  static let output: [OptionSpec] = [
    .flag("json", "j", "one JSON object per line (gpsd's names and units)"),
    .value("format", "f", "FORMAT", "text, json, gpx, geojson or csv (default text)"),
    .flag("no-color", nil, "no colour, even on a terminal (so does NO_COLOR)"),
    .flag("verbose", "v", "show progress and device notes on stderr, even when not a terminal"),
  ]

  /// The source the options name: `--input`, `--device`, `$LOCATE_DEVICE`, or discovery.
  static func source(
    _ arguments: ParsedArguments, environment: [String: String], command: String
  ) throws(LocateError) -> ReceiverSource {
    let values = ValueParsing(command: command)
    if arguments.has("device") && arguments.has("input") {
      throw LocateError.usage(
        "--device and --input", "name one source, not both", command: command)
    }
    var baud = BaudSetting.auto
    if let text = arguments.value("baud") {
      do {
        baud = try BaudSetting(parsing: text.lowercased())
      } catch {
        let rates = BaudSetting.standardRates.map(String.init).joined(separator: ", ")
        throw LocateError(
          .usage, "--baud \(text)", "not a standard serial rate",
          remedy: "use auto or one of \(rates)")
      }
    }
    if let input = arguments.value("input") {
      if arguments.has("baud") {
        throw LocateError.usage(
          "--baud", "applies to serial devices, not --input", command: command)
      }
      return try inputSource(input, arguments, values)
    }
    if arguments.has("realtime") {
      throw LocateError.usage("--realtime", "applies to --input FILE only", command: command)
    }
    if let path = arguments.value("device") ?? ReceiverSource.environmentDevice(environment),
      !path.isEmpty
    {
      return .device(path: path, baud: baud)
    }
    return .discover(baud: baud)
  }

  private static func inputSource(
    _ input: String, _ arguments: ParsedArguments, _ values: ValueParsing
  ) throws(LocateError) -> ReceiverSource {
    var pacing = Pacing.asFastAsPossible
    if let speed = arguments.value("realtime") {
      pacing = .realtime(
        speed: speed.isEmpty
          ? 1 : try values.positive("realtime", speed, what: "times real time", example: "2"))
    }
    let source: ReceiverSource
    do {
      source = try ReceiverSource(input: input, pacing: pacing)
    } catch {
      guard case .invalidSource(let why) = error.code else {
        throw FailureMapping.receiver(error, source: .standardInput)
      }
      throw LocateError(
        .usage, "--input '\(input)'", why, remedy: "see 'locate \(values.command) --help'")
    }
    if case .file(let path, _) = source {
      try InputFile.checkReadable(path, what: path)
    } else if arguments.has("realtime") {
      throw LocateError.usage(
        "--realtime", "applies to --input FILE only", command: values.command)
    }
    return source
  }

  /// The date `--date YYYY-MM-DD` gives, if any.
  static func date(_ arguments: ParsedArguments, command: String) throws(LocateError) -> NMEADate? {
    guard let text = arguments.value("date") else { return nil }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int16(parts[0]), let month = UInt8(parts[1]), let day = UInt8(parts[2]),
      (1...12).contains(month), day >= 1, day <= NMEADate.days(inMonth: month, of: year),
      year >= 1980
    else {
      throw LocateError(
        .usage, "--date '\(text)'", "not a date from 1980 on as YYYY-MM-DD",
        remedy: "e.g. --date 2019-03-08")
    }
    return NMEADate(year: year, month: month, day: day)
  }

  /// The checksum policy `--lenient` asks for.
  static func checksumPolicy(_ arguments: ParsedArguments) -> ChecksumPolicy {
    arguments.has("lenient") ? .lenient : .strict
  }
}
