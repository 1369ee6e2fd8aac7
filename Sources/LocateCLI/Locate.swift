import Platform
import Receivers

/// The `locate` command line: parses arguments, runs a command, returns the exit status.
public enum Locate {
  /// The version printed by `locate --version`.
  public static let version = "0.1.0"

  /// The commands, in the order `--help` lists them.
  static var commands: [any Command.Type] {
    [
      CurrentCommand.self, WatchCommand.self, DistanceCommand.self, DevicesCommand.self,
      ServeCommand.self, TimeCommand.self, SimulateCommand.self,
    ]
  }

  /// Claims standard input, output and error before anything else opens a descriptor: call it
  /// first in `main`, before any `await` (the concurrency runtime opens descriptors, and would
  /// take the number of a closed standard output). Gives SIGQUIT its default action until the
  /// command catches it (unless it was ignored at start): the Swift runtime's backtracer
  /// catches it before `main`, prints a backtrace and lets the program run on, so a SIGQUIT in
  /// the first milliseconds was lost (`watch` ran on; 1 start in 40 here, `make test`'s
  /// SignalPhaseTests).
  public static func prepareProcess() {
    if !Signal.quit.isIgnored { Signal.quit.restoreDefaultAction() }
    _ = StandardDescriptors.occupyClosed()
  }

  /// Runs `locate` with `arguments` (without the program name) and returns the exit status;
  /// `environment` is the process's own unless given.
  ///
  /// Ignores SIGPIPE (a closed pipe becomes a quiet end) and catches SIGINT, SIGTERM, SIGHUP
  /// and SIGQUIT for the time of the command.
  public static func run(_ arguments: [String], environment: [String: String]? = nil) async
    -> Int32
  {
    if let status = runAtOnce(arguments) { return status }
    Signal.brokenPipe.ignore()
    let closed = StandardDescriptors.occupyClosed()
    let context = Context(
      environment: environment ?? CurrentProcess.environment,
      output: OutputSink(descriptor: .standardOutput, closed: closed.contains(1)),
      stdoutIsTerminal: FileDescriptor.standardOutput.isTerminal,
      stderrIsTerminal: FileDescriptor.standardError.isTerminal, signals: SignalTrap())
    do throws(LocateError) {
      try await dispatch(arguments, context)
      try context.output.flush()
      return ExitStatus.ok.rawValue
    } catch {
      // A request abandoned after a signal may still hold a port: put its settings back.
      if error.status == .interrupted || error.status == .quit {
        SerialPortRegistry.releaseAll()
      }
      try? context.output.flush()
      return report(error, stderrIsTerminal: context.stderrIsTerminal)
    }
  }

  /// Runs what needs neither a receiver nor the concurrency runtime — `--version`, `--help`,
  /// `help COMMAND`, `COMMAND --help` — and returns its status, or `nil` for anything else
  /// (then call ``run(_:environment:)``). No thread is started and no signal is caught: what
  /// `main` can call before it starts the runtime, so that these answer as fast as the process
  /// can start.
  public static func runAtOnce(_ arguments: [String]) -> Int32? {
    guard let text = try? immediateText(arguments) else { return nil }
    Signal.brokenPipe.ignore()
    let closed = StandardDescriptors.occupyClosed()
    do throws(LocateError) {
      try OutputSink.writeOnce(text, closed: closed.contains(1))
      return ExitStatus.ok.rawValue
    } catch {
      return report(error, stderrIsTerminal: FileDescriptor.standardError.isTerminal)
    }
  }

  /// The text that `arguments` ask for without running a command (version and help), if
  /// they ask for one; an unknown command throws.
  static func immediateText(_ arguments: [String]) throws(LocateError) -> String? {
    guard let first = arguments.first else { return nil }
    switch first {
    case "--help", "-h": return help
    case "--version", "-V": return "locate \(version)\n"
    case "help": return arguments.count > 1 ? try find(arguments[1]).help : help
    default:
      if first.hasPrefix("-") { return nil }
      let beforeSeparator = arguments.dropFirst().prefix(while: { $0 != "--" })
      guard beforeSeparator.contains("--help") || beforeSeparator.contains("-h") else {
        return nil
      }
      return try find(first).help
    }
  }

  /// Prints `error`'s line (unless it is a quiet one) and returns its status.
  private static func report(_ error: LocateError, stderrIsTerminal: Bool) -> Int32 {
    if !error.isQuiet {
      StatusLine(isTerminal: stderrIsTerminal, verbose: false).print(line: error.description)
    }
    return error.status.rawValue
  }

  static func dispatch(_ arguments: [String], _ context: Context) async throws(LocateError) {
    guard let first = arguments.first else {
      throw LocateError(
        .usage, "missing command", "give one of " + commandNames,
        remedy: "see 'locate --help'")
    }
    if let text = try immediateText(arguments) { return try context.output.write(text) }
    if first.hasPrefix("-") {
      throw LocateError(
        .usage, first, "options go after the command",
        remedy: "e.g. 'locate current \(first)'; see 'locate --help'")
    }
    let command = try find(first)
    let rest = Array(arguments.dropFirst())
    let parser = ArgumentParser(
      options: command.options, command: command.name,
      maximumPositionals: command.maximumPositionals)
    try await command.run(try parser.parse(rest), context)
  }

  private static func find(_ name: String) throws(LocateError) -> any Command.Type {
    guard let command = commands.first(where: { $0.name == name }) else {
      throw LocateError(
        .usage, "'\(name)'", "unknown command",
        remedy: "use one of \(commandNames); see 'locate --help'")
    }
    return command
  }

  private static var commandNames: String { commands.map { $0.name }.joined(separator: ", ") }

  /// `locate --help`.
  static var help: String {
    var text = """
      locate — where am I, from a GPS receiver on a serial port (NMEA 0183), no gpsd needed

      Usage: locate COMMAND [OPTIONS]
             locate help COMMAND
             locate -V, --version

      Commands:

      """
    for command in commands {
      text += "  " + command.name.padded(to: 10)
      text += command.summary + "\n"
    }
    text += """

      Run 'locate COMMAND --help' for its options and examples.

      The receiver is --device PATH, else $LOCATE_DEVICE, else the first one found in
      /dev/serial/by-id, /dev/ttyUSB*, /dev/ttyACM*, /dev/serial0 and /dev/ttyAMA*.
      --input reads a capture file, standard input, an NMEA-over-TCP bridge or a gpsd server.
      A receiver another locate of yours reads is shared: this one joins its stream (and
      takes the device over when that one ends); another user's is busy (status 75).

      Examples:
        locate current
            # one fresh fix, as text
        locate watch --format gpx > track.gpx
            # a GPX track until Ctrl-C (the document is closed properly)
        locate distance --points airports.csv --nearest 5
            # the five nearest places in a CSV file, nearest first
        locate devices --probe
            # the receivers present, with their baud rate and what they send
        locate serve
            # gpsd's clients (gpspipe, gpxlogger, cgps, Python's gps) can use the receiver,
            # and chrony or ntpd its time (NTP shared memory, chrony's SOCK refclock)
        locate time
            # how far the system clock is from the receiver's time
        locate simulate
            # a virtual receiver on a pseudo-terminal, to try all of this without a GPS

      Exit status:

      """
    text += ExitStatus.table + "\n"
    text += """
        Piped into a program that stops reading (e.g. head), locate ends quietly with 0.
        For watch, serve and simulate, SIGINT, SIGTERM and SIGHUP are the normal end:
        status 0 (every fix received written, the document closed); SIGQUIT ends them the
        same way, with status 131.

      """
    return text
  }
}
