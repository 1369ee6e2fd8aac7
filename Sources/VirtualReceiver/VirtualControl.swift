import Receivers

/// A command to a ``VirtualReceiver``, from code, a schedule, or its line-based control
/// channel (``VirtualReceiver/readControls(from:)``).
///
/// Control lines (one per line; blank lines and `#` comments are ignored):
///
/// | line | effect |
/// |---|---|
/// | `unplug` | close the pty: readers see a hang-up, the path (and the link) vanish |
/// | `unplug 2.5` | unplug, then replug 2.5 s later |
/// | `replug` | a new pty, the link moved to it |
/// | `silence 3` | send nothing for 3 s, staying connected |
/// | `baud 9600` | speak NMEA only while the reader has set 9600 baud, garbage otherwise |
/// | `baud any` | speak NMEA at any rate |
/// | `after 5 unplug` | run the command 5 s from now |
/// | `stop` | stop the simulator |
public enum VirtualControl: Sendable, Hashable, CustomStringConvertible {
  /// Close the pty; replug after the given seconds when set.
  case unplug(replugAfter: Double?)
  /// Open a new pty and move the link to it.
  case replug
  /// Send nothing for this many seconds.
  case silence(seconds: Double)
  /// Speak NMEA only at this rate (`nil`: at any rate).
  case onlyBaud(Int?)
  /// Run a command later.
  indirect case after(seconds: Double, VirtualControl)
  /// Stop the simulator.
  case stop

  /// The longest control line, in bytes: a longer one is refused unread
  /// (``VirtualReceiver/readControls(from:)`` drops it as it comes).
  public static let maximumLineLength = 256

  /// How much of a bad line an error message quotes, in characters.
  static let quotedLength = 40

  /// Parses one control line; `nil` for a blank line or a comment.
  /// - Throws: ``ReceiverError`` (``ReceiverError/Code/invalidSource(_:)``) naming the problem:
  ///   a line longer than ``maximumLineLength`` bytes is refused before it is read.
  public init?(parsing line: String) throws(ReceiverError) {
    guard line.utf8.count <= Self.maximumLineLength else {
      throw Self.tooLong(line.utf8.count, line)
    }
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
    guard let verb = words.first, !verb.hasPrefix("#") else { return nil }
    // `after S after T CMD`: the delays in order, then the command, without re-joining and
    // re-splitting what follows each (a line of many `after`s stays linear).
    var delays: [Double] = []
    var rest = words[...]
    while rest.first == "after" {
      guard rest.count >= 3 else { throw Self.problem("'after' needs seconds and a command", line) }
      delays.append(try Self.seconds(rest[rest.startIndex + 1], verb: "after", line: line))
      rest = rest.dropFirst(2)
    }
    var command = try Self.command(rest, line: line)
    for delay in delays.reversed() { command = .after(seconds: delay, command) }
    self = command
  }

  /// One command without `after`: its verb and arguments.
  private static func command(_ words: ArraySlice<Substring>, line: String) throws(ReceiverError)
    -> VirtualControl
  {
    guard let verb = words.first else { throw problem("'after' needs seconds and a command", line) }
    let arguments = Array(words.dropFirst())
    func expect(_ count: Int) throws(ReceiverError) {
      guard arguments.count == count else {
        throw problem("'\(verb)' takes \(count == 0 ? "no" : "\(count)") argument(s)", line)
      }
    }
    switch verb {
    case "unplug":
      guard arguments.count <= 1 else { throw problem("'unplug' takes at most 1 argument", line) }
      guard let first = arguments.first else { return .unplug(replugAfter: nil) }
      return .unplug(replugAfter: try seconds(first, verb: verb, line: line))
    case "replug":
      try expect(0)
      return .replug
    case "silence":
      try expect(1)
      return .silence(seconds: try seconds(arguments[0], verb: verb, line: line))
    case "baud":
      try expect(1)
      if arguments[0] == "any" { return .onlyBaud(nil) }
      guard let rate = Int(arguments[0]), BaudSetting.standardRates.contains(rate) else {
        throw problem("'baud' needs a standard rate or 'any'", line)
      }
      return .onlyBaud(rate)
    case "stop":
      try expect(0)
      return .stop
    default:
      throw problem(
        "unknown command '\(quoted(String(verb)))' (unplug [S], replug, silence S,"
          + " baud RATE|any, after S CMD, stop)", line)
    }
  }

  private static func seconds(_ text: Substring, verb: Substring, line: String)
    throws(ReceiverError) -> Double
  {
    guard let value = Double(text), value >= 0, value.isFinite else {
      throw problem("'\(verb)' needs a number of seconds", line)
    }
    return value
  }

  /// The error for a line of `count` bytes, longer than ``maximumLineLength``.
  static func tooLong(_ count: Int, _ line: String) -> ReceiverError {
    problem("too long (\(count) bytes; a control line has at most \(maximumLineLength))", line)
  }

  private static func problem(_ reason: String, _ line: String) -> ReceiverError {
    ReceiverError(code: .invalidSource(reason), path: "control line '\(quoted(line))'")
  }

  /// `text`, or its first ``quotedLength`` characters and `…`: an error line never echoes a
  /// whole long line.
  static func quoted(_ text: String) -> String {
    guard text.count > quotedLength else { return text }
    return String(text.prefix(quotedLength)) + "…"
  }

  /// The command as a control line.
  public var description: String {
    switch self {
    case .unplug(nil): return "unplug"
    case .unplug(let seconds?): return "unplug \(seconds)"
    case .replug: return "replug"
    case .silence(let seconds): return "silence \(seconds)"
    case .onlyBaud(let rate?): return "baud \(rate)"
    case .onlyBaud(nil): return "baud any"
    case .after(let seconds, let command): return "after \(seconds) \(command)"
    case .stop: return "stop"
    }
  }
}

/// What a ``VirtualReceiver`` reports to its observer, from whichever thread caused it.
public enum VirtualReceiverEvent: Sendable, Hashable {
  /// Speaking on `ptyPath`; readers open `devicePath` (the link when there is one).
  case started(devicePath: String, ptyPath: String)
  /// The pty was closed.
  case unplugged
  /// A new pty, with the link moved to it.
  case replugged(devicePath: String, ptyPath: String)
  /// Silent for this many seconds.
  case silenced(seconds: Double)
  /// Speaking NMEA only at this rate now (`nil`: at any rate).
  case onlyBaud(Int?)
  /// A capture without looping reached its end; the pty stays open.
  case scriptEnded
  /// A control line could not be parsed or carried out.
  case controlFailed(String)
  /// The control channel reached its end of file.
  case controlEnded
  /// Stopped (``VirtualReceiver/stop()`` or the `stop` command).
  case stopped
}
