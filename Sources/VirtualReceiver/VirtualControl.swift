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

  /// Parses one control line; `nil` for a blank line or a comment.
  /// - Throws: ``ReceiverError`` (``ReceiverError/Code/invalidSource(_:)``) naming the problem.
  public init?(parsing line: String) throws(ReceiverError) {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
    guard let verb = words.first, !verb.hasPrefix("#") else { return nil }
    let arguments = Array(words.dropFirst()).map(String.init)
    func seconds(_ text: String?) throws(ReceiverError) -> Double {
      guard let text, let value = Double(text), value >= 0, value.isFinite else {
        throw Self.problem("'\(verb)' needs a number of seconds", line)
      }
      return value
    }
    func expect(_ count: Int) throws(ReceiverError) {
      guard arguments.count == count else {
        throw Self.problem("'\(verb)' takes \(count == 0 ? "no" : "\(count)") argument(s)", line)
      }
    }
    switch verb {
    case "unplug":
      guard arguments.count <= 1 else {
        throw Self.problem("'unplug' takes at most 1 argument", line)
      }
      self = .unplug(replugAfter: arguments.isEmpty ? nil : try seconds(arguments.first))
    case "replug":
      try expect(0)
      self = .replug
    case "silence":
      try expect(1)
      self = .silence(seconds: try seconds(arguments.first))
    case "baud":
      try expect(1)
      if arguments[0] == "any" {
        self = .onlyBaud(nil)
      } else if let rate = Int(arguments[0]), BaudSetting.standardRates.contains(rate) {
        self = .onlyBaud(rate)
      } else {
        throw Self.problem("'baud' needs a standard rate or 'any'", line)
      }
    case "after":
      let delay = try seconds(arguments.first)
      guard arguments.count >= 2,
        let command = try VirtualControl(parsing: arguments.dropFirst().joined(separator: " "))
      else { throw Self.problem("'after' needs seconds and a command", line) }
      self = .after(seconds: delay, command)
    case "stop":
      try expect(0)
      self = .stop
    default:
      throw Self.problem(
        "unknown command '\(verb)' (unplug [S], replug, silence S, baud RATE|any, after S CMD, stop)",
        line)
    }
  }

  private static func problem(_ reason: String, _ line: String) -> ReceiverError {
    ReceiverError(code: .invalidSource(reason), path: "control line '\(line)'")
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
