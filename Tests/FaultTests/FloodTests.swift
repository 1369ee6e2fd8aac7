import Foundation
import Testing

/// A flood: 10 epochs a second, each with the GSVs of all four constellations (GPS, GLONASS,
/// Galileo, BeiDou: about 2.5 KB an epoch), paced in real time. `watch --satellites` prints
/// every fix and a sky view with all four systems, and its memory and threads stay flat. CI
/// runs 20 seconds; `make soak` five minutes (LOCATE_FLOOD_SECONDS).
@Suite struct FloodTests {
  static let seconds =
    Double(ProcessInfo.processInfo.environment["LOCATE_FLOOD_SECONDS"] ?? "")
    ?? (runsUnderSanitizer ? 10 : 20)

  @Test("10 Hz with four constellations of GSVs: every fix, full sky views, flat memory")
  func flood() throws {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let feeder = try DriveFeeder(directory: directory, satellitesEveryEpoch: true)
    let watch = try LocateChild([
      "watch", "--device", feeder.link, "--baud", "115200", "--json", "--no-pause",
      "--satellites",
    ])
    try watch.waitFor(UnplugStormTests.connected)
    try UnplugStormTests.prime(feeder, watch, "flood")
    let epochs = Int(Self.seconds * 10)
    let start = Date()
    var early: (kib: Int, threads: Int)?
    for index in 0..<epochs {
      let due = start.addingTimeInterval(Double(index) / 10)
      let wait = due.timeIntervalSinceNow
      if wait > 0 { pause(wait) }
      try feeder.send(1)
      // Read as a consumer that keeps up would (a live stream queues what is not read).
      watch.drain()
      if index == 99 { early = (try #require(watch.residentKiB), watch.threadCount) }
    }
    let last = #""class":"TPV""# + ".*" + Printed.iso8601(feeder.sent.last?.time ?? 0)
    try watch.waitForOutput("the last fix") {
      $0.range(of: last, options: .regularExpression) != nil
    }
    let late = (try #require(watch.residentKiB), watch.threadCount)
    watch.signal(SIGINT)
    #expect(try watch.wait() == 0)
    let printed = try Printed(watch.stdout)
    let skyViews = printed.objects.filter { $0["class"] as? String == "SKY" }
    var systems: Set<Int> = []
    for sky in skyViews {
      for satellite in sky["satellites"] as? [[String: Any]] ?? [] {
        if let system = satellite["gnssid"] as? Int { systems.insert(system) }
      }
    }
    #expect(printed.fixes.map(\.time) == feeder.sent.map { milliseconds($0.time) })
    #expect(skyViews.count >= epochs - 1)
    #expect(systems == [0, 2, 3, 6])
    print(
      "FloodTests: \(epochs) epochs; RSS \(early?.kib ?? -1) KiB after 10 s, \(late.0) KiB at the end"
    )
    if let early, !runsUnderSanitizer {
      #expect(
        late.0 - early.kib < 4096, "RSS \(early.kib) KiB after 10 s, \(late.0) KiB at the end")
      #expect(late.1 <= early.threads)
    }
    #expect(watch.stderr == "")
  }
}
