import Foundation
import LocationEngine
import OpenCoreLocation
import Testing

@testable import LocateCLI

/// Human text. The coordinates are written by Geodesy's formatter, so the exact strings wait
/// for it; the rest is checked now.
@Suite struct HumanFormatTests {
  @Test
  func currentBlock() {
    let now = SampleFixes.time.addingTimeInterval(0.4)
    #expect(
      HumanFormat.current(SampleFixes.full, now: now, style: .plain)
        == """
        Position  48.117300, 11.516667
                  48°07′02.28″N, 11°31′00.00″E
        Altitude  545.4 m above mean sea level, 592.3 m above the ellipsoid
        Accuracy  ±4.2 m horizontal, ±6.1 m vertical
        Speed     12.3 m/s (44.3 km/h), course 45.0° NE
        Fix       3D DGPS, 8 satellites used of 12 in view
        Time      2024-05-01T12:00:00.123Z, 0.4 s ago
        Device    /dev/ttyACM0

        """)
    #expect(
      HumanFormat.current(SampleFixes.flat, now: now, style: .plain)
        == """
        Position  -33.925000, -18.500000
                  33°55′30.00″S, 18°30′00.00″W
        Altitude  unknown (2D fix)
        Accuracy  ±25.0 m horizontal, vertical unknown
        Speed     unknown
        Fix       2D GPS, 3 satellites used
        Time      2000-01-01T00:00:00.000Z, replayed
        Device    capture.log

        """)
  }

  @Test
  func watchLines() {
    let reading = TargetReading(
      target: .init(latitude: 48.3538, longitude: 11.7861), distance: 31_707.1234, bearing: 36.9)
    #expect(
      HumanFormat.watchLine(SampleFixes.full, target: reading)
        == "2024-05-01T12:00:00.123Z  48.117300, 11.516667  ±4.2 m  alt 545.4 m  "
        + "44.3 km/h 45° NE  3D 8/12 sats  → 31.707 km 36.9° NE\n")
    #expect(
      HumanFormat.watchLine(SampleFixes.flat, target: nil)
        == "2000-01-01T00:00:00.000Z  -33.925000, -18.500000  ±25.0 m  2D 3 sats\n")
  }

  @Test func boldLabelsOnlyWithColour() {
    let text = HumanFormat.current(
      SampleFixes.full, now: SampleFixes.time, style: Style(color: true))
    #expect(text.hasPrefix("\u{1B}[1mPosition  \u{1B}[0m"))
    #expect(text.contains("\u{1B}[1mDevice    \u{1B}[0m/dev/ttyACM0\n"))
    let plain = HumanFormat.current(SampleFixes.full, now: SampleFixes.time, style: .plain)
    #expect(!plain.contains("\u{1B}"))
  }

  @Test func ageOfALiveFix() {
    let later = SampleFixes.time.addingTimeInterval(125)
    #expect(
      HumanFormat.current(SampleFixes.full, now: later, style: .plain).contains(
        "Time      2024-05-01T12:00:00.123Z, 2 min 5 s ago\n"))
    let earlier = SampleFixes.time.addingTimeInterval(-3)
    #expect(
      HumanFormat.current(SampleFixes.full, now: earlier, style: .plain).contains(
        ", 3.0 s ahead of this computer's clock\n"))
    let years = SampleFixes.time.addingTimeInterval(-417_841_318.5)
    #expect(
      HumanFormat.current(SampleFixes.full, now: years, style: .plain).contains(
        ", 4836 d 3 h ahead of this computer's clock\n"))
    #expect(HumanFormat.duration(86_399) == "23 h 59 min")
  }

  @Test func sky() {
    #expect(
      HumanFormat.sky(SampleFixes.sky)
        == """
        sky: 3 in view, 2 used, hdop 0.90, vdop 1.20, pdop 1.50
          GPS      13  el 22°  az  62°  23 dB-Hz  used
          GLONASS   5  el 41°  az 301°         -
          Galileo   7  el  -°  az   -°  38 dB-Hz  used

        """)
  }

  @Test func progress() {
    #expect(
      HumanFormat.progress(
        FixProgress(satellitesInView: 9, satellitesUsed: 2, bestSNR: 41.4, elapsed: 12.7))
        == "waiting for a fix: 9 satellites in view, 2 used, best signal 41 dB-Hz, 12 s")
    #expect(
      HumanFormat.progress(
        FixProgress(satellitesInView: 0, satellitesUsed: 0, bestSNR: nil, elapsed: 3725))
        == "waiting for a fix: 0 satellites in view, 0 used, no signal yet, 1 h 2 min")
  }
}
