import Foundation
import Receivers
import Testing

@testable import LocateCLI

/// Option values: numbers, distances, sources, formats.
@Suite struct OptionValueTests {
  let values = ValueParsing(command: "watch")

  func parse(_ arguments: [String]) throws -> ParsedArguments {
    try ArgumentParser(
      options: CommonOptions.source + CommonOptions.output, command: "watch"
    ).parse(arguments)
  }

  func source(_ arguments: [String], environment: [String: String] = [:]) throws
    -> ReceiverSource
  {
    try CommonOptions.source(try parse(arguments), environment: environment, command: "watch")
  }

  func message(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as LocateError {
      return error.description
    } catch {
      return "\(error)"
    }
  }

  @Test(arguments: [
    ("50km", 50_000.0), ("3 nmi", 5556.0), ("2mi", 3218.688), ("800", 800_000.0),
    ("800m", 800.0), ("0.5KM", 500.0),
  ])
  func distances(text: String, metres: Double) throws {
    #expect(try values.distance("within", text, defaultUnit: .km) == metres)
  }

  @Test func badDistance() {
    #expect(
      message { _ = try values.distance("within", "far", defaultUnit: .km) }
        == "locate: --within 'far': not a distance (give a number with an optional unit m, km, "
        + "mi or nmi, e.g. --within 50km)")
    #expect(message { _ = try values.distance("within", "-5km", defaultUnit: .km) } != nil)
  }

  @Test func numbers() throws {
    #expect(try values.positive("timeout", "2.5", what: "seconds", example: "1") == 2.5)
    #expect(
      message { _ = try values.positive("timeout", "0", what: "seconds", example: "300") }
        == "locate: --timeout 0: must be more than 0 seconds (e.g. --timeout 300)")
    #expect(
      message { _ = try values.positive("timeout", "nan", what: "seconds", example: "300") }
        == "locate: --timeout 'nan': not a number of seconds (e.g. --timeout 300)")
    #expect(
      message { _ = try values.integer("count", "0", in: 1...Int.max, example: "10") }
        == "locate: --count 0: must be at least 1 (e.g. --count 10)")
    #expect(
      message { _ = try values.integer("rate", "11", in: 1...10, example: "5") }
        == "locate: --rate 11: must be from 1 to 10 (e.g. --rate 5)")
  }

  @Test func sources() throws {
    #expect(try source([]) == .discover(baud: .auto))
    #expect(
      try source([], environment: ["LOCATE_DEVICE": "/dev/ttyX"])
        == .device(path: "/dev/ttyX", baud: .auto))
    #expect(
      try source(
        ["--device", "/dev/ttyA", "--baud", "4800"], environment: ["LOCATE_DEVICE": "/dev/ttyX"])
        == .device(path: "/dev/ttyA", baud: .fixed(4800)))
    #expect(try source(["-b", "auto"]) == .discover(baud: .auto))
    #expect(try source(["--input", "-"]) == .standardInput)
    #expect(try source(["--input", "tcp://10.0.0.2:10110"]) == .tcp(host: "10.0.0.2", port: 10110))
    #expect(try source(["--input", "gpsd://localhost"]) == .gpsd(host: "localhost", port: 2947))
    #expect(try source(["--input", "gpsd://[::1]:3000/"]) == .gpsd(host: "::1", port: 3000))
    let capture = Paths.simulatedDrive
    #expect(try source(["--input", capture]) == .file(path: capture, pacing: .asFastAsPossible))
    #expect(
      try source(["--input", capture, "--realtime"])
        == .file(path: capture, pacing: .realtime(speed: 1)))
    #expect(
      try source(["--input", capture, "--realtime=4"])
        == .file(path: capture, pacing: .realtime(speed: 4)))
  }

  @Test(arguments: [
    (
      ["--device", "/dev/a", "--input", "-"],
      "locate: --device and --input: name one source, not both (see 'locate watch --help')"
    ),
    (
      ["--baud", "12345"],
      "locate: --baud 12345: not a standard serial rate (use auto or one of 4800, 9600, 19200, "
        + "38400, 57600, 115200, 230400, 460800, 500000, 576000, 921600)"
    ),
    (
      ["--input", "-", "--baud", "9600"],
      "locate: --baud: applies to serial devices, not --input (see 'locate watch --help')"
    ),
    (
      ["--realtime"], "locate: --realtime: applies to --input FILE only (see 'locate watch --help')"
    ),
    (
      ["--input", "-", "--realtime"],
      "locate: --realtime: applies to --input FILE only (see 'locate watch --help')"
    ),
    (
      ["--input", "tcp://host"],
      "locate: --input 'tcp://host': expected tcp://HOST:PORT (see 'locate watch --help')"
    ),
    (
      ["--input", "tcp://host:99999"],
      "locate: --input 'tcp://host:99999': expected tcp://HOST:PORT (see 'locate watch --help')"
    ),
    (
      ["--input", "udp://host:1"],
      "locate: --input 'udp://host:1': unknown kind of input; use a file, -, tcp://HOST:PORT or "
        + "gpsd://HOST (see 'locate watch --help')"
    ),
    (
      ["--input", "/nonexistent.nmea"],
      "locate: /nonexistent.nmea: no such file or directory (check the path)"
    ),
    (["--input", "/tmp"], "locate: /tmp: is a directory (give a file)"),
  ])
  func sourceErrors(arguments: [String], expected: String) {
    #expect(message { _ = try source(arguments) } == expected)
  }

  @Test func formats() throws {
    #expect(
      try OutputFormat.chosen(parse([]), allowed: OutputFormat.allCases, command: "watch") == .text)
    #expect(
      try OutputFormat.chosen(parse(["-j"]), allowed: OutputFormat.allCases, command: "watch")
        == .json)
    #expect(
      try OutputFormat.chosen(
        parse(["--format", "GPX"]), allowed: OutputFormat.allCases, command: "watch")
        == .gpx)
    #expect(
      message {
        _ = try OutputFormat.chosen(
          parse(["--json", "--format", "csv"]), allowed: OutputFormat.allCases, command: "watch")
      } == "locate: --json and --format csv: choose one output format (see 'locate watch --help')")
    #expect(
      message {
        _ = try OutputFormat.chosen(
          parse(["-f", "kml"]), allowed: OutputFormat.allCases, command: "watch")
      }
        == "locate: --format 'kml': not one of text, json, gpx, geojson, csv (see 'locate watch --help')"
    )
  }

  @Test func colour() {
    #expect(Style.decide(isTerminal: true, noColorOption: false, environment: [:]).color)
    #expect(!Style.decide(isTerminal: false, noColorOption: false, environment: [:]).color)
    #expect(!Style.decide(isTerminal: true, noColorOption: true, environment: [:]).color)
    #expect(
      !Style.decide(isTerminal: true, noColorOption: false, environment: ["NO_COLOR": "1"]).color)
    #expect(
      Style.decide(isTerminal: true, noColorOption: false, environment: ["NO_COLOR": ""]).color)
    #expect(Style(color: true).bold("x") == "\u{1B}[1mx\u{1B}[0m")
    #expect(Style.plain.bold("x") == "x")
  }
}
