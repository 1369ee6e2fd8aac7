import Foundation
import Glibc
import TestSupport
import Testing

/// The client programs of Tests/RealApps (see the README there), compiled in Swift 5 mode over
/// OpenCoreLocation, each run by `RealAppsRunner` the way its app uses it, with a `locate
/// simulate` pseudo-terminal in $LOCATE_DEVICE.
@Suite("Real apps", .serialized)
struct RealAppsTests {
  /// The synthetic drive starts at 48.1173, 11.5167, at rest, heading 45°.
  static let straight = ["--no-fix-loss", "--no-turns", "--no-stops"]

  /// Runs `RealAppsRunner scenario` (with `locate simulate simulate…` in $LOCATE_DEVICE
  /// unless `simulate` is nil): its exit status and output lines. Every wait has a deadline:
  /// the simulator's first line 30 s, the scenario 120 s (it gives up itself after 60 s), the
  /// simulator's end after SIGINT 10 s; past one, the process is killed and the test fails.
  static func run(_ scenario: String, simulate: [String]? = straight) throws -> (Int32, [String]) {
    var environment = ProcessInfo.processInfo.environment
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var simulator: ChildProcess?
    defer {
      if let simulator {
        simulator.signal(SIGINT)
        if simulator.wait(timeout: 10) == nil { simulator.terminate() }
      }
    }
    if let simulate {
      let announced = directory + "/simulator"
      let (child, line) = try spawn(
        Paths.built("locate"), ["simulate"] + simulate, environment: environment,
        stdout: announced)
      simulator = child
      let deadline = Date().addingTimeInterval(30)
      var path = ""
      while Date() < deadline {
        path = String(
          decoding: (try? Data(contentsOf: URL(fileURLWithPath: line))) ?? Data(),
          as: UTF8.self)
        if path.contains("\n") || !child.isRunning { break }
        usleep(20_000)
      }
      guard path.contains("\n") else {
        throw TestFailure("locate simulate announced no device within 30 s: \(path)")
      }
      environment["LOCATE_DEVICE"] = String(path.prefix { $0 != "\n" })
        .trimmingCharacters(in: .whitespaces)
    }
    let output = directory + "/runner"
    let (runner, _) = try spawn(
      Paths.built("RealAppsRunner"), [scenario], environment: environment, stdout: output)
    guard let status = runner.wait(timeout: 120) else {
      runner.terminate()
      throw TestFailure("RealAppsRunner \(scenario) did not end within 120 s")
    }
    let data = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    return (status, lines)
  }

  /// Starts `program` with its standard output in the file `stdout` (standard error on
  /// /dev/null): the child and the file's path.
  static func spawn(
    _ program: String, _ arguments: [String], environment: [String: String], stdout: String
  ) throws -> (ChildProcess, String) {
    let out = open(stdout, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer {
      close(out)
      close(null)
    }
    guard out >= 0, null >= 0 else { throw TestFailure("cannot create \(stdout)") }
    let child = try ChildProcess(
      program, arguments, environment: environment, stdin: null, stdout: out, stderr: null)
    return (child, stdout)
  }

  /// The `location LAT LON` lines, as coordinates.
  static func locations(_ lines: [String]) -> [(Double, Double)] {
    lines.compactMap { line in
      let parts = line.split(separator: " ")
      guard parts.count == 3, parts[0] == "location", let lat = Double(parts[1]),
        let lon = Double(parts[2])
      else { return nil }
      return (lat, lon)
    }
  }

  /// Within a kilometre of the drive's start.
  static func nearStart(_ point: (Double, Double)) -> Bool {
    abs(point.0 - 48.1173) < 0.01 && abs(point.1 - 11.5167) < 0.015
  }

  @Test(
    "an app's manager gets the simulator's locations",
    arguments: ["service", "service-async", "navigation", "trip", "session"])
  func drivesAManager(_ scenario: String) throws {
    let (status, lines) = try Self.run(scenario)
    #expect(status == 0, "\(lines)")
    let locations = Self.locations(lines)
    #expect(!locations.isEmpty, "\(lines)")
    #expect(locations.allSatisfy(Self.nearStart), "\(lines)")
  }

  @Test("the singleton, by callbacks and async/await, gets the process's authorization at once")
  func authorization() throws {
    // The service reads its manager's authorizationStatus first and requests when-in-use only
    // while it is notDetermined; a free receiver is the process's at once (authorizedAlways),
    // so it asks nothing and gets that status.
    for scenario in ["service", "service-async"] {
      let (_, lines) = try Self.run(scenario)
      #expect(lines.first == "status authorizedAlways", "\(scenario): \(lines)")
      #expect(Self.locations(lines).count == (scenario == "service" ? 3 : 1), "\(lines)")
    }
  }

  @Test("CLServiceSession: always authorization once decided, then updates while it is held")
  func serviceSession() throws {
    let (status, lines) = try Self.run("session")
    #expect(status == 0)
    #expect(lines.first == "status authorizedAlways", "\(lines)")
    #expect(Self.locations(lines).count == 2, "\(lines)")
  }

  @Test("override init() configured the subclass; its startUpdatingLocation() override ran")
  func navigationSubclass() throws {
    let (status, lines) = try Self.run("navigation")
    #expect(status == 0, "\(lines)")
    #expect(lines.first == "settings -2.0 -1.0 automotiveNavigation false", "\(lines)")
    #expect(lines.last == "starts 1", "\(lines)")
    // The distance left to the point 150 m ahead, as the app computed it.
    let left = lines.filter { $0.hasPrefix("left ") }.compactMap { Double($0.dropFirst(5)) }
    #expect(left.count == 2 && left.allSatisfy { $0 > 100 && $0 < 200 }, "\(lines)")
  }

  @Test("liveUpdates(): five fixes, moving off, the distance their sum")
  func trip() throws {
    let (status, lines) = try Self.run("trip")
    #expect(status == 0, "\(lines)")
    let points = Self.locations(lines)
    #expect(points.count == 5, "\(lines)")
    let summary = try #require(lines.last?.split(separator: " "), "\(lines)")
    #expect(summary.prefix(3) == ["trip", "5", "fixes"], "\(lines)")
    let distance = try #require(Double(summary[3]), "\(lines)")
    // The same sum on a sphere, from the printed positions (6 decimals: ±0.1 m each).
    var sum = 0.0
    for (a, b) in zip(points, points.dropFirst()) {
      let north = (b.0 - a.0) * 111_200
      let east = (b.1 - a.1) * 111_200 * cos(a.0 * .pi / 180)
      sum += (north * north + east * east).squareRoot()
    }
    #expect(abs(distance - sum) < max(1, sum * 0.01), "\(lines)")
    #expect(points.last.map { $0.0 >= points[0].0 && $0.1 >= points[0].1 } == true, "\(lines)")
  }

  @Test("the demo-mode subclass replays its own route with its CLHeading subclass")
  func simulatedManager() throws {
    let (status, lines) = try Self.run("replay", simulate: nil)
    #expect(status == 0, "\(lines)")
    #expect(
      lines.filter { $0.hasPrefix("location ") }.prefix(3) == [
        "location 48.100000 11.500000", "location 48.101000 11.500000",
        "location 48.102000 11.500000",
      ], "\(lines)")
    let headings = lines.filter { $0.hasPrefix("heading ") }
    #expect(headings.count == 3 && headings.allSatisfy { $0 == "heading 0.0 SimulatedHeading" })
  }

  @Test("region monitoring: start inside then exited, ahead outside then entered")
  func regions() throws {
    let (status, lines) = try Self.run("regions", simulate: Self.straight + ["--speed", "20"])
    #expect(status == 0, "\(lines)")
    #expect(lines.first == "fences ahead start", "\(lines)")
    let events = lines.filter { !$0.hasPrefix("state") && $0.hasPrefix("e") }
    #expect(events == ["exited start", "entered ahead"], "\(lines)")
    #expect(lines.contains("state start inside") && lines.contains("state ahead outside"))
    let first = lines.firstIndex(of: "state start inside") ?? .max
    #expect(first < (lines.firstIndex(of: "exited start") ?? -1), "\(lines)")
  }

  @Test("CLMonitor: the same fences, the same four events")
  func monitor() throws {
    let (status, lines) = try Self.run("monitor", simulate: Self.straight + ["--speed", "20"])
    #expect(status == 0, "\(lines)")
    #expect(Set(lines.prefix(2)) == ["start inside", "ahead outside"], "\(lines)")
    #expect(Array(lines.dropFirst(2)) == ["start outside", "ahead inside"], "\(lines)")
  }

  @Test("the compass reads the receiver's HDT heading")
  func compass() throws {
    let (status, lines) = try Self.run(
      "compass", simulate: Self.straight + ["--heading-sentence", "hdt"])
    #expect(status == 0, "\(lines)")
    let last = try #require(lines.last?.split(separator: " "), "\(lines)")
    #expect(last.count == 3 && last[2] == "true", "\(lines)")
    #expect(abs((Double(last[1]) ?? 0) - 45) < 2, "\(lines)")
  }

  @Test("visits: a six-minute stop, replayed at 60 times: its arrival, then its departure")
  func visits() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let path = directory + "/stop.nmea"
    try #require(
      FileManager.default.createFile(atPath: path, contents: Data(Self.stopCapture)))
    let (status, lines) = try Self.run(
      "visits", simulate: ["--capture", path, "--replay-speed", "60"])
    #expect(status == 0, "\(lines)")
    #expect(lines.count == 2, "\(lines)")
    let arrival = lines.first?.split(separator: " ") ?? []
    let departure = lines.last?.split(separator: " ") ?? []
    #expect(arrival.first == "arrived" && departure.first == "left", "\(lines)")
    // The stop is 360 s at 48.120000, 11.500000; the stay takes in the last 50 m of the
    // approach and the first of the way out (10 m/s: 5 s each).
    if departure.count == 8, let duration = Double(departure[3]) {
      #expect(abs(duration - 370) <= 12, "\(lines)")
      #expect(abs((Double(departure[5]) ?? 0) - 48.12) < 0.0002, "\(lines)")
      #expect(abs((Double(departure[6]) ?? 0) - 11.5) < 0.0002, "\(lines)")
    } else {
      Issue.record("not 'left TIME after S s LAT LON ±A': \(lines)")
    }
  }

  /// One fix a second: 30 s driving north at 10 m/s to 48.12, 11.5, 360 s standing there
  /// (jitter of a metre or two), 40 s driving on.
  static var stopCapture: [UInt8] {
    let metre = 1 / 111_200.0
    var fixes: [(latitude: Double, longitude: Double, accuracy: Double)] = []
    for second in 0..<30 { fixes.append((48.12 - Double(30 - second) * 10 * metre, 11.5, 5)) }
    for second in 0..<360 {
      fixes.append((48.12 + Double(second % 3 - 1) * metre, 11.5 + Double(second % 2) * metre, 5))
    }
    for second in 1...40 { fixes.append((48.12 + Double(second) * 10 * metre, 11.5, 5)) }
    return TourCapture.nmea(fixes)
  }
}
