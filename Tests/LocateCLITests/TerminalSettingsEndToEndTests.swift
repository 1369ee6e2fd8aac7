import Foundation
import Testing

/// The terminal settings of a device, read through a second descriptor.
enum TerminalSettings {
  struct Snapshot: Equatable {
    var input: UInt32
    var output: UInt32
    var control: UInt32
    var local: UInt32
    var speed: UInt32
  }

  static func read(_ path: String) throws -> Snapshot {
    let descriptor = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else { throw TestFailure("cannot open \(path): \(errno)") }
    defer { close(descriptor) }
    var settings = termios()
    guard tcgetattr(descriptor, &settings) == 0 else { throw TestFailure("tcgetattr: \(errno)") }
    return Snapshot(
      input: settings.c_iflag, output: settings.c_oflag, control: settings.c_cflag,
      local: settings.c_lflag, speed: cfgetispeed(&settings))
  }
}

extension SimulatorEndToEndTests {
  /// SIGINT while reading at another rate: the pty's settings are put back.
  @Test(arguments: [["watch", "--json"], ["current", "--max-age", "0", "--timeout", "600"]])
  func terminalSettingsRestoredOnSIGINT(command: [String]) throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    let device = try FileManager.default.destinationOfSymbolicLink(atPath: simulator.path)
    let before = try TerminalSettings.read(device)
    if command[0] == "current" {
      simulator.process.send("silence 600")
      try simulator.process.waitFor("silent 600")
    }
    let reader = try Spawned(
      command + ["--device", simulator.path, "--baud", "4800", "--verbose"])
    defer { reader.stop() }
    try reader.waitForStderr("connected at 4800 baud")
    // As root (CI) the exclusive open does not stop a second descriptor: see the change.
    if getuid() == 0 {
      let during = try TerminalSettings.read(device)
      #expect(during != before)
      #expect(during.speed == UInt32(B4800))
    }
    reader.signal(SIGINT)
    #expect(try reader.wait() == (command[0] == "watch" ? 0 : 130))
    #expect(try TerminalSettings.read(device) == before)
  }
}
