import Foundation
import Testing

/// `locate serve` with gpsd's own clients (Debian's gpsd-clients and python3-gps, 3.22) and
/// `locate watch --input gpsd://`, against the virtual receiver on a real pty at 10 Hz, or a
/// capture replayed with --realtime (exact values: the reference is `locate watch --json` on
/// the same capture).
@Suite struct ServeEndToEndTests {
  static let capture = Paths.simulatedDrive
  static let version =
    #"{"class":"VERSION","release":"locate 0.1.0","rev":"0.1.0","proto_major":3,"proto_minor":14}"#

  /// The simulated drive at 10 Hz, with `serve` reading it; waits until the device is open.
  /// Runs `gpspipe FLAG -n 20` against `serve` on the simulated drive at 10 Hz: the
  /// simulator's path, gpspipe's result and its lines (each keeping its CR).
  static func gpspipe(_ flag: String) throws -> (path: String, result: RunResult, lines: [String]) {
    let simulator = try Simulator(["--rate", "10", "--no-fix-loss", "--no-stops"], drive: true)
    defer { simulator.stop() }
    let served = try Served(["--device", simulator.path])
    try served.process.waitForStderr("connected at")
    let result = try served.client("/usr/bin/gpspipe", [flag, "-n", "20", served.address])
    #expect(try served.stop() == 0)
    #expect(result.status == 0, "\(result)")
    return (simulator.path, result, Self.byteLines(result))
  }

  @Test("gpspipe -w -n 20: VERSION, DEVICES naming the pty, WATCH, then TPV and SKY at 10 Hz")
  func gpspipeJSON() throws {
    let (path, result, lines) = try Self.gpspipe("-w")
    #expect(lines.count == 20)
    #expect(lines.allSatisfy { $0.hasSuffix("\r") }, "gpsd ends objects with CR LF")
    #expect(lines.first == Self.version + "\r")
    #expect(
      lines.dropFirst(2).first
        == #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"#
        + #""timing":false,"split24":false,"pps":false}"# + "\r")
    let objects = try DocumentChecks.jsonLines(result.stdout)
    let devices = objects.dropFirst().first?["devices"] as? [[String: Any]]
    #expect(devices?.count == 1)
    #expect(devices?.first?["path"] as? String == path)
    #expect(devices?.first?["driver"] as? String == "NMEA0183")
    #expect(devices?.first?["bps"] as? Int == 9600)
    let reports = objects.dropFirst(3)
    #expect(Set(reports.compactMap { $0["class"] as? String }).isSubset(of: ["TPV", "SKY"]))
    let tpvs = reports.filter { $0["class"] as? String == "TPV" }
    #expect(tpvs.count >= 5)
    #expect(reports.contains { $0["class"] as? String == "SKY" })
    for tpv in tpvs {
      #expect(tpv["device"] as? String == path)
      #expect(tpv["mode"] as? Int == 3)
    }
    // Every epoch, 0.1 s apart: none lost, none twice.
    let times = tpvs.compactMap { ($0["time"] as? String).flatMap(Self.milliseconds) }
    #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 100 }, "\(times)")
  }

  @Test(
    "gpspipe -r -n 20: the receiver's sentences, checksums intact, after VERSION, DEVICES, WATCH")
  func gpspipeNMEA() throws {
    let (_, _, lines) = try Self.gpspipe("-r")
    #expect(lines.count == 20)
    #expect(lines.first == Self.version + "\r")
    #expect(lines.dropFirst(2).first?.contains(#""json":false,"nmea":true,"raw":0"#) == true)
    let sentences = lines.dropFirst(3)
    #expect(sentences.count == 17)
    for sentence in sentences {
      #expect(nmeaChecksumHolds(sentence) && sentence.hasSuffix("\r"), "\(sentence)")
    }
    let types = Set(sentences.map { $0.dropFirst(3).prefix(3) })
    #expect(types.isSubset(of: ["RMC", "VTG", "GGA", "GSA", "GSV", "GLL"]), "\(types)")
  }

  @Test("gpxlogger: a GPX that gpsbabel reads with every fix of the capture, in order")
  func gpxlogger() throws {
    let reference = try ReferenceFixes(capture: Self.capture)
    #expect(reference.fixes.count == 72)
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let served = try Served(["--input", Self.capture, "--realtime=20"])
    defer { served.process.stop() }
    let gpx = directory + "/track.gpx"
    // gpxlogger's WATCH starts the replay; at its end serve closes and gpxlogger exits.
    let result = try served.client("/usr/bin/gpxlogger", ["-f", gpx, served.address])
    #expect(result.status == 0, "\(result)")
    #expect(try served.process.wait(timeout: 60) == 0)
    let points = try DocumentChecks.gpsbabel(gpx, tracks: true)
    #expect(points.count == reference.fixes.count)
    for (point, fix) in zip(points, reference.fixes) {
      let time = "\(point.fields["Date"] ?? "")T\(point.fields["Time"] ?? "")"
        .replacingOccurrences(of: "/", with: "-")
      #expect(fix.time.hasPrefix(time), "\(point) \(fix)")
      #expect(point.latitude == String(format: "%.6f", fix.lat), "\(point) \(fix)")
      #expect(point.longitude == String(format: "%.6f", fix.lon), "\(point) \(fix)")
    }
  }

  @Test("Python's gps client iterates the TPVs: every fix of the capture, exactly")
  func pythonClient() throws {
    let reference = try ReferenceFixes(capture: Self.capture)
    let served = try Served(["--input", Self.capture, "--realtime=20"])
    defer { served.process.stop() }
    let script = """
      import gps, sys
      host, port = sys.argv[1].rsplit(":", 1)
      session = gps.gps(host=host, port=int(port), mode=gps.WATCH_ENABLE)
      for report in session:
          if report["class"] == "TPV" and report.get("mode", 0) >= 2:
              print(report["time"], "%.9f %.9f" % (report.lat, report.lon))
      """
    let result = try served.client("/usr/bin/python3", ["-c", script, served.address])
    #expect(result.status == 0, "\(result)")
    #expect(try served.process.wait(timeout: 60) == 0)
    #expect(result.lines == reference.lines)
  }

  @Test("locate watch --input gpsd:// reads serve's NMEA relay: the capture's fixes in order")
  func locateWatch() throws {
    let reference = try ReferenceFixes(capture: Self.capture)
    let served = try Served(["--input", Self.capture, "--realtime=10"])
    defer { served.process.stop() }
    let result = try CLI.run([
      "watch", "--input", "gpsd://\(served.address)", "--json", "--no-pause", "--count", "30",
    ])
    #expect(result.status == 0, "\(result)")
    let fixes = try DocumentChecks.jsonLines(result.stdout).compactMap { object -> String? in
      guard object["class"] as? String == "TPV", let time = object["time"] as? String,
        let lat = object["lat"] as? Double, let lon = object["lon"] as? Double
      else { return nil }
      return ReferenceFixes.line(time, lat, lon)
    }
    #expect(fixes.count == 30)
    // The first read after connecting may be a backlog (LocationPolicy): at most the first
    // epoch is left out; from there on every one, as the capture has them.
    let start = reference.lines.firstIndex(of: fixes.first ?? "") ?? -1
    #expect((0...1).contains(start), "\(fixes.first ?? "none")")
    if start >= 0 { #expect(Array(reference.lines[start..<start + 30]) == fixes) }
  }

  @Test("IPv6 loopback: [::1]:PORT printed, and gpspipe reaches it")
  func ipv6() throws {
    let served = try Served(["--input", Self.capture, "--realtime=20"], listen: "[::1]:0")
    defer { served.process.stop() }
    #expect(served.address.hasPrefix("[::1]:"))
    let result = try served.client("/usr/bin/gpspipe", ["-w", "-n", "1", served.address])
    #expect(result.stdout == Self.version + "\r\n")
  }

  @Test(
    "SIGINT, SIGTERM and SIGHUP end it with status 0, the device released",
    arguments: [
      SIGINT, SIGTERM, SIGHUP,
    ])
  func signals(signal: Int32) throws {
    let simulator = try Simulator(["--rate", "10"], drive: true)
    defer { simulator.stop() }
    let served = try Spawned(["serve", "--listen", "127.0.0.1:0", "--device", simulator.path])
    defer { served.stop() }
    _ = try served.waitForLines(1)
    // Open: it holds the device, and shares it with a second reader (its relay listens a
    // moment after the open: a sanitizer build is slow enough to show that moment).
    let shared = "\(simulator.path)  shared by locate, pid \(served.pid)\n"
    var devices = try CLI.run(["devices", "--device", simulator.path])
    try waitUntil(timeout: 30) {
      devices = try CLI.run(["devices", "--device", simulator.path])
      return devices.stdout.hasPrefix(shared)
    }
    #expect(devices.stdout.hasPrefix(shared), "\(devices.stdout)")
    #expect(try CLI.run(["current", "--device", simulator.path, "--timeout", "30"]).status == 0)
    served.signal(signal)
    #expect(try served.wait(timeout: 30) == 0)
    #expect(served.stderr == "")
    #expect(try CLI.run(["current", "--device", simulator.path]).status == 0)
  }

  @Test(
    "bad --listen: 64 with one line",
    arguments: [
      (
        "nonsense",
        "locate: --listen 'nonsense': no :PORT (e.g. --listen 127.0.0.1:2947, or --listen [::1]:2947)"
      ),
      (
        "::1:2947",
        "locate: --listen '::1:2947': an IPv6 address goes in brackets, e.g. [::1]:2947 (e.g. --listen 127.0.0.1:2947, or --listen [::1]:2947)"
      ),
      (
        "127.0.0.1:99999",
        "locate: --listen '127.0.0.1:99999': the port is not a number from 0 to 65535 (e.g. --listen 127.0.0.1:2947, or --listen [::1]:2947)"
      ),
      (
        "192.0.2.1:2947",
        "locate: --listen '192.0.2.1:2947': not an address of this machine (use 127.0.0.1, 0.0.0.0 (every interface) or one of 'ip -brief address')"
      ),
    ])
  func badListen(text: String, line: String) throws {
    let result = try CLI.run(["serve", "--listen", text, "--input", Self.capture])
    #expect(result.status == 64)
    #expect(result.stderr == line + "\n")
    #expect(result.stdout == "")
  }

  @Test("an address in use: 75 with one line")
  func addressInUse() throws {
    let first = try Served(["--input", Self.capture])
    defer { first.process.stop() }
    let result = try CLI.run(["serve", "--listen", first.address, "--input", Self.capture])
    #expect(result.status == 75)
    #expect(
      result.stderr
        == "locate: \(first.address): address already in use (another gpsd or locate serve "
        + "listens there: stop it ('sudo systemctl stop gpsd.socket gpsd'), or choose another "
        + "with --listen HOST:PORT)\n")
  }

  @Test("a receiver that is not there: 69, as watch")
  func noReceiver() throws {
    let result = try CLI.run([
      "serve", "--listen", "127.0.0.1:0", "--device", "/dev/locate-no-such-tty",
    ])
    #expect(result.status == 69)
    #expect(result.stderr.hasPrefix("locate: /dev/locate-no-such-tty: no such device"))
  }

  /// stdout split at each LF, each line keeping its CR (Swift's `String` treats CR LF as one
  /// character).
  static func byteLines(_ result: RunResult) -> [String] {
    result.stdoutData.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Milliseconds of the day of an ISO 8601 time (`…T12:34:56.700Z`).
  static func milliseconds(_ time: String) -> Int? {
    let parts = time.split(separator: "T").last?.dropLast().split(separator: ":")
    guard let parts, parts.count == 3, let hours = Int(parts[0]), let minutes = Int(parts[1]),
      let seconds = Double(parts[2])
    else { return nil }
    return (hours * 3600 + minutes * 60) * 1000 + Int((seconds * 1000).rounded())
  }
}
