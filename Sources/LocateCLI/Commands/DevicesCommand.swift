import GPSDServer
import JSON
import LocationEngine
import NMEA
import Receivers

/// `locate devices`: the receivers present and whether they can be used.
enum DevicesCommand: Command {
  static let name = "devices"
  static let summary = "list the receivers on this machine and whether they can be used"
  static let usage = ["locate devices [--probe [--seconds N]] [--device PATH] [OPTIONS]"]
  static let about = """
    Lists the serial receivers found in /dev/serial/by-id, /dev/ttyUSB*, /dev/ttyACM*,
    /dev/serial0 and /dev/ttyAMA* (and the --device or $LOCATE_DEVICE one), with their USB
    description and driver, and whether they can be used now: available, denied (and the group
    to join), shared (held by another locate of yours, which using it joins), busy (and which
    program holds it, and its user when not you) or missing. With --probe, each usable one is
    opened and listened to for a few seconds: its baud rate, talkers, sentence types and fix
    state. Exit status 69 when there is none.
    """
  static let probe = FlagOption(
    "probe", nil, "listen to each usable device and report what it sends")
  static let seconds = TypedOption.number(
    "seconds", nil, "SECONDS", "how long --probe listens to each device (default 3)",
    in: 0.5...600, what: "seconds", example: "5")
  static let serialPorts = FlagOption(
    "serial-ports", nil, "also try /dev/ttyS* (only listed when they talk NMEA)")
  static let options: [OptionSpec] = [
    probe.spec, seconds.spec, serialPorts.spec, CommonOptions.device.spec,
    CommonOptions.baud.spec, CommonOptions.lenient.spec,
    CommonOptions.json.described("one JSON object per device (class DEVICE)").spec,
    CommonOptions.format.described("text (default) or json (as --json)").spec,
    CommonOptions.noColor.spec, CommonOptions.verbose.spec, CommonOptions.help,
  ]
  static let exitStatuses: [ExitStatus] = [
    .ok, .usage, .unavailable, .software, .ioError, .interrupted, .quit,
  ]
  static let examples = [
    ("locate devices", "what is plugged in, and whether it can be used"),
    ("locate devices --probe", "and what each one sends"),
    ("locate devices --json", "one JSON object per device"),
  ]

  static func run(_ arguments: ParsedArguments, _ context: Context) async throws(LocateError) {
    let json =
      try OutputFormat.chosen(arguments, allowed: [.text, .json], command: name) == .json
    if arguments.has(Self.seconds) && !arguments.has(probe) {
      throw LocateError.usage("--seconds", "applies to --probe only", command: name)
    }
    let seconds = try arguments.value(Self.seconds) ?? 3
    let source = try CommonOptions.source(
      arguments, environment: context.environment, command: name)
    var baud = BaudSetting.auto
    if case .device(_, let setting) = source { baud = setting }
    if case .discover(let setting) = source { baud = setting }
    var devices = DeviceDiscovery.list(probeSerialPorts: arguments.has(serialPorts))
    if case .device(let path, _) = source {
      do {
        try DeviceDiscovery.checkSerialPort(path)
      } catch {
        throw FailureMapping.receiver(error, source: source)
      }
    }
    if case .device(let path, _) = source,
      !devices.contains(where: { $0.path == path || $0.byID == path })
    {
      devices.insert(DeviceDiscovery.inspect(path: path), at: 0)
    }
    guard !devices.isEmpty else { throw FailureMapping.noReceiver(nil) }
    let style = context.style(arguments)
    let status = context.statusLine(arguments)
    for device in devices {
      var report: ProbeOutcome?
      if arguments.has(probe), device.state.isUsable {
        status.show("probing \(device.path) for \(JSONText.shortest(seconds)) s…", elapsed: 0)
        let probe = ReceiverProbe(
          path: device.path, baud: baud, seconds: seconds,
          checksumPolicy: CommonOptions.checksumPolicy(arguments))
        let probeBaud = baud
        let completion = await context.interruptible { () async throws(LocateError) in
          do throws(ReceiverError) {
            return ProbeOutcome.heard(try await probe.run())
          } catch {
            let failure = FailureMapping.receiver(
              error, source: .device(path: device.path, baud: probeBaud))
            return ProbeOutcome.failed(failure.why)
          }
        }
        status.clear()
        guard case .finished(let result) = completion, context.signals.received == nil else {
          throw .quiet(context.signals.stopStatus)
        }
        report = try result.get()
      }
      let text =
        json
        ? DeviceFormat.json(device, probe: report) + "\n"
        : DeviceFormat.human(device, probe: report, style: style)
      try context.output.write(text)
    }
  }
}
