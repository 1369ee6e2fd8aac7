/// A `locate` subcommand: its options, its help, and what it does.
protocol Command {
  /// The word after `locate` (`current`).
  static var name: String { get }
  /// One line for the command list.
  static var summary: String { get }
  /// The usage lines, without `Usage: ` (`locate current [OPTIONS]`).
  static var usage: [String] { get }
  /// What it does, in a paragraph or two.
  static var about: String { get }
  /// The options it accepts (including `--help`).
  static var options: [OptionSpec] { get }
  /// How many positional arguments it takes (nil: any number).
  static var maximumPositionals: Int? { get }
  /// Example command lines, each with a comment.
  static var examples: [(String, String)] { get }
  /// The exit statuses it can return (its `--help` lists these; the README and `locate
  /// --help` all of them).
  static var exitStatuses: [ExitStatus] { get }
  /// Runs it; output goes to `context.output`, errors are thrown.
  static func run(_ arguments: ParsedArguments, _ context: Context) async throws(LocateError)
}

extension Command {
  static var maximumPositionals: Int? { 0 }

  /// The full `--help` text.
  static var help: String {
    HelpText.render(
      title: "locate \(name) — \(summary)", usage: usage, about: about, options: options,
      examples: examples, exitStatuses: exitStatuses)
  }
}

/// Lays out help texts the same way for every command.
enum HelpText {
  /// Title, usage, description, options, examples, exit status.
  static func render(
    title: String, usage: [String], about: String, options: [OptionSpec],
    examples: [(String, String)], exitStatuses: [ExitStatus] = ExitStatus.allCases
  ) -> String {
    var text = title + "\n\nUsage: " + usage.joined(separator: "\n       ") + "\n\n"
    text += about + "\n"
    if !options.isEmpty {
      let width = min(32, options.map(\.synopsis.count).max() ?? 0) + 2
      text += "\nOptions:\n"
      for option in options {
        let synopsis = option.synopsis
        var line = "  " + synopsis
        if synopsis.count + 2 > width {
          text += line + "\n"
          line = ""
        }
        line = line.padded(to: width + 2)
        for word in wrap(option.help, width: columns - width - 2) {
          text += line + word + "\n"
          line = String(repeating: " ", count: width + 2)
        }
      }
    }
    if !examples.isEmpty {
      text += "\nExamples:\n"
      for (line, comment) in examples { text += "  " + line + "\n      # " + comment + "\n" }
    }
    text += "\nExit status:\n" + ExitStatus.table(exitStatuses) + "\n"
    text += "  Piped into a program that stops reading (e.g. head), locate ends quietly with 0.\n"
    return text
  }

  /// The width help is laid out for.
  static let columns = 96

  /// `text` in lines of at most `width` characters, broken between words.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + [line]
  }
}
