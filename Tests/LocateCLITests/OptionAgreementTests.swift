import Foundation
import Testing

/// `--help`, README's usage block and the man page name the same options for every command:
/// each is read as a newcomer would, its `--options` collected, and the sets compared. (README
/// used to leave out `--activity navigation`, `--region(s)`, `--events-only`, `--hysteresis`,
/// simulate's `--no-turns` … `--seed` and `devices --serial-ports`.)
@Suite struct OptionAgreementTests {
  static let commands = ["current", "watch", "distance", "devices", "serve", "time", "simulate"]
  /// The commands that take the common options (README: `[common options]`).
  static let withCommon: Set<String> = ["current", "watch", "distance"]

  /// Every `--name` in `text` (`\-` already turned into `-`).
  static func options(_ text: some StringProtocol) -> Set<String> {
    var found: Set<String> = []
    var rest = Substring(text)
    while let range = rest.range(of: "--") {
      let name = rest[range.upperBound...].prefix { $0.isLetter || $0 == "-" }
      if let first = name.first, first.isLetter { found.insert(String(name)) }
      rest = rest[range.upperBound...]
    }
    // Every command has --help; --version is locate's own.
    found.subtract(["help", "version"])
    return found
  }

  /// The options `locate COMMAND --help` lists: the first `--name` of each option line
  /// (`  -t, --timeout SECONDS  …` or `      --probe  …`), between "Options:" and "Examples:".
  static func help(_ command: String) throws -> Set<String> {
    let text = try CLI.run([command, "--help"]).stdout
    let start = try #require(text.range(of: "\nOptions:\n"))
    let end = try #require(text.range(of: "\nExamples:\n"))
    var found: Set<String> = []
    for line in text[start.upperBound..<end.lowerBound].split(separator: "\n")
    where line.hasPrefix("  -") || line.hasPrefix("      --") {
      let head = line.drop { $0 == " " }.prefix { $0 != " " || false }
      let token = line.split(separator: " ").first { $0.hasPrefix("--") } ?? head
      let name = token.dropFirst(2).prefix { $0.isLetter || $0 == "-" }
      if !name.isEmpty { found.insert(String(name)) }
    }
    found.remove("help")
    return found
  }

  /// README: the usage block's lines for the command, and the common options paragraph for
  /// those that take them.
  static func readme(_ command: String) throws -> Set<String> {
    let text = try String(contentsOfFile: Paths.root + "/README.md", encoding: .utf8)
    let usage = try #require(text.range(of: "## Usage\n\n```\n"))
    let block = text[usage.upperBound...]
    let end = try #require(block.range(of: "```"))
    var mine: [Substring] = []
    var current: String?
    for line in block[..<end.lowerBound].split(separator: "\n") {
      if line.hasPrefix("locate ") {
        current = line.split(separator: " ").dropFirst().first.map(String.init)
      }
      if current == command { mine.append(line) }
    }
    var found = options(mine.joined(separator: "\n"))
    if withCommon.contains(command) {
      let start = try #require(text.range(of: "Common options: "))
      let paragraph = text[start.lowerBound...]
      let stop = paragraph.range(of: "\n\n")?.lowerBound ?? paragraph.endIndex
      found.formUnion(options(paragraph[..<stop]))
    }
    return found
  }

  /// docs/locate.1: the command's entry under COMMANDS, and COMMON OPTIONS for those that take
  /// them.
  static func manPage(_ command: String) throws -> Set<String> {
    let page = try String(contentsOfFile: Paths.root + "/docs/locate.1", encoding: .utf8)
      .replacingOccurrences(of: "\\-", with: "-")
    let commandsStart = try #require(page.range(of: ".SH COMMANDS\n"))
    let section = page[commandsStart.upperBound...]
    let sectionEnd = try #require(section.range(of: "\n.SH "))
    let body = section[..<sectionEnd.lowerBound]
    let marker = ".TP\n.B \(command)\n"
    let start = try #require(body.range(of: marker), "no entry for \(command)")
    var entry = body[start.upperBound...]
    for other in commands where other != command {
      if let next = entry.range(of: ".TP\n.B \(other)\n") { entry = entry[..<next.lowerBound] }
    }
    var found = options(entry)
    if withCommon.contains(command) {
      let common = try #require(page.range(of: ".SH COMMON OPTIONS\n"))
      let rest = page[common.upperBound...]
      let stop = rest.range(of: "\n.SH ")?.lowerBound ?? rest.endIndex
      found.formUnion(options(rest[..<stop]))
    }
    return found
  }

  @Test("--help, README and the man page name the same options", arguments: Self.commands)
  func agree(command: String) throws {
    let help = try Self.help(command)
    let readme = try Self.readme(command)
    let man = try Self.manPage(command)
    #expect(help.count >= 5, "\(command): \(help)")
    #expect(
      readme == help,
      "README, \(command): missing \(help.subtracting(readme).sorted()), extra \(readme.subtracting(help).sorted())"
    )
    #expect(
      man == help,
      "man page, \(command): missing \(help.subtracting(man).sorted()), extra \(man.subtracting(help).sorted())"
    )
  }

  @Test("the choices of --activity are the same everywhere")
  func activities() throws {
    let help = try CLI.run(["watch", "--help"]).stdout
    let readme = try String(contentsOfFile: Paths.root + "/README.md", encoding: .utf8)
    let page = try String(contentsOfFile: Paths.root + "/docs/locate.1", encoding: .utf8)
    for choice in ["automotive", "fitness", "airborne", "navigation", "other"] {
      #expect(help.contains(choice))
      #expect(readme.contains("automotive|fitness|airborne|navigation|other"))
      #expect(page.contains(choice))
    }
  }
}
