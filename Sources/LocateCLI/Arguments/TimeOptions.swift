import Platform
import Receivers

/// `--shm`, `--chrony` and `--pps`: where `serve` and `watch` send the receiver's time (see
/// ``TimeFeed``), and what they decide when none is given.
enum TimeOptions {
  /// A value, or `off`.
  enum Setting<Value: Sendable & Equatable>: Sendable, Equatable {
    case off
    case on(Value)
  }

  static let shm = TypedOption<Setting<Int>>(
    "shm", nil, "UNIT|off",
    "NTP shared-memory unit for the receiver's time, PPS in UNIT+1 (chrony's 'refclock SHM"
      + " UNIT', ntpd's 127.127.28.UNIT); serve's default: 0 as root, 2 otherwise, for a"
      + " serial port (not a pseudo-terminal); watch: only when given"
  ) { name, text, values throws(LocateError) in
    guard text != "off" else { return .off }
    return .on(
      try values.integer(name, text, in: 0...65_534, example: CurrentProcess.isRoot ? "0" : "2"))
  }
  static let chrony = TypedOption<Setting<String>>(
    "chrony", nil, "DIR|off",
    "send to chrony's SOCK refclocks in DIR while chronyd listens there:"
      + " chrony.NAME.serial.sock gets the serial time, chrony.NAME.sock the PPS (NAME: the"
      + " device's, e.g. ttyUSB0); default /run as root, /tmp otherwise, as gpsd"
  ) { _, text, values throws(LocateError) in
    guard text != "off" else { return .off }
    guard !text.isEmpty else {
      throw LocateError.usage("--chrony ''", "give a directory, or off", command: values.command)
    }
    return .on(text.count > 1 && text.hasSuffix("/") ? String(text.dropLast()) : text)
  }
  static let pps = TypedOption<PPSChoice>(
    "pps", nil, "SOURCE",
    "PPS: auto (default: the port's /dev/ppsN from sysfs, else its DCD or CTS line), off,"
      + " /dev/ppsN, ldisc (attach the kernel's PPS line discipline), dcd or cts"
  ) { _, text, _ throws(LocateError) in
    switch text.lowercased() {
    case "auto": return .auto
    case "off": return .off
    case "ldisc": return .lineDiscipline
    case "dcd": return .modemLines(.carrierDetect)
    case "cts": return .modemLines(.clearToSend)
    default:
      guard text.hasPrefix("/") else {
        throw LocateError(
          .usage, "--pps '\(text)'", "not a PPS source",
          remedy: "use auto, off, /dev/ppsN, ldisc, dcd or cts")
      }
      return .device(text)
    }
  }

  static let options: [OptionSpec] = [shm.spec, chrony.spec, pps.spec]

  /// Where a PPS signal comes from.
  enum PPSChoice: Sendable, Equatable {
    /// None.
    case off
    /// The port's `/dev/ppsN` found in sysfs, else its DCD or CTS line (a real serial port).
    case auto
    /// That RFC 2783 device.
    case device(String)
    /// The kernel's line discipline attached to the port, and the `/dev/ppsN` it makes.
    case lineDiscipline
    /// The port's modem lines through `TIOCMIWAIT`.
    case modemLines(FileDescriptor.ModemLines)
  }

  /// What the options ask for.
  struct Plan: Equatable {
    /// The shared-memory units of serial and PPS samples.
    var serialUnit: Int?
    var pulseUnit: Int?
    /// The directory of chrony's sockets.
    var chronyDirectory: String?
    /// The PPS source.
    var pps: PPSChoice = .off
    /// Whether an option asked for it: then a unit or PPS source that cannot be had is an
    /// error; by default it is a note, and the command goes on without it.
    var explicit = false

    /// Whether anything goes anywhere.
    var sendsAnywhere: Bool { serialUnit != nil || pulseUnit != nil || chronyDirectory != nil }
  }

  /// The plan for `command` reading `source`: with `byDefault` (serve), the outputs are on for
  /// a serial port unless an option turns them off.
  static func plan(
    _ arguments: ParsedArguments, source: ReceiverSource, command: String, byDefault: Bool
  ) throws(LocateError) -> Plan {
    let given = [shm.spec, chrony.spec, pps.spec].filter { arguments.has($0) }.map(\.long)
    guard source.kind == .device else {
      if let option = given.first {
        throw LocateError.usage(
          "--\(option)", "applies to a receiver on a serial port, not --input",
          command: command)
      }
      return Plan()
    }
    let root = CurrentProcess.isRoot
    var plan = Plan()
    plan.explicit = !given.isEmpty
    let onByDefault = byDefault && !isPseudoTerminal(source)
    switch try arguments.value(shm) {
    case nil: if onByDefault { plan.serialUnit = root ? 0 : 2 }
    case .off?: break
    case .on(let unit)?: plan.serialUnit = unit
    }
    switch try arguments.value(chrony) {
    case nil:
      if onByDefault || plan.serialUnit != nil { plan.chronyDirectory = root ? "/run" : "/tmp" }
    case .off?: break
    case .on(let directory)?: plan.chronyDirectory = directory
    }
    plan.pps = try arguments.value(pps) ?? (plan.sendsAnywhere ? .auto : .off)
    if plan.pps != .off, let unit = plan.serialUnit { plan.pulseUnit = unit + 1 }
    return plan
  }

  /// Whether the source is a pseudo-terminal (`locate simulate`, socat): a test bench, not a
  /// receiver whose time a clock should follow (gpsd too leaves them out).
  static func isPseudoTerminal(_ source: ReceiverSource) -> Bool {
    guard case .device(let path, _) = source,
      let status = try? FileSystem.status(path), status.kind == .characterDevice
    else { return false }
    return (136...143).contains(status.deviceMajor)
  }

  /// The name chrony's sockets are made of: the device's last path component (`ttyUSB0`).
  static func chronyName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }
}
