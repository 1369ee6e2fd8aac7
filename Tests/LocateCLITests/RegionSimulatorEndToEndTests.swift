import Foundation
import Geodesy
import Receivers
import Testing
import VirtualReceiver

/// `locate watch --device PTY --region …` against `locate simulate`'s synthetic drive: the
/// real serial path, live, with the region events the route makes.
@Suite struct RegionSimulatorEndToEndTests {
  /// The drive: from (48.1173, 11.5167) heading 45° along a geodesic, accelerating 1.5 m/s²
  /// to 30 m/s (315 m at 20 s), then 30 m a second; no turns, stops or tunnels. Fix k is at
  /// 2026-01-01T00:00:00Z + k s, D(k) = 0.75k(k + 1) m from the start up to k = 20, then
  /// 315 + 30(k − 20).
  static let simulate = [
    "--speed", "30", "--no-turns", "--no-stops", "--no-fix-loss", "--start-time",
    "2026-01-01T00:00:00Z",
  ]
  /// r 900 m around the start: inside at the first fix (up to k = 39, D ≤ 890.5), left at
  /// k = 41 (D = 945 ≥ 920). The bridge, r 150 m around the point 1400 m on: outside at first,
  /// entered at k = 52 (125 m ≤ 130), left at k = 62 (175 m ≥ 170).
  static let regions = [
    "--region", "start=48.1173,11.5167,900", "--region", "bridge=48.126202,11.529998,150",
  ]

  static func truth(_ count: Int) throws -> [GeoPoint] {
    var options = DriveOptions()
    options.speed = 30
    options.turns = false
    options.stops = false
    options.fixLoss = false
    options.duration = Double(count)
    var drive = try DriveGenerator(options: options)
    var points: [GeoPoint] = []
    while drive.next() != nil, let epoch = drive.current {
      points.append(GeoPoint(latitude: epoch.latitude, longitude: epoch.longitude))
    }
    return points
  }

  @Test func crossingsOfALiveDrive() throws {
    let truth = try Self.truth(70)
    let start = GeoPoint(latitude: 48.1173, longitude: 11.5167)
    let bridge = GeoPoint(latitude: 48.126202, longitude: 11.529998)
    func distance(_ k: Int, _ centre: GeoPoint) -> Double {
      Geodesic.wgs84.inverse(from: truth[k], to: centre).distance
    }
    // The route is what the comments say.
    #expect(abs(distance(40, start) - 915) < 0.01 && abs(distance(41, start) - 945) < 0.01)
    #expect(abs(distance(51, bridge) - 155) < 0.2 && abs(distance(52, bridge) - 125) < 0.2)
    #expect(abs(distance(61, bridge) - 145) < 0.2 && abs(distance(62, bridge) - 175) < 0.2)

    let simulator = try Simulator(Self.simulate, drive: true)
    defer { simulator.stop() }
    let watch = try Spawned(
      ["watch", "--device", simulator.path, "--json", "--no-pause"] + Self.regions)
    defer { watch.stop() }
    try watch.waitFor(#""region":"bridge","event":"exit""#, timeout: 180)
    watch.signal(SIGINT)
    #expect(try watch.wait() == 0)
    let objects = try DocumentChecks.jsonLines(watch.stdout)
    // Every fix was accurate to 20 m or better, so the band is the 20 m margin throughout.
    let tpvs = objects.filter { $0["class"] as? String == "TPV" }
    #expect(tpvs.count > 20)
    #expect(tpvs.allSatisfy { ($0["eph"] as? Double ?? 99) <= 20 })
    let events = objects.filter { $0["class"] as? String == "REGION" }
    let summary = events.map {
      "\($0["region"] as? String ?? "") \($0["event"] as? String ?? "") "
        + "\($0["state"] as? String ?? "")"
    }
    #expect(
      summary == [
        "start initial inside", "bridge initial outside", "start exit outside",
        "bridge enter inside", "bridge exit outside",
      ])
    guard events.count == 5 else { return }
    #expect(events[0]["time"] as? String == events[1]["time"] as? String)
    #expect(
      events[2...].map { $0["time"] as? String } == [
        "2026-01-01T00:00:41.000Z", "2026-01-01T00:00:52.000Z", "2026-01-01T00:01:02.000Z",
      ])
    let distances = events[2...].map { $0["distance"] as? Double ?? 0 }
    #expect(abs(distances[0] - distance(41, start)) < 0.05)
    #expect(abs(distances[1] - distance(52, bridge)) < 0.05)
    #expect(abs(distances[2] - distance(62, bridge)) < 0.05)
    #expect(events.allSatisfy { $0["device"] as? String == simulator.path })
    // Each REGION object comes just before the TPV of its fix.
    let lines = watch.stdout.split(separator: "\n")
    for (index, line) in lines.enumerated() where line.hasPrefix(#"{"class":"REGION""#) {
      let time = line.components(separatedBy: #""time":""#).last?.prefix(24) ?? ""
      let next = lines[(index + 1)...].first { $0.hasPrefix(#"{"class":"TPV""#) } ?? ""
      #expect(next.contains(#""time":""# + time), "\(line)")
    }
  }
}
