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

  /// The TPV objects `locate watch --input … --json` writes for `text`; checks it exits 0.
  static func tpvs(of text: String) throws -> [[String: Any]] {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/capture.nmea"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try CLI.run(["watch", "--input", path, "--json", "--no-pause"])
    #expect(result.status == 0, "\(result)")
    return try result.lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }.filter { $0["class"] as? String == "TPV" }
  }

  @Test("eps from consecutive errors over Δt, epd from the angle they subtend")
  func consecutiveFixes() throws {
    // 0.0539957 minutes of latitude ≈ 100 m.
    let objects = try Self.tpvs(
      of: Self.epoch("120000.00", latitude: "4800.0000")
        + Self.epoch("120001.00", latitude: "4800.0540"))
    try #require(objects.count == 2)
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

  /// An epoch without GST: GSA names the satellites used, GSV where they are (`azimuth6` the
  /// one that moves).
  static func skyEpoch(_ time: String, azimuth6: Int) -> String {
    sentence("GPGGA,\(time),4800.0000,N,01130.0000,E,1,04,1.5,500.0,M,46.9,M,,")
      + sentence("GPGSA,A,3,14,15,24,06,,,,,,,,,2.5,1.5,2.0")
      + sentence("GPGSV,1,1,04,14,14,150,40,15,15,254,41,24,43,192,42,06,06,\(azimuth6),39")
      + sentence("GPRMC,\(time),A,4800.0000,N,01130.0000,E,0.0,0.0,010624,,,A")
  }

  @Test("epx/epy from the satellites' geometry follow them when one moves, not before")
  func geometryFollowsTheSky() throws {
    let objects = try Self.tpvs(
      of: Self.skyEpoch("120000.00", azimuth6: 81) + Self.skyEpoch("120001.00", azimuth6: 81)
        + Self.skyEpoch("120002.00", azimuth6: 120) + Self.skyEpoch("120003.00", azimuth6: 81))
    try #require(objects.count == 4)
    func expected(_ azimuth6: Double) throws -> (x: String, y: String) {
      let dop = try #require(
        DilutionOfPrecision(directions: [(14, 150), (15, 254), (43, 192), (6, azimuth6)]))
      return (String(format: "%.3f", dop.x * 15), String(format: "%.3f", dop.y * 15))
    }
    let (x81, y81) = try expected(81)
    let (x120, y120) = try expected(120)
    #expect(x81 != x120 && y81 != y120)
    let stated = objects.map {
      (
        String(format: "%.3f", $0["epx"] as? Double ?? -1),
        String(format: "%.3f", $0["epy"] as? Double ?? -1)
      )
    }
    for (index, azimuth) in [81, 81, 120, 81].enumerated() {
      #expect(stated[index].0 == (azimuth == 81 ? x81 : x120), "epoch \(index)")
      #expect(stated[index].1 == (azimuth == 81 ? y81 : y120), "epoch \(index)")
    }
  }
}
