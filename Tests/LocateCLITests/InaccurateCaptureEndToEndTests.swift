import Foundation
import Testing

/// A capture whose fixes are all less accurate than `--accuracy` (issue 21, point 8): the
/// request fails as a live receiver's does at its timeout — status 4, naming the best fix's
/// accuracy — not as a capture without fixes (5, "the input ended before a fix").
@Suite(GpsdCaptures.needs("ublox-neo-m9n-nmea")) struct InaccurateCaptureEndToEndTests {
  static let capture = GpsdCaptures.log("ublox-neo-m9n-nmea")

  @Test(arguments: [["current"], ["distance", "X=38,-122"]])
  func notAccurateEnough(command: [String]) throws {
    let result = try CLI.run(command + ["--input", Self.capture, "--accuracy", "0.5"])
    #expect(result.status == 4, "\(result)")
    #expect(
      result.stderr
        == "locate: no fix within ±0.5 m before the input ended: the best was ±1.3 m (accept"
        + " less with --accuracy)\n")
    #expect(result.stdout == "")
  }

  @Test("without a fix at all it is still 5")
  func noFixAtAll() throws {
    let result = try CLI.run(
      ["current", "--input", "-", "--accuracy", "0.5"], stdin: Data("$GPTXT,hello*00\r\n".utf8))
    #expect(result.status == 5, "\(result)")
    #expect(result.stderr.hasSuffix(": the input ended before a fix (use a longer capture)\n"))
  }

  @Test("the best of them is named: ±1.3 m accepted with --accuracy 1.33 (its eph 1.329)")
  func bestIsReal() throws {
    let result = try CLI.run(
      ["current", "--input", Self.capture, "--accuracy", "1.33", "--format", "json"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains(#""eph":1.329"#), "\(result)")
  }
}
