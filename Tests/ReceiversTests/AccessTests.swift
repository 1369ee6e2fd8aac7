import Foundation
import Glibc
import Testing

@testable import Receivers

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
      throws: ReceiverError(code: .busy(holder: holder), path: pty.slavePath, errno: EAGAIN)
    ) {
      try second.start(EventRecorder().handler)
    }
  }

  @Test("a port another program holds (here locked with flock) is busy, naming that program")
  func lockedByAnotherProcess() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    holder.arguments = ["--no-fork", "--exclusive", pty.slavePath, "sleep", "60"]
    try holder.run()
    defer {
      kill(holder.processIdentifier, SIGKILL)
      holder.waitUntilExit()
    }
    let receiver = Receiver(
      source: .device(path: pty.slavePath, baud: .fixed(9600)), options: testOptions())
    var refusal: ReceiverError?
    eventually {
      do throws(ReceiverError) {
        try receiver.start(EventRecorder().handler)
        receiver.stop()
        return false
      } catch {
        refusal = error
        return error.code
          == .busy(holder: DeviceHolder(pid: holder.processIdentifier, command: "sleep"))
      }
    }
    let expected = DeviceHolder(pid: holder.processIdentifier, command: "sleep")
    #expect(
      refusal == ReceiverError(code: .busy(holder: expected), path: pty.slavePath, errno: EBUSY))
    #expect(
      refusal?.description
        == "\(pty.slavePath): busy: sleep (pid \(holder.processIdentifier)) holds it; stop it first"
    )
  }

  @Test("EACCES and EPERM become permission denied, naming the group that owns the device")
  func permissionMapping() throws {
    let directory = temporaryDirectory()
    defer { removeTree(directory) }
    let path = "\(directory)/ttyFake"
    let fd = try FileDescriptor.open(path, O_WRONLY | O_CREAT, mode: 0o660)
    fd.close()
    #expect(chown(path, 0, 20) == 0)  // gid 20 is dialout on Debian
    let group = DeviceAccess.groupName(20)
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
        == "\(path): permission denied: the device belongs to group 'dialout'; join it"
        + " (sudo usermod -aG dialout $USER) and log in again")
  }

  @Test("a group without a name is given by number")
  func unnamedGroup() {
    #expect(DeviceAccess.groupName(54_321) == "54321")
  }

  @Test(
    "other errors map to not found, busy, not a terminal or I/O",
    arguments: [
      (ENOENT, ReceiverError.Code.notFound), (ENXIO, .notFound), (ENODEV, .notFound),
      (EBUSY, .busy(holder: nil)), (EAGAIN, .busy(holder: nil)),
      (ENOTTY, .invalidSource("not a serial port (\(Errno(rawValue: ENOTTY)))")), (EIO, .io),
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
        == "/dev/ttyUSB0: busy: gpsd (pid 42) holds it; stop it (sudo systemctl stop gpsd.socket"
        + " gpsd) or read through it with --input gpsd://localhost")
    #expect(
      text("ModemManager")
        == "/dev/ttyUSB0: busy: ModemManager (pid 42) holds it; stop it (sudo systemctl stop"
        + " ModemManager) or tell it to ignore the device (udev ENV{ID_MM_DEVICE_IGNORE}=\"1\")")
    #expect(
      text("locate")
        == "/dev/ttyUSB0: busy: another locate (pid 42) is reading it; stop that one first")
    #expect(
      ReceiverError(code: .busy(holder: nil), path: path).description
        == "/dev/ttyUSB0: busy: another program has it open; find it with 'fuser -v /dev/ttyUSB0'"
        + " and stop it")
    #expect(
      ReceiverError(code: .notFound, path: "").description
        == "no GPS receiver found: plug one in or name it with --device PATH"
        + " ('locate devices' lists what exists)")
    #expect(
      ReceiverError(code: .baudNotFound(tried: [9600, 4800], seen: "no bytes at all"), path: path)
        .description
        == "/dev/ttyUSB0: no baud rate gave NMEA (tried 9600, 4800): no bytes at all;"
        + " set the rate with --baud N or switch the receiver to NMEA output")
  }
}
