import Foundation
import Testing

/// The status line while waiting for a fix (stderr, on a terminal or with --verbose) and colour
/// (stdout on a terminal, unless NO_COLOR or --no-color), over a capture that has satellites
/// but no fix for its first 8 seconds.
@Suite
struct StatusEndToEndTests {
  /// 8 epochs with 4 satellites in view and no fix, then 4 with a 3D fix near Munich.
  static func coldStart(in directory: String) -> String {
    var text = ""
    let sky = "GPGSV,1,1,04,01,40,083,41,02,17,308,38,03,07,344,35,04,77,048,44"
    for second in 0..<12 {
      let time = String(format: "1200%02d.00", second)
      if second < 8 {
        text += NMEAText.sentence("GPRMC,\(time),V,,,,,,,010524,,,N")
        text += NMEAText.sentence("GPGGA,\(time),,,,,0,00,99.99,,,,,,")
        text += NMEAText.sentence("GPGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99")
      } else {
        text += NMEAText.sentence(
          "GPRMC,\(time),A,4807.038,N,01131.000,E,022.4,084.4,010524,003.1,W,A")
        text += NMEAText.sentence("GPGGA,\(time),4807.038,N,01131.000,E,1,04,0.9,545.4,M,46.9,M,,")
        text += NMEAText.sentence("GPGSA,A,3,01,02,03,04,,,,,,,,,1.5,0.9,1.2")
      }
      text += NMEAText.sentence(sky)
    }
    return DocumentChecks.write(text, to: directory, name: "coldstart.nmea")
  }

  @Test func verboseShowsProgressOnePerSecond() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = Self.coldStart(in: directory)
    let result = try CLI.run(["current", "--input", path, "--verbose"])
    #expect(result.status == 0, "\(result)")
    let waiting = result.stderr.split(separator: "\n").filter { $0.hasPrefix("waiting") }
    #expect(!waiting.isEmpty)
    for (index, line) in waiting.enumerated() {
      #expect(
        line
          == "waiting for a fix: 4 satellites in view, 0 used, best signal 44 dB-Hz, \(index + 1) s"
      )
    }
    #expect(result.lines.first == "Position  48.117300, 11.516667")
  }

  @Test func quietWhenNotATerminal() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["current", "--input", Self.coldStart(in: directory)])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(!result.stdout.contains("\u{1B}"))
  }

  /// `script` gives locate a terminal for stdout and stderr (merged in its transcript).
  @Test func terminalRedrawsTheStatusLineAndColoursLabels() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = Self.coldStart(in: directory)
    let result = try CLI.shell("script -qec '\"$LOCATE\" current --input \(path)' /dev/null")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("\r\u{1B}[2Kwaiting for a fix: 4 satellites in view, 0 used"))
    #expect(result.stdout.contains("\u{1B}[1mPosition  \u{1B}[0m48.117300, 11.516667"))
    let plain = try CLI.shell(
      "NO_COLOR=1 script -qec '\"$LOCATE\" current --input \(path)' /dev/null")
    #expect(plain.stdout.contains("Position  48.117300, 11.516667"))
    #expect(!plain.stdout.contains("\u{1B}[1m"))
    let flag = try CLI.shell(
      "script -qec '\"$LOCATE\" current --no-color --input \(path)' /dev/null")
    #expect(!flag.stdout.contains("\u{1B}[1m"))
  }
}
