import Foundation
import Testing

/// `locate watch --screen` on a real pseudo-terminal, read through a real terminal emulator
/// (pyte: ``ScreenTerminal``), against the virtual receiver standing at 48.1173, 11.5167.
@Suite(.serialized) struct ScreenEndToEndTests {
  /// `locate simulate` standing still at its default start, 2 fixes a second.
  static func standing() throws -> Simulator {
    try Simulator(["--speed", "0", "--no-fix-loss", "--rate", "2"], drive: true)
  }

  /// What a screen of the standing receiver must show.
  static let position = [
    "Lat     48.117300    48°07′02.28″N", "Lon     11.516700    11°31′00.12″E",
  ]

  @Test("after N epochs the screen shows the position, the fix mode, satellites and sky")
  func showsTheReceiver() throws {
    let simulator = try Self.standing()
    defer { simulator.stop() }
    let terminal = try ScreenTerminal(["watch", "--screen", "--device", simulator.path])
    let screen = try terminal.waitFor([" 6 fixes"] + Self.position)
    #expect(screen[0].hasPrefix(" locate  3D  "))
    #expect(screen.contains { $0.hasPrefix("Fix     3D  ") && $0.contains(" used of 33") })
    #expect(screen.contains { $0.hasPrefix("Alt     520.0 m MSL  567.0 m ellipsoid") })
    #expect(screen.contains { $0.hasPrefix("─ Satellites: ") && $0.contains(" of 33 in view") })
    // Satellite rows: the GPS heading, then rows `G15  L1  51 143 34 ███▍  ✓`.
    #expect(screen.contains { $0.hasPrefix("GPS ") && $0.contains(" used") })
    let rows = screen.filter {
      $0.range(of: #"^G\d+ +L1 +\d+ +\d+ +\d+ [█▏▎▍▌▋▊▉]+ +✓"#, options: .regularExpression) != nil
    }
    #expect(rows.count >= 3, "\(screen.joined(separator: "\n"))")
    // The sky plot beside the fix: north, used satellites.
    #expect(screen[2].hasSuffix("···N···             "))
    #expect(screen.dropFirst(2).prefix(9).contains { $0.contains("●G") })
    #expect(screen.contains { $0.contains("talkers GA GB GL GN GP") })
    try terminal.type("q")
    let end = try terminal.end()
    #expect(end.status == 0)
    #expect(end.stty == terminal.sttyBefore)
  }

  @Test("a resize redraws the screen at the new size")
  func resizes() throws {
    let simulator = try Self.standing()
    defer { simulator.stop() }
    let terminal = try ScreenTerminal(["watch", "--screen", "--device", simulator.path])
    var screen = try terminal.waitFor(Self.position)
    #expect(screen.count == 24 && screen[0].count == 80)
    #expect(!screen.contains { $0.hasPrefix("Fixes") })
    try terminal.resize(columns: 120, rows: 40)
    screen = try terminal.waitFor(["Fixes   ", " used of 33 in view"] + Self.position)
    #expect(screen.count == 40 && screen[0].count == 120)
    #expect(screen[0].hasSuffix("q: quit "))
    // 40 rows: a taller sky and the satellite table's rows below; 120 columns: four columns.
    #expect(screen.contains { $0.hasPrefix("─ Receiver ") && $0.count == 120 })
    #expect(!screen.contains { $0.contains(" more") })
    let used = screen.filter { !$0.hasPrefix("─") }.map { $0.filter { $0 == "✓" }.count }
      .reduce(0, +)
    #expect(
      screen.contains { $0.hasPrefix("─ Satellites: \(used) used of 33 in view") },
      "\(screen.joined(separator: "\n"))")
    try terminal.resize(columns: 50, rows: 12)
    screen = try terminal.waitFor(["Lat     48.117300"])
    #expect(screen.count == 12 && !screen.contains { $0.contains("Sky") })
    try terminal.signal("SIGTERM")
    let end = try terminal.end()
    #expect(end.status == 0)
    // The modes as they were (the window's size is the new one).
    #expect(ScreenTerminal.modes(end.stty) == ScreenTerminal.modes(terminal.sttyBefore))
    #expect(end.stty.hasPrefix("speed 38400 baud; rows 12; columns 50;"))
  }

  @Test(
    "SIGINT, SIGTERM, SIGHUP and q leave the terminal as it was",
    arguments: ["SIGINT", "SIGTERM", "SIGHUP", "q", "SIGINT twice"])
  func restoresTheTerminal(way: String) throws {
    let simulator = try Self.standing()
    defer { simulator.stop() }
    let terminal = try ScreenTerminal(["watch", "--screen", "--device", simulator.path])
    try terminal.waitFor(Self.position)
    // While it runs: no echo, no line editing.
    let during = try terminal.stty()
    #expect(terminal.sttyBefore.contains(" icanon ") && terminal.sttyBefore.contains(" echo "))
    #expect(during.contains(" -icanon ") && during.contains(" -echo "))
    switch way {
    case "q": try terminal.type("q")
    case "SIGINT twice":
      try terminal.signal("SIGINT")
      // The first may have ended it already (a fast machine, or a slow test process).
      try terminal.signal("SIGINT", ifRunning: true)
    default: try terminal.signal(way)
    }
    let end = try terminal.end()
    // Two signals: the second may come while the first stops it (130 at once) or after.
    #expect(way == "SIGINT twice" ? [0, 130].contains(end.status) : end.status == 0)
    #expect(end.stty == terminal.sttyBefore)
    // The alternate screen left, the cursor shown, autowrap back: the last bytes written.
    #expect(end.raw.hasSuffix("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"))
    #expect(end.raw.hasPrefix("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l"))
  }

  @Test("an error ends the screen first, then says what went wrong")
  func error() throws {
    let terminal = try ScreenTerminal(["watch", "--screen", "--device", "/dev/locate-no-such-gps"])
    let end = try terminal.end()
    #expect(end.status == 69)
    #expect(end.stty == terminal.sttyBefore)
    // The error line comes after the normal screen is back, so it stays visible.
    let leave = try #require(end.raw.range(of: "\u{1B}[?1049l"))
    #expect(end.raw[leave.upperBound...].contains("locate: /dev/locate-no-such-gps"))
  }

  @Test("Ctrl-Z puts the terminal back before stopping; fg takes the screen again")
  func suspends() throws {
    let simulator = try Self.standing()
    defer { simulator.stop() }
    let terminal = try ScreenTerminal(["watch", "--screen", "--device", simulator.path])
    try terminal.waitFor(Self.position)
    try terminal.signal("SIGTSTP")
    usleep(500_000)
    #expect(try terminal.stty() == terminal.sttyBefore)
    try terminal.signal("SIGCONT")
    try terminal.waitFor(Self.position)
    #expect(try terminal.stty().contains(" -icanon "))
    try terminal.type("q")
    let end = try terminal.end()
    #expect(end.status == 0)
    #expect(end.stty == terminal.sttyBefore)
  }

  @Test("colours on a colour terminal only, never with NO_COLOR")
  func colours() throws {
    let simulator = try Self.standing()
    defer { simulator.stop() }
    for (environment, coloured) in [
      (["TERM": "xterm-256color"], true), (["TERM": "xterm-256color", "NO_COLOR": "1"], false),
      (["TERM": "vt100"], false),
    ] {
      let terminal = try ScreenTerminal(
        ["watch", "--screen", "--device", simulator.path], environment: environment)
      try terminal.waitFor(Self.position)
      try terminal.type("q")
      let end = try terminal.end()
      #expect(end.status == 0)
      #expect(!end.colors.isEmpty == coloured, "\(environment): \(end.colors)")
      // Without colour, no SGR sequence but the one that resets at the end.
      let sgr = end.raw.components(separatedBy: "\u{1B}[0;").count - 1
      #expect((sgr > 0) == coloured, "\(environment)")
    }
  }
}
