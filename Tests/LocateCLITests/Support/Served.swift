import Foundation

/// `locate serve --listen 127.0.0.1:0 --verbose` running for a test, on a free port of its own
/// (tests run in parallel), with what gpsd's clients need to reach it.
final class Served: Sendable {
  let process: Spawned
  /// The address it printed first, `HOST:PORT` (`[::1]:PORT` for IPv6).
  let address: String

  /// Starts `locate serve` with `options` (a source) and waits for the address line.
  init(_ options: [String], listen: String = "127.0.0.1:0") throws {
    process = try Spawned(["serve", "--listen", listen, "--verbose"] + options)
    address = try process.waitForLines(1).first ?? ""
  }

  /// Runs a gpsd client (a program and its arguments) to its end.
  func client(_ program: String, _ arguments: [String], timeout: Double = 120) throws -> RunResult {
    try CLI.runProgram(program, arguments, stdin: nil, environment: [:], timeout: timeout)
  }

  /// Stops it (SIGTERM) and returns its exit status.
  @discardableResult
  func stop() throws -> Int32 {
    process.signal(SIGTERM)
    defer { process.stop() }
    return try process.wait(timeout: 60)
  }
}

/// What `locate watch --input CAPTURE --json --no-pause` prints for a capture: the reference
/// for what `serve` hands gpsd's clients.
struct ReferenceFixes {
  /// Each fix's time (as printed), latitude and longitude.
  let fixes: [(time: String, lat: Double, lon: Double)]

  init(capture: String) throws {
    let result = try CLI.run(["watch", "--input", capture, "--json", "--no-pause"])
    guard result.status == 0 else { throw TestFailure("watch failed: \(result)") }
    fixes = try DocumentChecks.jsonLines(result.stdout).compactMap { object in
      guard object["class"] as? String == "TPV", let time = object["time"] as? String,
        let lat = object["lat"] as? Double, let lon = object["lon"] as? Double
      else { return nil }
      return (time, lat, lon)
    }
  }

  /// The fixes as comparable text, `TIME LAT LON` (9 decimals, as TPV writes them).
  var lines: [String] { fixes.map { Self.line($0.time, $0.lat, $0.lon) } }

  /// One fix as comparable text.
  static func line(_ time: String, _ lat: Double, _ lon: Double) -> String {
    "\(time) " + String(format: "%.9f %.9f", lat, lon)
  }
}

/// The NMEA checksum of a line `$…*hh` is right.
func nmeaChecksumHolds(_ line: String) -> Bool {
  let text = line.trimmingCharacters(in: .newlines)
  guard text.hasPrefix("$") || text.hasPrefix("!"), let star = text.lastIndex(of: "*"),
    let expected = UInt8(text[text.index(after: star)...], radix: 16)
  else { return false }
  let sum = text.utf8.dropFirst().prefix(while: { $0 != UInt8(ascii: "*") }).reduce(0, ^)
  return sum == expected
}
