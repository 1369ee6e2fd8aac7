/// A small getopt_long-style parser: long options (`--name value`, `--name=value`), short
/// options (`-n value`, `-nvalue`, clustered flags `-vj`), `--` ending the options, and negative
/// numbers (`-33.9,18.4`) taken as positionals. An option whose value is optional
/// (`--realtime[=SPEED]`) takes the next argument when it is a plain number (`--realtime 4`).
struct ArgumentParser {
  /// The options the command accepts.
  var options: [OptionSpec]
  /// The command name for messages (`current`), nil for `locate` itself.
  var command: String?
  /// How many positionals the command takes at most (nil: any number).
  var maximumPositionals: Int? = 0

  /// Parses `arguments` (the words after the command name).
  func parse(_ arguments: [String]) throws(LocateError) -> ParsedArguments {
    var parsed = ParsedArguments()
    parsed.command = command ?? ""
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        parsed.positionals += arguments[index...]
        break
      } else if argument.hasPrefix("--") {
        try parseLong(argument, arguments, &index, &parsed)
      } else if argument.hasPrefix("-") && argument.count > 1 && !looksNumeric(argument) {
        try parseShort(argument, arguments, &index, &parsed)
      } else {
        parsed.positionals.append(argument)
      }
    }
    if let maximumPositionals, parsed.positionals.count > maximumPositionals {
      let extra = parsed.positionals[maximumPositionals]
      throw LocateError.usage("'\(extra)'", "unexpected argument", command: command)
    }
    return parsed
  }

  private func parseLong(
    _ argument: String, _ arguments: [String], _ index: inout Int, _ parsed: inout ParsedArguments
  ) throws(LocateError) {
    let body = argument.dropFirst(2)
    let name: String
    var inline: String?
    if let equals = body.firstIndex(of: "=") {
      name = String(body[..<equals])
      inline = String(body[body.index(after: equals)...])
    } else {
      name = String(body)
    }
    guard let spec = options.first(where: { $0.long == name }) else {
      throw LocateError.usage("--\(name)", "unknown option", command: command)
    }
    switch spec.kind {
    case .flag:
      if inline != nil {
        throw LocateError.usage("--\(name)", "takes no value", command: command)
      }
      record(spec, "", &parsed)
    case .optionalValue:
      if inline == nil, index < arguments.count, isPlainNumber(arguments[index]) {
        // `--realtime 4`: a number after the option can only be its value (no positional
        // is a bare number: a point has a comma).
        record(spec, arguments[index], &parsed)
        index += 1
      } else {
        record(spec, inline ?? "", &parsed)
      }
    case .value:
      if let inline {
        record(spec, inline, &parsed)
      } else if index < arguments.count {
        record(spec, arguments[index], &parsed)
        index += 1
      } else {
        throw LocateError.usage("--\(name)", "needs a value", command: command)
      }
    }
  }

  private func parseShort(
    _ argument: String, _ arguments: [String], _ index: inout Int, _ parsed: inout ParsedArguments
  ) throws(LocateError) {
    var letters = Substring(argument.dropFirst())
    while let letter = letters.first {
      letters = letters.dropFirst()
      guard let spec = options.first(where: { $0.short == letter }) else {
        throw LocateError.usage("-\(letter)", "unknown option", command: command)
      }
      guard spec.takesValue else {
        record(spec, "", &parsed)
        continue
      }
      if !letters.isEmpty {
        record(spec, String(letters), &parsed)
      } else if index < arguments.count {
        record(spec, arguments[index], &parsed)
        index += 1
      } else {
        throw LocateError.usage("-\(letter)", "needs a value", command: command)
      }
      return
    }
  }

  private func record(_ spec: OptionSpec, _ value: String, _ parsed: inout ParsedArguments) {
    parsed.record(spec, value)
  }

  /// `4`, `0.5`, `1e3`: a plain decimal number (no sign, no comma).
  private func isPlainNumber(_ argument: String) -> Bool {
    guard let first = argument.unicodeScalars.first, ("0"..."9").contains(first) || first == "."
    else { return false }
    return Double(argument) != nil
  }

  /// `-33.9,18.4`, `-.5`: a negative number, never a short option (no option is a digit).
  private func looksNumeric(_ argument: String) -> Bool {
    guard maximumPositionals != 0 else { return false }
    let second = argument.dropFirst().first
    return second.map { $0.isNumber || $0 == "." } ?? false
  }
}
