import GPSDServer
import LocationEngine
import Platform
import Receivers

/// `locate serve`: one receiver shared with gpsd's clients over gpsd's JSON protocol.
enum ServeCommand: Command {
  static let name = "serve"
  static let summary = "share the receiver with gpsd's clients (gpsd's protocol on TCP)"
  static let usage = ["locate serve [--listen HOST:PORT] [OPTIONS]"]
  static let about = """
    Serves one receiver to gpsd's clients (gpspipe, gpxlogger, cgps, Python's gps, 'locate
    watch --input gpsd://HOST:PORT') in gpsd's JSON protocol (3.14, as gpsd 3.22): VERSION on
    connecting; ?WATCH with "json" for TPV, SKY and DEVICE objects (as --json writes them; a
    mode-1 TPV for an epoch without a fix, with its time when dated), or "nmea" or "raw" for
    the receiver's sentences as they came; a bare ?WATCH; reports the watch as it is; ?POLL
    (the last TPV and SKY, to a client that watches), ?VERSION, ?DEVICES and ?DEVICE. A
    request is answered at its line end, or when a read ends with a complete one, as gpsd
    does. It listens on 127.0.0.1:2947, gpsd's port, so only this machine's programs can
    connect; --listen names another address (localhost:2947 is both loopbacks, 127.0.0.1 and
    ::1, as gpsd listens; 0.0.0.0:2947 or [::]:2947 lets the network in; port 0 takes any
    free port). The first line of standard output is the address it listens on, printed once
    the source is there: a receiver that cannot be opened (or a capture that cannot be read)
    is an error before it, as gpsd ends when it cannot open its device. It never writes to the
    receiver: ?DEVICE with settings is answered with the device as it is. At most 64
    clients; one that stops reading is dropped once 256 KiB wait for it, and never slows the
    others; a request line over 1024 bytes, or garbage, gets gpsd's ERROR object. A receiver
    is opened at once (and reopened when it comes back); a capture (--input FILE, paced with
    --realtime, or -) is replayed from the first client's ?WATCH, and serve ends at its end.
    SIGINT, SIGTERM and SIGHUP are the normal end (status 0). With --verbose (or on a
    terminal), clients coming, watching, leaving and being dropped are noted on stderr.

    The receiver's time, as gpsd gives it to chrony and ntpd: reading a serial port (not a
    pseudo-terminal), each second's sample (the epoch's UTC time against the system clock at
    its first byte; a fix, after three in a row) goes to NTP shared-memory unit 0 as root, 2
    otherwise (chrony: 'refclock SHM 0'), and to chrony's SOCK socket
    /run/chrony.NAME.serial.sock (/tmp as a user) while chronyd listens there; PPS pulses,
    paired with the serial time of their second, to the next unit and /run/chrony.NAME.sock.
    Clients watching with "pps":true get TOFF (and PPS) objects. A unit that cannot be had is
    status 75 (another program's segment, another locate's unit) or 77 (not writable) when
    --shm names it, a note otherwise; a --pps source missing is 69. When serve stops, the
    segment stays, marked as holding no sample.
    """
  static let listen = TypedOption.text(
    "listen", nil, "HOST:PORT",
    "listen there (default 127.0.0.1:2947; [::1]:2947 for IPv6, localhost:2947 for both;"
      + " port 0: any free port)")
  static let options: [OptionSpec] =
    [listen.spec] + CommonOptions.source + TimeOptions.options
    + [CommonOptions.verbose.spec, CommonOptions.help]
  static let exitStatuses: [ExitStatus] = [
    .ok, .usage, .noInput, .unavailable, .software, .ioError, .busy, .permissionDenied,
    .receiverLost, .interrupted, .quit,
  ]
  static let examples = [
    ("locate serve", "gpsd's clients on this machine can use the receiver: try 'gpspipe -w'"),
    (
      "locate serve --listen 127.0.0.1:2948 --device /dev/ttyACM0",
      "beside a gpsd on 2947: 'gpspipe -w 127.0.0.1:2948'"
    ),
    (
      "locate serve --input drive.nmea --realtime --listen 127.0.0.1:0",
      "replay a capture to the first client, on a free port (printed first)"
    ),
    (
      "locate watch --input gpsd://127.0.0.1:2947 --json",
      "read it back from another locate"
    ),
    (
      "sudo locate serve --device /dev/ttyAMA0 --pps /dev/pps0",
      "chrony's 'refclock SHM 0' gets the serial time, 'refclock SHM 1' the PPS"
    ),
  ]

  static func run(_ arguments: ParsedArguments, _ context: Context) async throws(LocateError) {
    let text = try arguments.value(listen) ?? ListenAddress.loopback.description
    let address: ListenAddress
    do {
      address = try ListenAddress(parsing: text)
    } catch {
      throw Self.failure(error, option: text)
    }
    let source = try CommonOptions.source(
      arguments, environment: context.environment, command: name)
    let timePlan = try TimeOptions.plan(arguments, source: source, command: name, byDefault: true)
    var options = LocationServiceOptions(source: source)
    options.checksumPolicy = CommonOptions.checksumPolicy(arguments)
    options.pausesAutomatically = false
    options.deliversSkyViews = true
    options.deliversSentences = true
    let status = context.statusLine(arguments)
    let server: GPSDServer
    do {
      server = try GPSDServer(
        listening: address,
        version: GPSDVersion(release: "locate \(Locate.version)", revision: Locate.version),
        onEvent: { status.note(ServeNotes.text($0)) })
      try server.start()
    } catch {
      throw Self.failure(error, option: text)
    }
    if case .file(let path, _) = source {
      // A capture that cannot be read is said before the address, as a missing device is.
      do {
        try FileDescriptor.open(path, .readOnly, options: .nonBlocking).close()
      } catch {
        server.stop()
        throw FailureMapping.receiver(DeviceAccess.error(for: error, path: path), source: source)
      }
    }
    // The receiver's time: TOFF (and PPS) objects for gpsd's clients, and ntpd's and chrony's
    // reference clocks as the options say.
    let device = Locked<String?>(nil)
    var timeFeed: TimeFeed?
    if source.kind == .device {
      let listeners = TimeFeed.Listeners(
        serial: { sample in
          guard let path = device.withLock({ $0 }) else { return }
          server.publish(.timing(GPSDJSON.toff(sample, device: path)))
        },
        pulse: { sample, precision in
          guard let path = device.withLock({ $0 }) else { return }
          server.publish(.timing(GPSDJSON.pps(sample, device: path, precision: precision)))
        })
      do {
        timeFeed = try TimeFeed(
          plan: timePlan, device: (try? source.resolved())?.name, status: status,
          listeners: listeners)
      } catch {
        server.stop()
        throw error
      }
      options.epochTiming = { [timeFeed] timing in timeFeed?.epoch(timing) }
    }
    defer { timeFeed?.stop() }
    let label = source.label
    let listening = server.address
    let output = context.output
    let stderrIsTerminal = context.stderrIsTerminal
    // The address is printed once the source is there (a receiver opened, a capture found),
    // and the signal handler listens, as `simulate`'s path is: a script that reads it and
    // stops the server at once gets a clean stop.
    let relay = ServeRelay(
      server: server, service: LocationService(options: options), source: source,
      observer: RequestObserver(status: status), timeFeed: timeFeed, device: device,
      announce: { () throws(LocateError) in
        try output.write("\(listening)\n")
        try output.flush()
        if stderrIsTerminal {
          status.note(
            "serving \(label) on \(listening) in gpsd's protocol: try 'gpspipe -w \(listening)';"
              + " stop with Ctrl-C")
        }
      })
    let completion = await context.interruptible { () async throws(LocateError) in
      try await relay.run()
    }
    status.clear()
    switch completion {
    case .finished(let result):
      // The end of a replay: what clients have queued still goes out, for a moment.
      server.stop(flushing: context.signals.received == nil ? 2 : 0.5)
      try result.get()
    case .abandoned:
      server.stop()
    }
    if context.signals.received == Signal.quit.rawValue { throw .quiet(.quit) }
  }

  /// The error line and status for an address that cannot be listened on.
  static func failure(_ error: GPSDServerError, option: String) -> LocateError {
    let what = error.address
    switch error.code {
    case .invalidAddress(let why):
      return LocateError(
        .usage, "--listen '\(option)'", why,
        remedy: "e.g. --listen 127.0.0.1:2947, or --listen [::1]:2947")
    case .cannotResolve(let why):
      return LocateError(
        .usage, "--listen '\(option)'", "cannot resolve the host: \(why)",
        remedy: "give an address of this machine, e.g. 127.0.0.1")
    case .addressNotAvailable:
      return LocateError(
        .usage, "--listen '\(option)'", "not an address of this machine",
        remedy: "use 127.0.0.1, 0.0.0.0 (every interface) or one of 'ip -brief address'")
    case .addressInUse:
      return LocateError(
        .busy, what, "address already in use",
        remedy:
          "another gpsd or locate serve listens there: stop it ('sudo systemctl stop "
          + "gpsd.socket gpsd'), or choose another with --listen HOST:PORT")
    case .permissionDenied:
      return LocateError(
        .permissionDenied, what, "permission denied",
        remedy: "ports below 1024 need root: use 2947, gpsd's port")
    case .system:
      return LocateError(.software, what, error.description)
    }
  }
}
