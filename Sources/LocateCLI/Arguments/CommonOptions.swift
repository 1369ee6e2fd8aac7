import NMEA
import Receivers

/// The options shared by the commands that read a receiver, and by the ones that print.
enum CommonOptions {
  /// `--help`, on every command.
  static let help = FlagOption("help", "h", "show this help and exit").spec

  static let device = TypedOption.text(
    "device", "d", "PATH",
    "the receiver's serial device (default: $LOCATE_DEVICE, else the first one found)")
  static let input = TypedOption.text(
    "input", "i", "SOURCE",
    "read NMEA from a capture FILE, - (standard input), tcp://HOST:PORT or gpsd://HOST[:PORT]")
  static let baud = TypedOption<BaudSetting>(
    "baud", "b", "RATE",
    "serial speed: 4800…921600, or auto to hunt it (default auto); not applied when joining"
      + " another locate that holds the device: its rate holds"
  ) { _, text, _ throws(LocateError) in
    do {
      return try BaudSetting(parsing: text.lowercased())
    } catch {
      let rates = BaudSetting.standardRates.map(String.init).joined(separator: ", ")
      throw LocateError(
        .usage, "--baud \(text)", "not a standard serial rate",
        remedy: "use auto or one of \(rates)")
    }
  }
  /// `--realtime[=SPEED]`: the speed, 1 when none is given.
  static let realtime = TypedOption<Double>(
    spec: OptionSpec(
      long: "realtime", short: nil, kind: .optionalValue("SPEED"),
      help: "replay a capture FILE at its own pace, SPEED times real time (default 1)")
  ) { name, text, values throws(LocateError) in
    text.isEmpty ? 1 : try values.positive(name, text, what: "times real time", example: "2")
  }
  static let lenient = FlagOption(
    "lenient", nil,
    "also read sentences that carry no checksum (strict by default: they are dropped, and said"
      + " so)")
  static let date = TypedOption<NMEADate>(
    "date", nil, "YYYY-MM-DD",
    "the UTC date of the first fix, for a receiver or capture that sends none (its own win)"
  ) { _, text, _ throws(LocateError) in try parseDate(text) }

  /// Where the NMEA comes from.
  static let source: [OptionSpec] = [
    device.spec, input.spec, baud.spec, realtime.spec, lenient.spec, date.spec,
  ]

  static let json = FlagOption("json", "j", "one JSON object per line (gpsd's names and units)")
  static let format = TypedOption.text(
    "format", "f", "FORMAT", "text, json, gpx, geojson or csv (default text)")
  static let noColor = FlagOption(
    "no-color", nil, "no colour, even on a terminal (so does NO_COLOR)")
  static let verbose = FlagOption(
    "verbose", "v", "show progress and device notes on stderr, even when not a terminal")

  /// How results are printed.
  static let output: [OptionSpec] = [json.spec, format.spec, noColor.spec, verbose.spec]

  /// The source the options name: `--input`, `--device`, `$LOCATE_DEVICE`, or discovery.
  static func source(
    _ arguments: ParsedArguments, environment: [String: String], command: String
  ) throws(LocateError) -> ReceiverSource {
    let values = ValueParsing(command: command)
    if arguments.has(Self.device) && arguments.has(Self.input) {
      throw LocateError.usage(
        "--device and --input", "name one source, not both", command: command)
    }
    let baud = try arguments.value(Self.baud) ?? .auto
    if let input = try arguments.value(Self.input) {
      if arguments.has(Self.baud) {
        throw LocateError.usage(
          "--baud", "applies to serial devices, not --input", command: command)
      }
      return try inputSource(input, arguments, values)
    }
    if arguments.has(realtime) {
      throw LocateError.usage("--realtime", "applies to --input FILE only", command: command)
    }
    if let path = try arguments.value(Self.device) ?? ReceiverSource.environmentDevice(environment),
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
    if let speed = try arguments.value(realtime) { pacing = .realtime(speed: speed) }
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
    } else if arguments.has(realtime) {
      throw LocateError.usage(
        "--realtime", "applies to --input FILE only", command: values.command)
    }
    return source
  }

  /// The date `--date YYYY-MM-DD` gives, if any.
  static func date(_ arguments: ParsedArguments, command: String) throws(LocateError) -> NMEADate? {
    try arguments.value(date)
  }

  /// `YYYY-MM-DD`, from 1980 on.
  private static func parseDate(_ text: String) throws(LocateError) -> NMEADate {
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
    arguments.has(lenient) ? .lenient : .strict
  }
}
