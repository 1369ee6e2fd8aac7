import Foundation
import Testing

@testable import LocateCLI

/// What a newcomer reads is what happens (issue 21, point 6): the help's examples, `serve`
/// without a receiver, the silence a timeout waited, why the last fix is old, the status line
/// while the receiver is unplugged, `-V`, and the exit codes each command can return.
@Suite(GpsdCaptures.needs("ublox-neo-m9n-nmea")) struct NewcomerEndToEndTests {
  static let capture = GpsdCaptures.log("ublox-neo-m9n-nmea")

  @Test("watch --help's jq example prints ten positions, no [null,null] from the EVENTs")
  func jqExample() throws {
    let help = try CLI.run(["watch", "--help"]).stdout
    let line = try #require(
      help.split(separator: "\n").first { $0.contains("| jq") }.map(String.init))
    let command = line.trimmingCharacters(in: .whitespaces)
    #expect(command.hasPrefix("locate watch --json --count 10 | jq"), "\(command)")
    // The example as written, reading the capture instead of a receiver.
    let script = command.replacingOccurrences(
      of: "locate watch", with: "\"$LOCATE\" watch --input \(Self.capture) --no-pause")
    let result = try CLI.shell(script)
    #expect(result.status == 0, "\(result)")
    #expect(result.lines.count == 10, "\(result)")
    for printed in result.lines {
      #expect(printed.hasPrefix("[38.11049") && !printed.contains("null"), "\(printed)")
    }
  }

  @Test(
    "serve without its source: the error, and no address printed first",
    arguments: [
      (["--device", "/dev/locate-no-such-tty"], 69, "/dev/locate-no-such-tty: no such device"),
      (["--input", "/nonexistent/capture.nmea"], 66, "/nonexistent/capture.nmea: no such file"),
    ])
  func serveChecksItsSource(options: [String], status: Int32, line: String) throws {
    let result = try CLI.run(["serve", "--listen", "127.0.0.1:0"] + options)
    #expect(result.status == status, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("locate: " + line), "\(result)")
  }

  @Test("current --timeout 4 on a silent receiver: silent for 4 s, not 3")
  func silentForTheTimeWaited() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    simulator.process.send("silence 100")
    try simulator.process.waitFor("silent 100")
    let result = try CLI.run(
      ["current", "--device", simulator.path, "--baud", "9600", "--timeout", "4"])
    #expect(result.status == 3, "\(result)")
    #expect(
      result.stderr
        == "locate: \(simulator.path): connected, but silent for 4 s (check the receiver's power"
        + " and cable, or try --baud auto)\n")
  }

  /// Fixes for `fixes` seconds, then epochs without a fix (RMC V, GGA quality 0, ZDA) for
  /// `voids` seconds: a receiver that lost its fix but goes on talking.
  static func lostFixCapture(fixes: Int, voids: Int) -> String {
    var text = ""
    for second in 0..<(fixes + voids) {
      let time = String(format: "1200%02d.00", second)
      if second < fixes {
        text += NMEAText.sentence("GPRMC,\(time),A,4807.038,N,01131.000,E,0.0,0.0,021226,,,A")
        text += NMEAText.sentence("GPGGA,\(time),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
      } else {
        text += NMEAText.sentence("GPRMC,\(time),V,,,,,,,021226,,,N")
        text += NMEAText.sentence("GPGGA,\(time),,,,,0,00,99.99,,,,,,")
      }
      text += NMEAText.sentence("GPZDA,\(time),02,12,2026,00,00")
    }
    return text
  }

  @Test("--verbose: a receiver that talks without a fix has not 'gone quiet'")
  func staleButTalking() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let path = directory + "/lost-fix.nmea"
    try Data(Self.lostFixCapture(fixes: 3, voids: 10).utf8).write(to: URL(fileURLWithPath: path))
    let result = try CLI.run(["watch", "--input", path, "--verbose", "--no-pause"])
    #expect(result.status == 0, "\(result)")
    #expect(result.lines.count == 3)
    #expect(!result.stderr.contains("gone quiet"), "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "locate: the last fix is 6.0 s old: the receiver sends epochs without a fix"),
      "\(result.stderr)")
  }

  @Test("--verbose: a receiver that stops sending has gone quiet")
  func staleAndQuiet() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    let watch = try Spawned(["watch", "--device", simulator.path, "--verbose", "--no-pause"])
    defer { watch.stop() }
    _ = try watch.waitForLines(1)
    simulator.process.send("silence 30")
    try watch.waitForStderr("s old:", timeout: 30)
    #expect(watch.stderr.contains("s old: the receiver has gone quiet"), "\(watch.stderr)")
  }

  @Test("the status line shows no satellites while the receiver is unplugged")
  func unpluggedStatus() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    // --accuracy nothing reaches: it waits, showing progress (with --verbose, a line a second).
    let current = try Spawned(
      ["current", "--device", simulator.path, "--accuracy", "0.01", "--timeout", "7", "--verbose"])
    defer { current.stop() }
    try current.waitForStderr("satellites", timeout: 30)
    simulator.process.send("unplug")
    try current.waitForStderr("unplugged, waiting for it to come back", timeout: 30)
    #expect(try current.wait(timeout: 30) == 5)
    let stderr = current.stderr
    let after = stderr.components(separatedBy: "unplugged, waiting for it to come back").last ?? ""
    let lines = after.split(separator: "\n").dropFirst()
    #expect(lines.count >= 2, "\(stderr)")
    #expect(!after.contains("satellites"), "\(stderr)")
    #expect(
      lines.dropLast().allSatisfy { $0.hasPrefix("waiting for \(simulator.path) to come back") },
      "\(stderr)")
  }

  @Test("-V is documented: locate --help, README and the man page")
  func versionFlag() throws {
    let result = try CLI.run(["-V"])
    #expect(result.stdout == "locate \(Locate.version)\n")
    #expect(try CLI.run(["--help"]).stdout.contains("locate -V, --version"))
    #expect(Files.text(Paths.root + "/README.md").contains("`locate --version` (or `-V`)"))
    let page = Files.text(Paths.root + "/docs/locate.1")
    #expect(page.contains(".BR \\-V \", \" \\-\\-version"), "man page")
  }

  /// The exit codes each command can return, written out here independently of the code.
  static let exitCodes: [String: [Int32]] = [
    "current": [0, 64, 66, 69, 70, 74, 75, 76, 77, 3, 4, 5, 130, 131],
    "watch": [0, 64, 65, 66, 69, 70, 74, 75, 77, 5, 130, 131],
    "distance": [0, 64, 65, 66, 69, 70, 74, 75, 76, 77, 3, 4, 5, 130, 131],
    "devices": [0, 64, 69, 70, 74, 130, 131],
    "serve": [0, 64, 66, 69, 70, 74, 75, 77, 5, 130, 131],
    "simulate": [0, 64, 65, 66, 70, 74, 75, 77, 130, 131],
  ]

  @Test(
    "each --help lists the exit codes its command can return, and only those",
    arguments: ["current", "watch", "distance", "devices", "serve", "simulate"])
  func exitCodes(command: String) throws {
    let help = try CLI.run([command, "--help"]).stdout
    let table = try #require(help.components(separatedBy: "\nExit status:\n").last)
    let codes = table.split(separator: "\n").compactMap {
      Int32($0.split(separator: " ").first ?? "")
    }
    #expect(codes == Self.exitCodes[command], "\(command)")
  }

  /// The commands returning `code`, as README's table and the man page name them.
  static func commands(returning code: Int32, every: String) -> String {
    let names = ["current", "watch", "distance", "devices", "serve", "simulate"].filter {
      Self.exitCodes[$0]?.contains(code) == true
    }
    return names.count == 6 ? every : names.joined(separator: ", ")
  }

  @Test("README's exit status table and the man page say which commands return each code")
  func exitCodesDocumented() {
    let readme = Files.text(Paths.root + "/README.md")
    let page = Files.text(Paths.root + "/docs/locate.1")
    for status in LocateCLI.ExitStatus.allCases {
      let code = status.rawValue
      #expect(
        readme.contains(
          "| \(code) | \(status.meaning) | \(Self.commands(returning: code, every: "all")) |\n"),
        "README \(code)")
      #expect(
        page.contains(
          ".B \(code)\n\(status.meaning)\n(\(Self.commands(returning: code, every: "every command")))\n"
        ),
        "man page \(code)")
    }
  }
}
