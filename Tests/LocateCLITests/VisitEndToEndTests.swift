import Foundation
import Receivers
import Testing
import VirtualReceiver

/// `locate watch --visits` through the built binary over a drive with planned stops of 7, 1
/// and 12 minutes: two visits, each reported on arrival and on departure.
@Suite struct VisitEndToEndTests {
  /// The drive's capture (started 2025-06-15T15:06:40Z) in a temporary directory.
  struct Drive {
    let directory: String
    let path: String

    init() throws {
      var options = DriveOptions()
      options.startTime = 1_750_000_000
      options.duration = 1_900
      options.fixLoss = false
      options.stopPlan = [
        DriveStop(at: 100, duration: 420), DriveStop(at: 700, duration: 60),
        DriveStop(at: 900, duration: 720),
      ]
      var bytes: [UInt8] = []
      for chunk in try DriveGenerator(options: options) { bytes += chunk.bytes }
      directory = try Paths.temporaryDirectory()
      path = directory + "/drive.nmea"
      FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    func clean() { try? FileManager.default.removeItem(atPath: directory) }

    func watch(_ options: [String]) throws -> RunResult {
      try CLI.run(["watch", "--input", path, "--visits"] + options)
    }
  }

  @Test func jsonVisitObjects() throws {
    let drive = try Drive()
    defer { drive.clean() }
    let result = try drive.watch(["--events-only", "--json"])
    #expect(result.status == 0, "\(result)")
    let objects = try result.lines.map { line in
      try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }
    #expect(objects.map { $0["class"] as? String } == Array(repeating: "VISIT", count: 4))
    #expect(
      objects.map { $0["event"] as? String } == ["arrival", "departure", "arrival", "departure"])
    #expect(objects[0]["departure"] == nil)
    #expect(objects[1]["arrival"] as? String == objects[0]["arrival"] as? String)
    // 7 and 12 minutes standing, plus the approach within 50 m.
    let first = try #require(objects[1]["duration"] as? Double)
    let second = try #require(objects[3]["duration"] as? Double)
    #expect(first >= 420 && first <= 440, "\(first)")
    #expect(second >= 720 && second <= 740, "\(second)")
  }

  @Test func textLinesAndCount() throws {
    let drive = try Drive()
    defer { drive.clean() }
    let result = try drive.watch(["--events-only", "--count", "2"])
    #expect(result.status == 0, "\(result)")
    #expect(result.lines.count == 2)
    #expect(result.lines.first?.contains("  arrived: ") == true)
    #expect(result.lines.last?.contains("  left after 7 min ") == true)
    #expect(result.lines.last?.contains("(arrived 2025-06-15T15:08:") == true)
  }

  @Test func geojsonAndRefusedFormats() throws {
    let drive = try Drive()
    defer { drive.clean() }
    let geojson = try drive.watch(["--events-only", "--format", "geojson"])
    #expect(geojson.status == 0)
    #expect(geojson.stdout.filter { $0 == "\u{1E}" }.count == 4)
    #expect(geojson.stdout.contains("\"properties\":{\"class\":\"VISIT\",\"event\":\"arrival\""))
    for format in ["gpx", "csv"] {
      let refused = try drive.watch(["--format", format])
      #expect(refused.status == 64)
      #expect(
        refused.stderr
          == "locate: --visits with --format \(format): visits are written as text, json or geojson (see 'locate watch --help')\n"
      )
    }
  }
}
