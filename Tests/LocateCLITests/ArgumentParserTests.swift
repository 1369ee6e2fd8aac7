import Testing

@testable import LocateCLI

/// The option parser on its own: every form of option, `--`, negative numbers, errors.
@Suite struct ArgumentParserTests {
  static let verbose = FlagOption("verbose", "v", "v")
  static let json = FlagOption("json", "j", "j")
  static let timeout = TypedOption.text("timeout", "t", "SECONDS", "t")
  static let points = TypedOption.text("points", "p", "FILE", "p", repeatable: true)
  static let realtime = TypedOption<String>(
    spec: OptionSpec(long: "realtime", short: nil, kind: .optionalValue("SPEED"), help: "r")
  ) { _, text, _ in text }
  let parser = ArgumentParser(
    options: [verbose.spec, json.spec, timeout.spec, points.spec, realtime.spec],
    command: "distance", maximumPositionals: nil)

  @Test func longOptionsWithSpaceAndEquals() throws {
    let parsed = try parser.parse(["--timeout", "30", "--verbose", "--points=a.csv"])
    #expect(try parsed.value(Self.timeout) == "30")
    #expect(parsed.has(Self.verbose))
    #expect(try parsed.all(Self.points) == ["a.csv"])
    #expect(parsed.positionals.isEmpty)
  }

  @Test func shortOptionsClusteredAndAttached() throws {
    let parsed = try parser.parse(["-vj", "-t5", "-p", "b.csv"])
    #expect(parsed.has(Self.verbose) && parsed.has(Self.json))
    #expect(try parsed.value(Self.timeout) == "5")
    #expect(try parsed.all(Self.points) == ["b.csv"])
  }

  @Test func flagThenValueInOneCluster() throws {
    let parsed = try parser.parse(["-vt", "7"])
    #expect(parsed.has(Self.verbose))
    #expect(try parsed.value(Self.timeout) == "7")
  }

  @Test func repeatedOptionsKeepAllOrTheLast() throws {
    let parsed = try parser.parse(["-p", "a", "--points", "b", "-t", "1", "--timeout=2"])
    #expect(try parsed.all(Self.points) == ["a", "b"])
    #expect(try parsed.value(Self.timeout) == "2")
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try parser.parse(["--json", "--", "--verbose", "-t"])
    #expect(parsed.has(Self.json))
    #expect(!parsed.has(Self.verbose))
    #expect(parsed.positionals == ["--verbose", "-t"])
  }

  @Test func negativeNumbersArePositionalsAndValues() throws {
    let parsed = try parser.parse(["-33.9,18.4", "--timeout", "-1", "-.5,3", "x=-1,2"])
    #expect(parsed.positionals == ["-33.9,18.4", "-.5,3", "x=-1,2"])
    #expect(try parsed.value(Self.timeout) == "-1")
  }

  @Test("an optional value: with =, or a plain number after it (--realtime 4)")
  func optionalValue() throws {
    let bare = try parser.parse(["--realtime", "file"])
    #expect(try bare.value(Self.realtime) == "")
    #expect(bare.positionals == ["file"])
    #expect(try parser.parse(["--realtime=4"]).value(Self.realtime) == "4")
    #expect(try parser.parse(["--realtime", "4"]).value(Self.realtime) == "4")
    #expect(try parser.parse(["--realtime", "0.5"]).value(Self.realtime) == "0.5")
    let point = try parser.parse(["--realtime", "48.1,11.5"])
    #expect(try point.value(Self.realtime) == "" && point.positionals == ["48.1,11.5"])
  }

  @Test(arguments: [
    (["--frobnicate"], "locate: --frobnicate: unknown option (see 'locate distance --help')"),
    (["-x"], "locate: -x: unknown option (see 'locate distance --help')"),
    (["--timeout"], "locate: --timeout: needs a value (see 'locate distance --help')"),
    (["-t"], "locate: -t: needs a value (see 'locate distance --help')"),
    (["--verbose=yes"], "locate: --verbose: takes no value (see 'locate distance --help')"),
    (["--json=", "x"], "locate: --json: takes no value (see 'locate distance --help')"),
  ])
  func errors(arguments: [String], message: String) {
    #expect(throws: LocateError.self) { try parser.parse(arguments) }
    do {
      _ = try parser.parse(arguments)
    } catch {
      #expect(error.description == message)
      #expect(error.status == .usage)
    }
  }

  @Test func tooManyPositionals() {
    let strict = ArgumentParser(options: [], command: "current", maximumPositionals: 0)
    do {
      _ = try strict.parse(["extra"])
      Issue.record("accepted a positional")
    } catch {
      #expect(
        error.description == "locate: 'extra': unexpected argument (see 'locate current --help')")
    }
  }

  @Test func dashAloneIsAPositional() throws {
    #expect(try parser.parse(["-"]).positionals == ["-"])
  }

  @Test func synopsisShowsEveryKind() {
    #expect(OptionSpec.flag("verbose", "v", "").synopsis == "-v, --verbose")
    #expect(OptionSpec.value("to", nil, "LAT,LON", "").synopsis == "    --to LAT,LON")
    let optional = OptionSpec(long: "realtime", short: nil, kind: .optionalValue("SPEED"), help: "")
    #expect(optional.synopsis == "    --realtime[=SPEED]")
  }

  /// Options are read through their typed declarations: the value converted, with the
  /// declaration's usage error, and a flag given or not.
  @Test("typed options: values converted, errors named after the option")
  func typedOptions() throws {
    let count = TypedOption.integer(
      "count", "n", "N", "stop after N fixes", in: 1...Int.max, example: "10")
    let activity = TypedOption.choice(
      "activity", nil, "TYPE", "a", [("fitness", 1), ("airborne", 2)])
    let noPause = FlagOption("no-pause", nil, "p")
    let watch = ArgumentParser(
      options: [count.spec, activity.spec, noPause.spec], command: "watch")
    let parsed = try watch.parse(["-n", "12", "--activity", "AIRBORNE"])
    #expect(try parsed.value(count) == 12)
    #expect(try parsed.value(activity) == 2)
    #expect(!parsed.has(noPause))
    #expect(try watch.parse([]).value(count) == nil)
    #expect(try watch.parse(["--no-pause"]).has(noPause))
    #expect(throws: LocateError.self) { try watch.parse(["--count", "0"]).value(count) }
    do {
      _ = try watch.parse(["--count", "x"]).value(count)
    } catch {
      #expect(
        error.description == "locate: --count 'x': not a whole number (e.g. --count 10)")
    }
  }
}
