import Glibc
import Platform
import Testing

@testable import Receivers
@testable import VirtualReceiver

@Suite("Exclusive access and refusals")
struct AccessTests {
  @Test("a second open is refused as busy, naming this process as the holder")
  func secondOpenBusy() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let first = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: testOptions())
    try first.start(EventRecorder().handler)
    defer { first.stop() }
    let second = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: testOptions())
    let holder = DeviceHolder(pid: getpid(), command: ownCommand)
    #expect(
      throws: ReceiverError(
        code: .busy(holder: holder), path: pty.slavePath, errno: EAGAIN, source: .device)
    ) {
      try second.start(EventRecorder().handler)
    }
  }

  @Test("a port another program holds (here locked with flock) is busy, naming that program")
  func lockedByAnotherProcess() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let holder = try ChildProcess(
      "/usr/bin/flock", ["--no-fork", "--exclusive", pty.slavePath, "sleep", "60"])
    defer { holder.kill() }
    let expected = DeviceHolder(pid: holder.pid, command: "sleep")
    // Wait until flock has taken the lock and become sleep (it execs without forking).
    #expect(eventually { DeviceHolders.find(pty.slavePath) == [expected] })
    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: testOptions())
    var refusal: ReceiverError?
    do throws(ReceiverError) {
      try receiver.start(EventRecorder().handler)
      receiver.stop()
    } catch {
      refusal = error
    }
    #expect(
      refusal
        == ReceiverError(
          code: .busy(holder: expected), path: pty.slavePath, errno: EBUSY, source: .device))
    #expect(
      refusal?.description
        == "\(pty.slavePath): busy, held by sleep, pid \(holder.pid) (stop sleep, then try again)"
    )
  }

  @Test("EACCES and EPERM become permission denied, naming the group that owns the device")
  func permissionMapping() throws {
    let pty = try PseudoTerminal()
    let path = pty.slavePath
    #expect(chown(path, 0, 20) == 0)  // gid 20 is dialout on Debian
    let group = CurrentProcess.groupName(20)
    #expect(group == "dialout")
    for errno in [Errno.accessDenied, .notPermitted] {
      #expect(
        DeviceAccess.error(for: errno, path: path)
          == ReceiverError(
            code: .permissionDenied(group: "dialout"), path: path, errno: errno.rawValue))
      #expect(
        DeviceAccess.state(for: DeviceAccess.error(for: errno, path: path))
          == .denied(path: path, group: "dialout"))
    }
    #expect(
      DeviceAccess.error(for: .accessDenied, path: path).description
        == "\(path): permission denied (add yourself to the 'dialout' group: sudo usermod -aG"
        + " dialout $USER, then log in again)")
  }

  @Test("a path that is not a device is said to be what it is, never a group to join")
  func notADevice() throws {
    let directory = temporaryDirectory()
    defer { removeTree(directory) }
    let path = "\(directory)/file"
    let fd = try FileDescriptor.open(path, .writeOnly, options: .create, permissions: 0o600)
    fd.close()
    #expect(chown(path, 0, 20) == 0)
    #expect(
      DeviceAccess.deviceError(for: .accessDenied, path: path)
        == ReceiverError(
          code: .invalidSource("a regular file, not a serial port"), path: path,
          errno: Errno.notTerminal.rawValue))
    // Files (captures) are still refused as files.
    #expect(
      DeviceAccess.error(for: .accessDenied, path: path)
        == ReceiverError(
          code: .permissionDenied(group: nil), path: path, errno: Errno.accessDenied.rawValue))
    #expect(
      DeviceAccess.deviceError(for: .noDevice, path: directory)
        == ReceiverError(
          code: .invalidSource("a directory, not a serial port"), path: directory,
          errno: Errno.notTerminal.rawValue))
  }

  @Test("a group without a name is given by number")
  func unnamedGroup() {
    #expect(CurrentProcess.groupName(54_321) == "54321")
  }

  @Test(
    "other errors map to not found (a link loop, a name too long too), busy, not a terminal or I/O",
    arguments: [
      (ENOENT, ReceiverError.Code.notFound), (ENXIO, .notFound), (ENODEV, .notFound),
      (EBUSY, .busy(holder: nil)), (EAGAIN, .busy(holder: nil)),
      (ENOTTY, .invalidSource("not a serial port")), (EIO, .io), (ELOOP, .notFound),
      (ENAMETOOLONG, .notFound), (EISDIR, .invalidSource("a directory, not a serial port")),
    ])
  func errnoMapping(errno: Int32, code: ReceiverError.Code) {
    let path = "/dev/ttyNothing"
    #expect(
      DeviceAccess.error(for: Errno(rawValue: errno), path: path)
        == ReceiverError(code: code, path: path, errno: errno))
  }

  @Test("remedies name what to do about the usual holders")
  func busyRemedies() {
    let path = "/dev/ttyUSB0"
    func text(_ command: String) -> String {
      ReceiverError(code: .busy(holder: DeviceHolder(pid: 42, command: command)), path: path)
        .description
    }
    #expect(
      text("gpsd")
        == "/dev/ttyUSB0: busy, held by gpsd, pid 42 (read through gpsd with the source"
        + " gpsd://localhost, or stop it: sudo systemctl stop gpsd.socket gpsd)")
    #expect(
      text("ModemManager")
        == "/dev/ttyUSB0: busy, held by ModemManager, pid 42 (stop it (sudo systemctl stop"
        + " ModemManager) or tell it to leave the port alone with a udev rule setting"
        + " ID_MM_DEVICE_IGNORE=1)")
    #expect(
      text("locate")
        == "/dev/ttyUSB0: busy, held by locate, pid 42 (another locate is reading it: stop that"
        + " one, or wait for it to finish)")
    #expect(
      ReceiverError(code: .busy(holder: nil), path: path).description
        == "/dev/ttyUSB0: busy, but no process has it open (a program killed while it read this"
        + " pseudo-terminal left it exclusive (TIOCEXCL): a running locate simulate clears that"
        + " within a second, another program that made the pty must be restarted; for a serial"
        + " port, a program /proc does not show holds it (fuser -v /dev/ttyUSB0, as root, names"
        + " it))")
    #expect(
      ReceiverError(code: .notFound, path: "").description
        == "no GPS receiver found: plug one in, or name its device in $LOCATE_DEVICE")
    #expect(
      ReceiverError(code: .baudNotFound(tried: [9600, 4800], seen: "no bytes at all"), path: path)
        .description
        == "/dev/ttyUSB0: no baud rate gave NMEA (tried 9600, 4800): no bytes at all;"
        + " give the receiver's rate, or switch it to NMEA output")
  }

  @Test("the library's words name no command-line option: the command line adds its own")
  func noOptionsInLibraryText() throws {
    let path = "/dev/ttyUSB0"
    let holders =
      [nil]
      + ["gpsd", "ModemManager", "locate", "minicom"].map {
        DeviceHolder(pid: 42, command: $0)
      }
    var texts = holders.map { ReceiverError(code: .busy(holder: $0), path: path).description }
    texts += [nil, "dialout", "root"].map {
      ReceiverError(code: .permissionDenied(group: $0), path: path).description
    }
    texts += [
      ReceiverError(code: .notFound, path: "").description,
      ReceiverError(code: .notFound, path: path).description,
      ReceiverError(code: .baudNotFound(tried: [9600], seen: "no bytes at all"), path: path)
        .description,
      BaudRate.unsupported(12345, path: path).description,
      ReceiverError(code: .io, path: "gpsd://h:2947", errno: ECONNREFUSED, source: .gpsd)
        .description,
    ]
    for text in ["12345", "fast"] {
      do throws(ReceiverError) {
        _ = try BaudSetting(parsing: text)
      } catch {
        texts.append(error.description)
      }
    }
    do throws(ReceiverError) {
      _ = try SerialPort.open("/dev/ptmx", rate: 9600)
    } catch {
      texts.append(error.description)
    }
    #expect(texts.count == 16)
    for text in texts { #expect(!text.contains("--"), "\(text)") }
  }
}

@Suite("Error descriptions")
struct ErrorDescriptionTests {
  @Test("missing files and refused connections say what to check")
  func descriptions() {
    #expect(
      ReceiverError(code: .notFound, path: "/tmp/x.nmea", errno: ENOENT).description
        == "/tmp/x.nmea: no such file or directory")
    #expect(
      ReceiverError(code: .notFound, path: "/dev/ttyUSB3", errno: ENOENT).description
        == "/dev/ttyUSB3: no such device: is the receiver plugged in? ('locate devices' lists what"
        + " exists)")
    #expect(
      ReceiverError(
        code: .io, path: "gpsd://localhost:2947", errno: ECONNREFUSED, source: .gpsd
      ).description
        == "gpsd://localhost:2947: Connection refused: is gpsd running and listening there?")
    #expect(
      ReceiverError(code: .io, path: "tcp://10.0.0.5:10110", errno: ECONNREFUSED, source: .tcp)
        .description
        == "tcp://10.0.0.5:10110: Connection refused: is the NMEA bridge running and listening"
        + " there?")
    #expect(
      ReceiverError(code: .invalidSource("unsupported baud rate 12345"), path: "/dev/ttyS0")
        .description == "/dev/ttyS0: unsupported baud rate 12345")
  }

  @Test("states read as status lines")
  func states() {
    #expect(
      "\(DeviceState.connected(path: "/dev/ttyACM0", baud: 9600))"
        == "connected to /dev/ttyACM0 at 9600 baud")
    #expect("\(DeviceState.connected(path: "tcp://h:1", baud: nil))" == "connected to tcp://h:1")
    #expect(
      "\(DeviceState.silent(path: "/dev/ttyACM0", seconds: 3))"
        == "/dev/ttyACM0 is connected but has sent nothing for 3 s")
    #expect(
      "\(DeviceState.unplugged(path: "/dev/ttyACM0"))"
        == "/dev/ttyACM0 went away; waiting for it to come back")
    #expect("\(DeviceState.ended)" == "end of input")
  }
}
