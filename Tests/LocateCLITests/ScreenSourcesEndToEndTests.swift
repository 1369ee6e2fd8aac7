import Foundation
import Testing

/// `watch --screen` on every kind of source, and its fall-back to lines.
@Suite(.serialized, GpsdCaptures.needs("ublox-neo-m9n-nmea")) struct ScreenSourcesEndToEndTests {
  /// The u-blox capture's first fix, as the screen shows it.
  static let captured = ["Lat     38.110", "Lon     -122.626", "Fix     3D DGPS  25 used of 43"]

  /// A screen with the header's wall clock (`15:59:34`) blanked.
  static func withoutClock(_ screen: [String]) -> [String] {
    screen.map {
      $0.replacingOccurrences(
        of: #"\b\d\d:\d\d:\d\d\b"#, with: "hh:mm:ss", options: .regularExpression)
    }
  }

  @Test("a capture replayed with --realtime; at its end the screen stays until q")
  func replay() throws {
    let capture = GpsdCaptures.log("ublox-neo-m9n-nmea")
    let terminal = try ScreenTerminal([
      "watch", "--screen", "--input", capture, "--realtime=20", "--to", "KSFO=37.6188,-122.3750",
      "--region", "home=38.1105,-122.6269,300",
    ])
    var screen = try terminal.waitFor(Self.captured + ["replayed"])
    #expect(
      screen.contains { $0.hasPrefix("KSFO  ") && $0.contains(" km ") && $0.contains("° SSE") })
    screen = try terminal.waitFor(["input ended", "61 fixes", "home  ", "inside"], timeout: 30)
    #expect(screen.contains { $0.hasPrefix("home  ") && $0.contains("inside") })
    // The header's clock ticks each second, and a loaded machine may deliver the last frame
    // in pieces: once two looks a second apart agree but for the clock, the screen must stay
    // as it is (it waits for q, it does not end).
    var settled = Self.withoutClock(screen)
    for _ in 0..<10 {
      usleep(1_000_000)
      let now = Self.withoutClock(try terminal.ask(["cmd": "screen"])["screen"] as? [String] ?? [])
      if now == settled { break }
      settled = now
    }
    usleep(1_500_000)
    let later = Self.withoutClock(try terminal.ask(["cmd": "screen"])["screen"] as? [String] ?? [])
    #expect(
      later == settled,
      "changed: \(zip(settled, later).filter { $0 != $1 }.map { "\($0) → \($1)" })")
    #expect(settled.contains { $0.contains("input ended") })
    try terminal.type("q")
    let end = try terminal.end()
    #expect(end.status == 0)
    #expect(end.stty == terminal.sttyBefore)
  }

  @Test("a session joined to another locate that holds the device")
  func joined() throws {
    let simulator = try ScreenEndToEndTests.standing()
    defer { simulator.stop() }
    let holder = try Spawned(["watch", "--device", simulator.path, "--json", "--verbose"])
    defer { holder.stop() }
    try holder.waitFor("\"class\":\"TPV\"")
    let terminal = try ScreenTerminal(["watch", "--screen", "--device", simulator.path])
    let screen = try terminal.waitFor(
      ScreenEndToEndTests.position + ["connected  joined locate pid \(holder.pid)"])
    #expect(screen.contains { $0.hasPrefix("Fix     3D") })
    try terminal.type("q")
    #expect(try terminal.end().status == 0)
  }

  @Test("gpsd://, from locate serve")
  func gpsd() throws {
    let simulator = try ScreenEndToEndTests.standing()
    defer { simulator.stop() }
    let served = try Served(["--device", simulator.path])
    defer { _ = try? served.stop() }
    let terminal = try ScreenTerminal(["watch", "--screen", "--input", "gpsd://" + served.address])
    let screen = try terminal.waitFor(ScreenEndToEndTests.position + [" 3 fixes"])
    #expect(screen.contains { $0.hasPrefix("gpsd://") && $0.contains("connected") })
    #expect(screen.contains { $0.hasPrefix("GPS ") })
    try terminal.signal("SIGINT")
    let end = try terminal.end()
    #expect(end.status == 0)
    #expect(end.stty == terminal.sttyBefore)
  }

  @Test("standard output not a terminal: watch's lines, not a screen")
  func notATerminal() throws {
    let capture = GpsdCaptures.log("ublox-neo-m9n-nmea")
    let lines = try CLI.run(["watch", "--input", capture, "--count", "3", "--no-pause"])
    let screen = try CLI.run([
      "watch", "--screen", "--input", capture, "--count", "3", "--no-pause",
    ])
    #expect(screen.status == 0)
    #expect(screen.stdout == lines.stdout)
    #expect(screen.lines.count == 3)
    #expect(!screen.stdout.contains("\u{1B}"))
  }

  @Test("TERM=dumb on a terminal: watch's lines")
  func dumbTerminal() throws {
    let capture = GpsdCaptures.log("ublox-neo-m9n-nmea")
    let terminal = try ScreenTerminal(
      ["watch", "--screen", "--input", capture, "--count", "2", "--no-pause"],
      environment: ["TERM": "dumb"])
    let end = try terminal.end()
    #expect(end.status == 0)
    #expect(!end.raw.contains("\u{1B}[?1049h"))
    #expect(end.raw.contains("2020-07-11T22:37:45.000Z  38.110494, -122.626897  ±1.4 m"))
    #expect(end.stty == terminal.sttyBefore)
  }

  @Test("--screen refuses other formats and --events-only; several --to need it")
  func usage() throws {
    let capture = GpsdCaptures.log("ublox-neo-m9n-nmea")
    for arguments in [
      ["--screen", "--json"], ["--screen", "--format", "gpx"], ["--screen", "--events-only"],
      ["--to", "1,2", "--to", "A=3,4"],
    ] {
      let result = try CLI.run(["watch", "--input", capture] + arguments)
      #expect(result.status == 64, "\(arguments): \(result)")
      #expect(result.stderr.hasPrefix("locate: "))
    }
    let named = try CLI.run([
      "watch", "--input", capture, "--count", "1", "--to", "KSFO=37.6188,-122.3750",
    ])
    #expect(named.stdout.hasSuffix("→ 58.904 km 157.8° SSE\n"), "\(named)")
  }
}
