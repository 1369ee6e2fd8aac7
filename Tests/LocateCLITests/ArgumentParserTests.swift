import Testing

@testable import LocateCLI

/// The option parser on its own: every form of option, `--`, negative numbers, errors.
@Suite struct ArgumentParserTests {
  let parser = ArgumentParser(
    options: [
      .flag("verbose", "v", "v"), .flag("json", "j", "j"),
      .value("timeout", "t", "SECONDS", "t"), .value("points", "p", "FILE", "p", repeatable: true),
      OptionSpec(long: "realtime", short: nil, kind: .optionalValue("SPEED"), help: "r"),
    ], command: "distance", maximumPositionals: nil)

  @Test func longOptionsWithSpaceAndEquals() throws {
    let parsed = try parser.parse(["--timeout", "30", "--verbose", "--points=a.csv"])
    #expect(parsed.value("timeout") == "30")
    #expect(parsed.has("verbose"))
    #expect(parsed.all("points") == ["a.csv"])
    #expect(parsed.positionals.isEmpty)
  }

  @Test func shortOptionsClusteredAndAttached() throws {
    let parsed = try parser.parse(["-vj", "-t5", "-p", "b.csv"])
    #expect(parsed.has("verbose") && parsed.has("json"))
    #expect(parsed.value("timeout") == "5")
    #expect(parsed.all("points") == ["b.csv"])
  }

  @Test func flagThenValueInOneCluster() throws {
    let parsed = try parser.parse(["-vt", "7"])
    #expect(parsed.has("verbose"))
    #expect(parsed.value("timeout") == "7")
  }

  @Test func repeatedOptionsKeepAllOrTheLast() throws {
    let parsed = try parser.parse(["-p", "a", "--points", "b", "-t", "1", "--timeout=2"])
    #expect(parsed.all("points") == ["a", "b"])
    #expect(parsed.value("timeout") == "2")
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try parser.parse(["--json", "--", "--verbose", "-t"])
    #expect(parsed.has("json"))
    #expect(!parsed.has("verbose"))
    #expect(parsed.positionals == ["--verbose", "-t"])
  }

  @Test func negativeNumbersArePositionalsAndValues() throws {
    let parsed = try parser.parse(["-33.9,18.4", "--timeout", "-1", "-.5,3", "x=-1,2"])
    #expect(parsed.positionals == ["-33.9,18.4", "-.5,3", "x=-1,2"])
    #expect(parsed.value("timeout") == "-1")
  }

  @Test("an optional value: with =, or a plain number after it (--realtime 4)")
  func optionalValue() throws {
    let bare = try parser.parse(["--realtime", "file"])
    #expect(bare.value("realtime") == "")
    #expect(bare.positionals == ["file"])
    #expect(try parser.parse(["--realtime=4"]).value("realtime") == "4")
    #expect(try parser.parse(["--realtime", "4"]).value("realtime") == "4")
    #expect(try parser.parse(["--realtime", "0.5"]).value("realtime") == "0.5")
    let point = try parser.parse(["--realtime", "48.1,11.5"])
    #expect(point.value("realtime") == "" && point.positionals == ["48.1,11.5"])
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
}
