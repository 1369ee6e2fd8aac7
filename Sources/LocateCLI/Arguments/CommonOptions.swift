import Foundation
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
    .value("baud", "b", "RATE", "serial speed: 4800…921600, or auto to hunt it (default auto)"),
    OptionSpec(
      long: "realtime", short: nil, kind: .optionalValue("SPEED"),
      help: "replay a capture FILE at its own pace, SPEED times real time (default 1)"),
    .flag("lenient", nil, "accept sentences that carry no checksum"),
  ]

  /// How results are printed.
  static let output: [OptionSpec] = [
    .flag("json", "j", "one JSON object per line (gpsd's names and units)"),
    .value("format", "f", "FORMAT", "text, json, gpx, geojson or csv (default text)"),
    .flag("no-color", nil, "no colour, even on a terminal (so does NO_COLOR)"),
    .flag("verbose", "v", "show progress and device notes on stderr, even when not a terminal"),
  ]

  /// Rates a serial port can be set to.
  static let standardRates = [
    1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 576000, 921600,
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
    if let text = arguments.value("baud"), text.lowercased() != "auto" {
      let rate = try values.integer("baud", text, in: 1...4_000_000, example: "9600")
      guard standardRates.contains(rate) else {
        throw LocateError(
          .usage, "--baud \(text)", "not a standard serial rate",
          remedy: "use 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600 or auto")
      }
      baud = .fixed(rate)
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
    if let path = arguments.value("device") ?? environment["LOCATE_DEVICE"], !path.isEmpty {
      return .device(path: path, baud: baud)
    }
    return .discover(baud: baud)
  }

  private static func inputSource(
    _ input: String, _ arguments: ParsedArguments, _ values: ValueParsing
  ) throws(LocateError) -> ReceiverSource {
    let isFile = input != "-" && !input.contains("://")
    if arguments.has("realtime") && !isFile {
      throw LocateError.usage(
        "--realtime", "applies to --input FILE only", command: values.command)
    }
    if input == "-" { return .standardInput }
    if input.hasPrefix("tcp://") {
      let (host, port) = try hostAndPort(input, defaultPort: nil, values)
      return .tcp(host: host, port: port)
    }
    if input.hasPrefix("gpsd://") {
      let (host, port) = try hostAndPort(input, defaultPort: 2947, values)
      return .gpsd(host: host, port: port)
    }
    if input.contains("://") {
      throw LocateError(
        .usage, "--input '\(input)'", "unknown scheme",
        remedy: "use a FILE, -, tcp://HOST:PORT or gpsd://HOST[:PORT]")
    }
    try InputFile.checkReadable(input, what: input)
    var pacing = Pacing.asFastAsPossible
    if let speed = arguments.value("realtime") {
      pacing = .realtime(
        speed: speed.isEmpty
          ? 1 : try values.positive("realtime", speed, what: "times real time", example: "2"))
    }
    return .file(path: input, pacing: pacing)
  }

  /// `tcp://HOST:PORT`, `gpsd://[::1]:2947`.
  private static func hostAndPort(_ url: String, defaultPort: UInt16?, _ values: ValueParsing)
    throws(LocateError) -> (String, UInt16)
  {
    let scheme = url.prefix(while: { $0 != ":" })
    var rest = Substring(url.dropFirst(scheme.count + 3))
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    var host: Substring
    var portText: Substring?
    if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
      host = rest[rest.index(after: rest.startIndex)..<close]
      let after = rest[rest.index(after: close)...]
      if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { host = "" }
    } else if let colon = rest.lastIndex(of: ":") {
      host = rest[..<colon]
      portText = rest[rest.index(after: colon)...]
    } else {
      host = rest
    }
    let example = scheme == "tcp" ? "tcp://localhost:10110" : "gpsd://localhost:2947"
    guard !host.isEmpty, !host.contains("/") else {
      throw LocateError(.usage, "--input '\(url)'", "no host", remedy: "e.g. --input \(example)")
    }
    guard let portText else {
      guard let defaultPort else {
        throw LocateError(.usage, "--input '\(url)'", "no port", remedy: "e.g. --input \(example)")
      }
      return (String(host), defaultPort)
    }
    guard let port = UInt16(portText), port > 0 else {
      throw LocateError(
        .usage, "--input '\(url)'", "'\(portText)' is not a port (1-65535)",
        remedy: "e.g. --input \(example)")
    }
    return (String(host), port)
  }

  /// The checksum policy `--lenient` asks for.
  static func checksumPolicy(_ arguments: ParsedArguments) -> ChecksumPolicy {
    arguments.has("lenient") ? .lenient : .strict
  }
}
