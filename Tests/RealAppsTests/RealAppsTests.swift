import Foundation
import Testing

/// The real-app files of Tests/RealApps (see SOURCE.md there), compiled in Swift 5 mode over
/// OpenCoreLocation, each run by `RealAppsRunner` the way its app uses it: the ones that drive
/// a manager get their locations from a `locate simulate` pseudo-terminal in $LOCATE_DEVICE.
@Suite("Real apps", .serialized)
struct RealAppsTests {
  /// An executable built beside this test bundle.
  static func built(_ name: String) -> String {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: executable).deletingLastPathComponent()
      .appendingPathComponent(name).path
  }

  /// Runs `RealAppsRunner scenario` (with a simulator's device when `simulated`): its exit
  /// status and output lines.
  static func run(_ scenario: String, simulated: Bool = true) throws -> (Int32, [String]) {
    var environment = ProcessInfo.processInfo.environment
    var simulator: Process?
    if simulated {
      // The synthetic drive starts at 48.1173, 11.5167 and moves away at 13.9 m/s.
      let process = Process()
      process.executableURL = URL(fileURLWithPath: built("locate"))
      process.arguments = ["simulate", "--no-fix-loss"]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      simulator = process
      var line = Data()
      while line.last != UInt8(ascii: "\n") {
        let byte = output.fileHandleForReading.readData(ofLength: 1)
        guard !byte.isEmpty else { break }
        line += byte
      }
      environment["LOCATE_DEVICE"] = String(decoding: line, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    defer {
      if let simulator {
        simulator.interrupt()
        simulator.waitUntilExit()
      }
    }
    let runner = Process()
    runner.executableURL = URL(fileURLWithPath: built("RealAppsRunner"))
    runner.arguments = [scenario]
    runner.environment = environment
    let output = Pipe()
    runner.standardOutput = output
    try runner.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    runner.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    return (runner.terminationStatus, lines)
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
    "a manager-driving file gets the simulator's locations",
    arguments: ["ornimetrics", "koombea", "maplibre-navigation", "asynclocationkit"])
  func drivesAManager(_ scenario: String) throws {
    let (status, lines) = try Self.run(scenario)
    #expect(status == 0, "\(lines)")
    let locations = Self.locations(lines)
    #expect(!locations.isEmpty, "\(lines)")
    #expect(locations.allSatisfy(Self.nearStart), "\(lines)")
  }

  @Test(
    "koombea sees when-in-use authorization granted; AsyncLocationKit the process's at once")
  func authorization() throws {
    // koombea keeps a status of its own (notDetermined), requests when-in-use and waits for
    // the delegate: granted. AsyncLocationKit reads its new manager's authorizationStatus
    // first, as Apple's apps do, and requests only when it is notDetermined: a free receiver is
    // the process's at once (authorizedAlways), so it asks nothing.
    for (scenario, expected) in [
      ("koombea", "status authorizedWhenInUse"), ("asynclocationkit", "status authorizedAlways"),
    ] {
      let (_, lines) = try Self.run(scenario)
      #expect(lines.first == expected, "\(scenario): \(lines)")
    }
  }

  @Test("expo's CLServiceSession source returns once authorization is decided")
  func serviceSession() throws {
    let (status, lines) = try Self.run("expo")
    #expect(status == 0)
    #expect(lines == ["status authorizedAlways"])
  }

  @Test("GpxLocationManager replays its own locations, with its CLHeading subclass")
  func gpxReplay() throws {
    let (status, lines) = try Self.run("gpx", simulated: false)
    #expect(status == 0, "\(lines)")
    // The file's replay thread starts with the first of startUpdatingHeading() and
    // startUpdatingLocation(): whether its first round delivers a heading, a location or both
    // depends on that thread's timing, so each kind is checked in its own order.
    let locations = lines.filter { $0.hasPrefix("location ") }
    let headings = lines.filter { $0.hasPrefix("heading ") }
    #expect(
      Array(locations.prefix(2)) == [
        "location 48.100000 11.500000", "location 48.101000 11.500000",
      ]
        || Array(locations.prefix(2)) == [
          "location 48.101000 11.500000", "location 48.102000 11.500000",
        ], "\(lines)")
    #expect(headings.count >= 2 && headings.allSatisfy { $0 == "heading 0.0" }, "\(lines)")
  }
}
