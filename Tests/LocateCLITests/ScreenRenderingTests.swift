import FoundationEssentials
import LocationEngine
import Testing

@testable import LocateCLI

/// The screen without a terminal: the cell buffer, the frame diff, the layout per size, and
/// what the renderer draws for a model.
@Suite struct ScreenRenderingTests {
  static let escape = "\u{1B}"

  /// A 3D DGPS fix at 48.1173, 11.5167 and a sky of three satellites (two used).
  static func model() -> ScreenModel {
    var model = ScreenModel(source: "/dev/ttyACM0")
    var gnss = GNSSFixInfo(
      mode: .fix3D, status: .dgps, satellitesUsed: 2, satellitesInView: 3, hdop: 0.9, vdop: 1.2,
      pdop: 1.5, geoidSeparation: 47, climb: 0.25, latitudeError: 3.5, longitudeError: 2.5)
    gnss.device = "/dev/ttyACM0"
    let fix = Fix(
      coordinate: CLLocationCoordinate2D(latitude: 48.1173, longitude: 11.5167), altitude: 520,
      ellipsoidalAltitude: 567, horizontalAccuracy: 4.5, verticalAccuracy: 7.5, course: 45,
      speed: 10, timestamp: Date(timeIntervalSince1970: 1_764_672_000), gnss: gnss)
    let now = Date(timeIntervalSince1970: 1_764_672_000.4)
    model.apply(.device(.connected(path: "/dev/ttyACM0", baud: 9600)), now: now)
    model.apply(.location(fix), now: now)
    model.apply(
      .sky(
        GNSSSkyView(
          satellites: [
            GNSSSatellite(
              system: .gps, svid: 12, prn: 12, elevation: 90, azimuth: 0, snr: 44, used: true,
              signalID: 1),
            GNSSSatellite(
              system: .galileo, svid: 5, prn: 305, elevation: 0, azimuth: 90, snr: 31, used: true,
              signalID: 7),
            GNSSSatellite(system: .glonass, svid: 7, prn: 71, elevation: 30, azimuth: 180),
          ], hdop: 0.9, vdop: 1.2, pdop: 1.5)), now: now)
    return model
  }

  @Test("a frame shows the fix, the satellites, the sky plot and the receiver")
  func frame() {
    let frame = ScreenRenderer(colors: false).frame(
      Self.model(), columns: 80, rows: 24, now: Date(timeIntervalSince1970: 1_764_672_000.4))
    let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 24)
    #expect(lines[0].hasPrefix(" locate  3D DGPS  2/3 satellites  1 fix"))
    #expect(lines[2].hasPrefix("UTC     2025-12-02 10:40:00.00 UTC  age 0.4 s"))
    #expect(lines[4].hasPrefix("Lat     48.117300    48°07′02.28″N"))
    #expect(lines[5].hasPrefix("Lon     11.516700    11°31′00.12″E"))
    #expect(lines[6].hasPrefix("Alt     520.0 m MSL  567.0 m ellipsoid"))
    #expect(lines[7].hasPrefix("Speed   36.0 km/h  10.00 m/s  climb +0.25 m/s"))
    #expect(lines[8].hasPrefix("Course  45.0° NE"))
    #expect(lines[9].hasPrefix("Fix     3D DGPS  2 used of 3"))
    #expect(lines[10].hasPrefix("Error   eph 4.5  epv 7.5  epx 2.5  epy 3.5 m"))
    #expect(lines[11].hasPrefix("DOP     H 0.90  V 1.20  P 1.50  G -  T -"))
    #expect(lines[12].hasPrefix("─ Satellites: 2 used of 3 in view"))
    #expect(lines[13] == "GPS 1/1 used")
    #expect(lines[14] == "G12  L1  90   0 44 ████▍ ✓")
    #expect(lines[15] == "GLONASS 0/1 used")
    #expect(lines[16] == "R7       30 180  -")
    #expect(lines[17] == "Galileo 1/1 used")
    #expect(lines[18] == "E5   E1   0  90 31 ███▏  ✓")
    // The plot: the zenith satellite on the centre, the one due east on the horizon.
    #expect(lines[6].hasSuffix("│        W   ·   ●G12·   ●E5"))
    #expect(lines[19].hasPrefix("─ Receiver "))
    #expect(lines[20] == "/dev/ttyACM0  9600 baud  connected")
    #expect(lines[21] == "no sentences counted yet")
    #expect(lines[23].hasSuffix("/dev/ttyACM0: connected at 9600 baud"))
  }

  @Test("the first frame clears and draws; an unchanged one writes nothing; one cell, one cell")
  func diff() {
    var encoder = FrameEncoder(styled: true)
    var frame = CellBuffer(width: 10, height: 3)
    frame.write("abc", row: 1, column: 2, style: .bold)
    let first = String(decoding: encoder.encode(frame), as: UTF8.self)
    #expect(
      first == Self.escape + "[0m" + Self.escape + "[H" + Self.escape + "[2J" + Self.escape
        + "[2;3H" + Self.escape + "[0;1mabc" + Self.escape + "[0m")
    #expect(encoder.encode(frame).isEmpty)
    frame.write("X", row: 2, column: 9, style: .bold)
    #expect(
      String(decoding: encoder.encode(frame), as: UTF8.self) == Self.escape + "[3;10H" + Self.escape
        + "[0;1mX" + Self.escape + "[0m")
    // Two changes three cells apart: rewritten in one run, not two moves.
    frame.write("1", row: 0, column: 0)
    frame.write("2", row: 0, column: 4)
    #expect(String(decoding: encoder.encode(frame), as: UTF8.self) == Self.escape + "[1;1H1   2")
    // Without styles no SGR at all; a new size clears again.
    var plain = FrameEncoder(styled: false)
    let bytes = String(decoding: plain.encode(frame), as: UTF8.self)
    #expect(!bytes.contains("[0;"))
    #expect(
      String(decoding: plain.encode(CellBuffer(width: 4, height: 2)), as: UTF8.self).hasSuffix(
        "[2J"))
  }

  @Test("text is clipped, wide characters take two cells, control characters are never sent")
  func cells() {
    var buffer = CellBuffer(width: 6, height: 1)
    #expect(buffer.write("東京x\u{1B}[2Jyz", row: 0, column: 0) == 6)
    #expect(buffer.text == "東京x?")
    buffer.write("ab", row: 0, column: 1)
    // The wide characters cut in half lost their other halves.
    #expect(buffer.text == " ab x?")
    var encoder = FrameEncoder(styled: false)
    #expect(
      String(decoding: encoder.encode(buffer), as: UTF8.self)
        == Self.escape + "[0m" + Self.escape + "[H" + Self.escape + "[2J" + Self.escape
        + "[1;2Hab x?")
  }

  @Test(
    "the layout keeps every part at 80x24 and degrades below",
    arguments: [
      (80, 24, true, true, true), (120, 40, true, true, true), (70, 24, true, true, true),
      (60, 20, false, true, true), (80, 12, true, false, false), (40, 6, false, false, false),
    ])
  func layout(columns: Int, rows: Int, sky: Bool, satellites: Bool, receiver: Bool) {
    let layout = ScreenLayout.make(columns: columns, rows: rows, targetLines: 0)
    #expect(!layout.tooSmall)
    #expect(layout.fix != nil)
    #expect((layout.sky != nil) == sky)
    #expect((layout.satellites != nil) == satellites)
    #expect((layout.receiver != nil) == receiver)
    let parts = [layout.title, layout.fix, layout.satellites, layout.receiver, layout.footer]
    #expect(parts.compactMap { $0 }.allSatisfy { $0.bottom <= rows && $0.width <= columns })
  }

  @Test("below 20x3 the screen says it is too small")
  func tooSmall() {
    #expect(ScreenLayout.make(columns: 19, rows: 24, targetLines: 0).tooSmall)
    let frame = ScreenRenderer(colors: false).frame(Self.model(), columns: 12, rows: 2, now: Date())
    #expect(frame.text == "terminal too\n")
  }

  @Test("a table too long for its place keeps the used satellites and says how many are left")
  func overflow() {
    let satellites = (1...20).map {
      GNSSSatellite(system: .gps, svid: $0, prn: $0, snr: $0 <= 5 ? 40 : nil, used: $0 <= 3)
    }
    let entries = SatelliteTable.entries(GNSSSkyView(satellites: satellites), capacity: 5)
    #expect(entries.count == 5)
    #expect(entries.first == .heading(.gps, used: 3, inView: 20))
    #expect(entries.last == .more(17))
  }
}
