import Foundation
import Geodesy
import Testing

/// TPV's `epx`/`epy`, `eps` and `epd` as gpsd 3.22 computes them (`gpsd_error_model`), from a
/// capture written here so every input is known: two epochs one second apart, each with a GST
/// (latitude error 2 m, longitude error 3 m) and the second 100 m north of the first.
@Suite struct ErrorEstimateEndToEndTests {
  static func sentence(_ body: String) -> String {
    NMEAText.sentence(body)
  }

  static func epoch(_ time: String, latitude: String) -> String {
    sentence("GPGGA,\(time),\(latitude),N,01130.0000,E,1,08,0.9,500.0,M,46.9,M,,")
      + sentence("GPGST,\(time),2.5,3.0,2.0,0.0,2.0,3.0,4.0")
      + sentence("GPRMC,\(time),A,\(latitude),N,01130.0000,E,0.0,0.0,010624,,,A")
  }

  @Test("eps from consecutive errors over Δt, epd from the angle they subtend")
  func consecutiveFixes() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/two.nmea"
    // 0.0539957 minutes of latitude ≈ 100 m.
    let text =
      Self.epoch("120000.00", latitude: "4800.0000")
      + Self.epoch("120001.00", latitude: "4800.0540")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try CLI.run(["watch", "--input", path, "--json", "--no-pause"])
    #expect(result.status == 0, "\(result)")
    let objects = try result.lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }.filter { $0["class"] as? String == "TPV" }
    try #require(objects.count == 2, "\(result)")
    #expect(objects[0]["epx"] as? Double == 3.0)
    #expect(objects[0]["epy"] as? Double == 2.0)
    #expect(objects[0]["eps"] == nil && objects[0]["epd"] == nil, "no previous fix")
    let distance = Geodesic.wgs84.inverse(
      latitude1: 48, longitude1: 11.5, latitude2: 48 + 0.054 / 60, longitude2: 11.5
    ).distance
    #expect(abs(distance - 100) < 0.1)
    #expect(objects[1]["eps"] as? Double == 6.0)  // (max(3, 2) + max(3, 2)) / 1 s
    let epd = 2 * asin(3 / (distance * distance + 9).squareRoot()) * 180 / .pi
    #expect(
      String(format: "%.4f", objects[1]["epd"] as? Double ?? -1) == String(format: "%.4f", epd))
  }
}
