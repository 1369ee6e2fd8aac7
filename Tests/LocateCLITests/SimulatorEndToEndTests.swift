import Foundation
import Testing

/// The real serial path against `locate simulate` (a virtual receiver on a pty), through the
/// built binary: every command, signals, unplugging, and refusals.
@Suite
struct SimulatorEndToEndTests {
  @Test func syntheticDriveThroughMunich() throws {
    let simulator = try Simulator(["--rate", "5"], drive: true)
    defer { simulator.stop() }
    let result = try CLI.run(
      ["watch", "--device", simulator.path, "--count", "10", "--json", "--no-pause"])
    #expect(result.status == 0, "\(result)")
    let tpvs = try DocumentChecks.jsonLines(result.stdout).filter {
      $0["class"] as? String == "TPV"
    }
    #expect(tpvs.count == 10)
    for tpv in tpvs {
      #expect(abs((tpv["lat"] as? Double ?? 0) - 48.1173) < 0.05)
      #expect(abs((tpv["lon"] as? Double ?? 0) - 11.5167) < 0.05)
      #expect((0...20).contains(tpv["speed"] as? Double ?? -1))  // m/s, pulling away
    }
  }

  @Test func simulatePrintsItsPathAndStopsOnSIGINT() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let simulator = try Spawned(["simulate", "--capture", Simulator.capture])
    defer { simulator.stop() }
    let path = try simulator.waitForLines(1)[0]
    #expect(path.hasPrefix("/dev/pts/"))
    #expect(FileManager.default.fileExists(atPath: path))
    simulator.signal(SIGINT)
    #expect(try simulator.wait() == 0)
    #expect(simulator.stderr == "")
  }

  @Test func watchFiveFixesAsJSON() throws {
    let simulator = try Simulator(["--replay-speed", "5"])
    defer { simulator.stop() }
    let result = try CLI.run(["watch", "--device", simulator.path, "--count", "5", "--json"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    let objects = try DocumentChecks.jsonLines(result.stdout)
    let tpvs = objects.filter { $0["class"] as? String == "TPV" }
    #expect(tpvs.count == 5)
    for tpv in tpvs {
      #expect(tpv["device"] as? String == simulator.path)
      #expect(tpv["mode"] as? Int == 3)
      // The recorded drive stays within 48.1173…48.1192, 11.5167…11.5272.
      #expect(abs((tpv["lat"] as? Double ?? 0) - 48.1182) < 0.0011)
      #expect(abs((tpv["lon"] as? Double ?? 0) - 11.5220) < 0.0055)
      #expect(tpv["time"] as? String != nil)
    }
    let events = objects.filter { $0["class"] as? String == "EVENT" }
    #expect(events.contains { $0["state"] as? String == "connected" })
  }

  @Test func watchForADuration() throws {
    let simulator = try Simulator(["--replay-speed", "5"])
    defer { simulator.stop() }
    let result = try CLI.run(
      ["watch", "--device", simulator.path, "--duration", "2", "--json", "--no-pause"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains(#""class":"TPV""#))
    #expect(result.stderr == "")
  }

  @Test func currentAsText() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    let result = try CLI.run(["current", "--device", simulator.path])
    #expect(result.status == 0, "\(result)")
    #expect(result.lines.count == 9)
    #expect(result.lines.first?.hasPrefix("Position  48.11") == true)
    #expect(
      result.lines[2].hasPrefix("Place     ") && result.lines[2].hasSuffix(", Bavaria, DE"))
    #expect(result.lines.last == "Device    " + simulator.path)
    #expect(result.stderr == "")
  }

  @Test func currentThroughLOCATE_DEVICE() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    let result = try CLI.run(["current", "--json"], environment: ["LOCATE_DEVICE": simulator.path])
    #expect(result.status == 0, "\(result)")
    #expect(
      try DocumentChecks.jsonLines(result.stdout).first?["device"] as? String == simulator.path)
  }

  @Test func distanceFromTheCurrentFix() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    let result = try CLI.run([
      "distance", "--device", simulator.path, "EDDM=48.3538,11.7861", "LOWS=47.7933,13.0043",
      "--json",
    ])
    #expect(result.status == 0, "\(result)")
    let names = try DocumentChecks.jsonLines(result.stdout).map { $0["name"] as? String }
    #expect(names == ["EDDM", "LOWS"])
  }

  @Test func devicesListsAndProbesTheSimulator() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    let list = try CLI.run(["devices", "--device", simulator.path])
    #expect(list.stdout == simulator.path + "  available\n")
    #expect(list.status == 0)
    let text = try CLI.run(["devices", "--device", simulator.path, "--probe"])
    #expect(text.lines.first == simulator.path + "  available")
    // Satellites used across all four constellations' GSAs (GGA's own count stops at 12); the
    // drive's count changes from epoch to epoch, so only its range is fixed.
    let last = text.lines.last ?? ""
    let prefix =
      " baud, talkers GA GB GL GN GP, sentences GGA GLL GSA GSV RMC VTG, 3D fix "
    let used = last.components(separatedBy: prefix + "with ").last?
      .components(separatedBy: " satellites used").first.flatMap { Int($0) }
    #expect(last.hasSuffix(" satellites used") && (13...40).contains(used ?? 0), "\(text)")
    let probe = try CLI.run(["devices", "--device", simulator.path, "--probe", "--json"])
    let object = try #require(try DocumentChecks.jsonLines(probe.stdout).first)
    #expect(object["class"] as? String == "DEVICE")
    #expect(object["available"] as? Bool == true)
    #expect((object["talkers"] as? [String])?.isEmpty == false)
    #expect((object["sentences"] as? [String])?.contains("GGA") == true)
    #expect(object["fix"] as? String == "3D fix")
    #expect((13...40).contains(object["uSat"] as? Int ?? 0))
  }

  @Test func baudHuntingFindsTheOnlyRate() throws {
    let simulator = try Simulator(["--baud", "4800"])
    defer { simulator.stop() }
    let result = try CLI.run(["current", "--device", simulator.path, "--baud", "auto", "--json"])
    #expect(result.status == 0, "\(result)")
  }

  /// SIGINT in the middle of a GPX track: a complete document with every point written.
  @Test(arguments: [SIGINT, SIGTERM])
  func gpxClosedOnSignal(signal: Int32) throws {
    let simulator = try Simulator(["--replay-speed", "10"])
    defer { simulator.stop() }
    let watch = try Spawned(["watch", "--device", simulator.path, "--format", "gpx", "--no-pause"])
    defer { watch.stop() }
    try watch.waitFor("<trkpt", timeout: 60)
    try watch.waitForLines(12, timeout: 60)
    watch.signal(signal)
    #expect(try watch.wait() == 0)
    let text = watch.stdout
    #expect(text.hasSuffix("</trkseg>\n</trk>\n</gpx>\n"))
    let path = DocumentChecks.write(text, to: simulator.directory, name: "track.gpx")
    #expect(try DocumentChecks.xmllint(path) == nil)
    let written = text.components(separatedBy: "<trkpt ").count - 1
    #expect(written >= 5)
    #expect(try DocumentChecks.gpsbabel(path, tracks: true).count == written)
    #expect(watch.stderr == "")
  }

  @Test func geoJSONSequenceClosedOnSIGINT() throws {
    let simulator = try Simulator(["--replay-speed", "10"])
    defer { simulator.stop() }
    let watch = try Spawned(["watch", "--device", simulator.path, "--format", "geojson"])
    defer { watch.stop() }
    try watch.waitForLines(3)
    watch.signal(SIGINT)
    #expect(try watch.wait() == 0)
    #expect(try DocumentChecks.geoJSONSequence(watch.stdout).count >= 3)
  }

  @Test func unplugAndReplugDuringWatch() throws {
    let simulator = try Simulator(["--replay-speed", "5"])
    defer { simulator.stop() }
    let watch = try Spawned(["watch", "--device", simulator.path, "--json", "--no-pause"])
    defer { watch.stop() }
    try watch.waitFor(#""class":"TPV""#)
    simulator.process.send("unplug")
    try watch.waitFor(#""state":"unplugged""#)
    simulator.process.send("replug")
    try watch.waitFor(#""state":"connected""#)
    let before = watch.stdout.components(separatedBy: #""class":"TPV""#).count
    let deadline = Date().addingTimeInterval(60)
    while watch.stdout.components(separatedBy: #""class":"TPV""#).count <= before + 2,
      Date() < deadline
    {
      usleep(50_000)
    }
    watch.signal(SIGINT)
    #expect(try watch.wait() == 0)
    let objects = try DocumentChecks.jsonLines(watch.stdout)
    let lastUnplug = objects.lastIndex { $0["state"] as? String == "unplugged" } ?? objects.count
    #expect(objects[lastUnplug...].contains { $0["class"] as? String == "TPV" })
  }

  @Test func interruptedWhileWaitingIs130() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    simulator.process.send("silence 600")
    try simulator.process.waitFor("silent 600")
    let current = try Spawned(
      ["current", "--device", simulator.path, "--baud", "9600", "--verbose"])
    defer { current.stop() }
    try current.waitForStderr("\(simulator.path): connected")
    current.signal(SIGINT)
    #expect(try current.wait() == 130)
    #expect(current.stdout == "")
    let notes = current.stderr.split(separator: "\n")
    #expect(
      notes.allSatisfy { $0.hasPrefix("locate: \(simulator.path): ") || $0.hasPrefix("waiting") })
  }

  @Test func silentReceiverTimesOutWithStatus3() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    simulator.process.send("silence 600")
    try simulator.process.waitFor("silent 600")
    // Before the receiver counts as silent (3 s): no NMEA at all.
    let result = try CLI.run(
      ["current", "--device", simulator.path, "--baud", "9600", "--timeout", "1"])
    #expect(
      result.stderr
        == "locate: no fix within 1 s: no NMEA from \(simulator.path), at this baud rate or at "
        + "all (try --baud auto, or look with 'locate devices --probe')\n")
    #expect(result.status == 3)
    // After: silent, for as long as it waited (issue 21: it said 3 s, when it was reported).
    let silent = try CLI.run(
      ["current", "--device", simulator.path, "--baud", "9600", "--timeout", "30"])
    #expect(
      silent.stderr
        == "locate: \(simulator.path): connected, but silent for 30 s (check the receiver's power "
        + "and cable, or try --baud auto)\n")
    #expect(silent.status == 3)
  }

  @Test func unpluggedBeforeAFixIs5() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    simulator.process.send("silence 600")
    try simulator.process.waitFor("silent 600")
    let current = try Spawned(
      ["current", "--device", simulator.path, "--baud", "9600", "--timeout", "5", "--verbose"])
    defer { current.stop() }
    try current.waitForStderr("\(simulator.path): connected")
    simulator.process.send("unplug")
    #expect(try current.wait() == 5)
    #expect(
      current.stderr.hasSuffix(
        "locate: \(simulator.path): unplugged before a fix (check the cable, then try again)\n"))
  }

  @Test("the stop control is acknowledged, then the simulator ends with 0")
  func stopIsAcknowledged() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    simulator.process.send("stop")
    try simulator.process.waitFor("stopped")
    #expect(try simulator.process.wait() == 0)
  }

  @Test("devices --format json is --json; other formats are 64")
  func devicesFormat() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    let json = try CLI.run(["devices", "--device", simulator.path, "--format", "json"])
    #expect(json.status == 0, "\(json)")
    #expect(json.stdout.hasPrefix(#"{"class":"DEVICE","path":""# + simulator.path))
    let same = try CLI.run(["devices", "--device", simulator.path, "--json"])
    #expect(same.stdout == json.stdout)
  }

  @Test func busyDeviceIs75AndNamesTheHolder() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    // A program that is not locate holds it (flock, as locate does): nothing to join.
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    defer { close(null) }
    let holder = try ChildProcess(
      "/usr/bin/flock", ["--exclusive", simulator.path, "/bin/sleep", "60"],
      environment: CLI.baseEnvironment, stdin: nil, stdout: null, stderr: null)
    defer { holder.terminate() }
    var result = try CLI.run(["current", "--device", simulator.path, "--timeout", "5"])
    for _ in 0..<100 where !result.stderr.contains("held by") {
      usleep(50_000)
      result = try CLI.run(["current", "--device", simulator.path, "--timeout", "5"])
    }
    #expect(result.stderr.hasPrefix("locate: \(simulator.path): busy, held by "))
    #expect(result.status == 75)
  }

  @Test func missingDeviceIs69() throws {
    let result = try CLI.run(["current", "--device", "/dev/ttyUSB-not-there"])
    #expect(
      result.stderr
        == "locate: /dev/ttyUSB-not-there: no such device (check the path; 'locate devices' "
        + "lists the receivers present)\n")
    #expect(result.status == 69)
  }

  @Test func pipedIntoHeadEndsQuietly() throws {
    let simulator = try Simulator(["--replay-speed", "10"])
    defer { simulator.stop() }
    let result = try CLI.shell(
      """
      "$LOCATE" watch --device '\(simulator.path)' --json --no-pause 2>'\(simulator.directory)/err' \
        | head -n 2 >/dev/null
      echo "status=${PIPESTATUS[0]}"; cat '\(simulator.directory)/err'
      """)
    #expect(result.stdout == "status=0\n")
  }
}
