import Foundation
import Testing

@testable import LocateCLI

/// `--help` everywhere, `--version`, and the exit status table, through the built binary.
@Suite struct HelpEndToEndTests {
  /// The exit codes as the brief documents them, written out here independently of the code.
  static let exitTable = """
    Exit status:
        0  ok
       64  usage error (EX_USAGE)
       65  bad data in an input file, e.g. a malformed points file (EX_DATAERR)
       66  input file missing or unreadable (EX_NOINPUT)
       69  no receiver found (EX_UNAVAILABLE)
       70  internal error (EX_SOFTWARE)
       74  output error, e.g. disk full / stdout closed (EX_IOERR)
       75  receiver busy, held by another program or user; serve: address in use (EX_TEMPFAIL)
       76  bytes, but no NMEA: wrong baud rate or a binary protocol (EX_PROTOCOL)
       77  permission denied (EX_NOPERM)
        3  no fix before the timeout
        4  fixes came, but none accurate enough before the timeout or the end of the input
        5  receiver lost (unplugged or stream ended) before a fix
      130  interrupted (SIGINT, SIGTERM or SIGHUP) where that is not the normal end
      131  stopped by SIGQUIT (cleanly, as by SIGTERM)
      Piped into a program that stops reading (e.g. head), locate ends quietly with 0.

    """

  /// ``exitTable`` with only the codes `command` can return (``NewcomerEndToEndTests``).
  static func exitTable(for command: String) -> String {
    let codes = NewcomerEndToEndTests.exitCodes[command] ?? []
    return exitTable.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      guard let code = Int32(line.split(separator: " ").first ?? "") else { return true }
      return codes.contains(code)
    }.joined(separator: "\n")
  }

  @Test func version() throws {
    let result = try CLI.run(["--version"])
    #expect(result.stdout == "locate 0.1.0\n")
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func mainHelp(arguments: [String]) throws {
    let result = try CLI.run(arguments)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout == Locate.help)
    #expect(result.stdout.hasPrefix("locate — where am I"))
    #expect(result.stdout.contains(Self.exitTable))
    for command in ["current", "watch", "distance", "devices", "serve", "simulate"] {
      #expect(result.stdout.contains("\n  \(command) "), "\(command)")
    }
    #expect(
      result.stdout.contains(
        "For watch, serve and simulate, SIGINT, SIGTERM and SIGHUP are the normal end"))
  }

  @Test(arguments: ["current", "watch", "distance", "devices", "serve", "simulate"])
  func commandHelp(command: String) throws {
    let forms = [
      [command, "--help"], [command, "-h"], ["help", command], [command, "-v", "--help"],
    ]
    for arguments in forms {
      let result = try CLI.run(arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(result.stderr == "", "\(arguments)")
      #expect(result.stdout.hasPrefix("locate \(command) — "), "\(arguments)")
      #expect(result.stdout.contains("\nUsage: locate \(command)"), "\(arguments)")
      #expect(result.stdout.contains("\nExamples:\n  locate \(command)"), "\(arguments)")
      #expect(result.stdout.hasSuffix(Self.exitTable(for: command)), "\(arguments)")
      #expect(result.stdout.contains("  -h, --help"), "\(arguments)")
    }
  }

  @Test func everyOptionIsInItsHelp() throws {
    for command in Locate.commands {
      let help = try CLI.run([command.name, "--help"]).stdout
      for option in command.options {
        #expect(help.contains(option.synopsis + " ") || help.contains(option.synopsis + "\n"))
      }
    }
  }

  /// docs/locate.1 names every option of every command, and the exit status table.
  @Test func manPageDocumentsEveryOption() throws {
    let page = Files.text(Paths.root + "/docs/locate.1").replacingOccurrences(of: "\\-", with: "-")
    for command in Locate.commands {
      #expect(page.contains(".B \(command.name)\n"), "\(command.name)")
      for option in command.options {
        #expect(page.contains("--" + option.long), "\(command.name) --\(option.long)")
      }
    }
    for status in LocateCLI.ExitStatus.allCases {
      #expect(page.contains(".B \(status.rawValue)\n\(status.meaning)\n"), "\(status)")
    }
  }

  @Test func currentHelpStatesTheDefaultTimeout() throws {
    let help = try CLI.run(["current", "--help"]).stdout
    let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("-t, --timeout SECONDS give up after this long (default 120: a cold"))
    #expect(words.contains("a cold receiver can take minutes)"))
  }

  @Test func helpLinesFitInOneHundredColumns() throws {
    for arguments in [["--help"]] + Locate.commands.map({ [$0.name, "--help"] }) {
      for line in try CLI.run(arguments).stdout.split(separator: "\n") {
        #expect(line.count <= 100, "\(arguments): \(line)")
      }
    }
  }
}
