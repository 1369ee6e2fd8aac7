import Foundation
import TestSupport
import Testing

/// `locate time` against the virtual receiver, which sends each epoch at the second it names
/// (so the system clock is a few milliseconds "ahead" of its serial time), or an hour off.
/// The clock of this shared machine is never stepped: `--set-clock` is run with a threshold it
/// is within, and, where a step is needed, as nobody (refused, status 77).
@Suite struct TimeCommandEndToEndTests {
  @Test("Text: the receiver's time, the system clock at the first byte, offset, spread, clock")
  func text() throws {
    let simulator = try Simulator(["--rate", "2", "--no-fix-loss"], drive: true)
    defer { simulator.stop() }
    let result = try CLI.run(["time", "--device", simulator.path, "--epochs", "4"])
    #expect(result.status == 0, "\(result)")
    let lines = result.lines
    #expect(
      lines.map { String($0.prefix(10)) } == [
        "Receiver  ", "System    ", "Offset    ", "Spread    ", "Clock     ", "Leap      ",
      ])
    #expect(
      lines[0].hasSuffix(".000Z  \(simulator.path)")
        || lines[0].hasSuffix(".500Z  \(simulator.path)"))
    #expect(lines[1].hasSuffix(" at the epoch's first byte"))
    #expect(
      lines[2].hasPrefix("Offset    system clock ")
        && lines[2].hasSuffix(" ahead of the receiver's serial time"))
    #expect(lines[3].hasSuffix(" over 4 epochs"))
    #expect(lines[4].contains("(adjtimex: TIME_"))
    #expect(
      lines[5] == "Leap      the receiver states none (standard NMEA has none: u-blox's"
        + " PUBX,04 and Garmin's PGRMF do)")
  }

  @Test("--json: a TIME object, offsets in seconds; --set-clock within its threshold: no step")
  func json() throws {
    let simulator = try Simulator(["--rate", "1", "--no-fix-loss"], drive: true)
    defer { simulator.stop() }
    let result = try CLI.run([
      "time", "--device", simulator.path, "--epochs", "3", "--json", "--set-clock",
      "--step-threshold", "3600",
    ])
    #expect(result.status == 0, "\(result)")
    let object = try #require(try DocumentChecks.jsonLines(result.stdout).first)
    #expect(object["class"] as? String == "TIME")
    #expect(object["device"] as? String == simulator.path)
    #expect(object["epochs"] as? Int == 3)
    #expect((object["time"] as? String)?.hasSuffix(".000Z") == true)
    // The system clock after the receiver's serial time by the delay to read each epoch: less
    // than half the 1 s epoch (a second off is a wrong epoch; the delay passes 100 ms under
    // AddressSanitizer on a loaded machine).
    for key in ["offset", "mean", "min", "max"] {
      let value = try #require(object[key] as? Double, "\(key)")
      #expect(value >= 0 && value < 0.5, "\(key) \(value)")
    }
    #expect((object["stddev"] as? Double).map { $0 >= 0 } == true)
    #expect(object["synchronised"] is Bool)
    #expect(object["stepped"] as? Bool == false)
    #expect(
      Set(object.keys) == [
        "class", "device", "time", "clock", "offset", "epochs", "mean", "stddev", "min", "max",
        "synchronised", "clockState", "maxerror", "esterror", "stepped",
      ])
  }

  @Test("Leap seconds from a u-blox's PUBX,04, as the receiver states them")
  func leapSeconds() throws {
    // The u-blox capture's first epochs, each followed by a PUBX,04 (18 s, from the almanac).
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Split on the bytes: the recorded drive ends its lines in CR LF, one Character to String.
    let data = try #require(FileManager.default.contents(atPath: Simulator.capture))
    var capture = ""
    for bytes in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
      let line = String(decoding: bytes, as: UTF8.self)
      capture += line + "\n"
      if line.contains("RMC,") {
        capture += NMEAText.sentence("PUBX,04,223745.00,110720,254265.00,2114,18,-1251,-162.250,21")
      }
    }
    try capture.write(toFile: directory + "/pubx.nmea", atomically: true, encoding: .utf8)
    let simulator = try Simulator(["--capture", directory + "/pubx.nmea", "--loop"])
    defer { simulator.stop() }
    let result = try CLI.run(["time", "--device", simulator.path, "--epochs", "3"])
    #expect(result.status == 0, "\(result)")
    #expect(result.lines.last == "Leap      GPS − UTC 18 s (PUBX,04, from the almanac)")
  }

  @Test("--set-clock an hour off, without the privilege: status 77, one line, nothing printed")
  func setClockRefused() throws {
    try #require(getuid() == 0, "needs root to hand nobody the pseudo-terminal")
    let start = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3600))
    let simulator = try Simulator(
      ["--rate", "1", "--no-fix-loss", "--start-time", start], drive: true)
    defer { simulator.stop() }
    let device = try FileManager.default.destinationOfSymbolicLink(atPath: simulator.path)
    #expect(chmod(device, 0o666) == 0)
    let copy = simulator.directory + "/locate"
    try PermissionEndToEndTests.copyExecutable(Paths.locate, to: copy)
    #expect(chmod(simulator.directory, 0o755) == 0)
    let result = try PermissionEndToEndTests.runAsNobody(
      [copy, "time", "--device", device, "--epochs", "2", "--set-clock"])
    #expect(result.status == 77, "\(result)")
    #expect(result.stdout == "")
    let line = try #require(result.stderr.split(separator: "\n").first.map(String.init))
    #expect(result.stderr == line + "\n", "one line")
    #expect(
      line.hasPrefix(
        "locate: --set-clock: setting the system clock needs root (CAP_SYS_TIME): it is 3"))
    #expect(
      line.hasSuffix(
        " s behind the receiver (run it as root: sudo locate time --set-clock)"))
    let seconds = line.split(separator: " ").first { $0.hasPrefix("3") }.flatMap { Double($0) }
    #expect(seconds.map { abs($0 - 3600) < 2 } == true, "\(line)")
  }

  @Test(
    "Errors: a capture (no arrival times), a silent receiver (status 3), a bad --epochs",
    arguments: [
      (["--input", Simulator.capture], 64),
      (["--epochs", "0"], 64),
      (["--step-threshold", "2"], 64),
    ] as [([String], Int32)])
  func errors(arguments: [String], status: Int32) throws {
    let result = try CLI.run(["time"] + arguments)
    #expect(result.status == status, "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
  }

  @Test("A receiver without a fix: status 3 at --timeout, saying so")
  func noFix() throws {
    let simulator = try Simulator(["--rate", "1"], drive: true)
    defer { simulator.stop() }
    simulator.process.send("silence 30")
    let result = try CLI.run(["time", "--device", simulator.path, "--timeout", "4"])
    #expect(result.status == 3, "\(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
  }
}
