import Foundation
import Testing

/// Output that fails: a full disk and a closed stdout are errors (74, one line); a reader that
/// stops reading (`| head`) is a quiet end (0, nothing on stderr).
@Suite struct OutputFailureEndToEndTests {
  static let distance = "distance --from 48.1173,11.5167 EDDM=48.3538,11.7861"

  @Test func diskFull() throws {
    let result = try CLI.shell("\"$LOCATE\" \(Self.distance) > /dev/full")
    #expect(
      result.stderr
        == "locate: writing standard output: No space left on device "
        + "(free some space, or write somewhere else)\n")
    #expect(result.status == 74)
  }

  /// What `locate` says when standard output was closed at start.
  static let stdoutClosedLine =
    "locate: writing standard output: Bad file descriptor "
    + "(standard output is closed: redirect it to a file or a pipe)\n"

  @Test func stdoutClosed() throws {
    let result = try CLI.shell("\"$LOCATE\" \(Self.distance) >&-")
    #expect(result.stderr == Self.stdoutClosedLine)
    #expect(result.status == 74)
  }

  @Test func versionToAFullDisk() throws {
    let result = try CLI.shell("\"$LOCATE\" --version > /dev/full")
    #expect(result.status == 74)
    #expect(result.stderr.hasPrefix("locate: writing standard output: No space left on device"))
  }

  /// `--version` answers before the runtime starts, without the output sink: a closed stdout
  /// is still found (descriptor 1 taken by /dev/null at start, not by anything else).
  @Test func versionOnStdoutClosed() throws {
    let result = try CLI.shell("\"$LOCATE\" --version >&-")
    #expect(result.stderr == Self.stdoutClosedLine)
    #expect(result.status == 74)
  }

  @Test func helpToAFullDisk() throws {
    let result = try CLI.shell("\"$LOCATE\" watch --help > /dev/full")
    #expect(result.status == 74)
  }

  /// 200 000 places make several megabytes of output; head takes one line and leaves.
  @Test func pipedIntoHeadEndsQuietly() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var csv = "name,lat,lon\n"
    for index in 0..<200_000 {
      csv += "p\(index),\(Double(index % 1800) / 20 - 45),\(Double(index % 3600) / 10 - 180)\n"
    }
    let path = DocumentChecks.write(csv, to: directory, name: "many.csv")
    let result = try CLI.shell(
      """
      "$LOCATE" distance --from 0,0 --points '\(path)' --json 2>'\(directory)/err' | head -n 1
      echo "status=${PIPESTATUS[0]}"
      cat '\(directory)/err'
      """, timeout: 300)
    let lines = result.lines
    #expect(lines.count == 2, "\(result)")
    #expect(lines.first?.hasPrefix("{\"name\":") == true)
    #expect(lines.last == "status=0")
  }

  @Test func usageErrorOnStdoutClosedStillSaysWhy() throws {
    let result = try CLI.shell("\"$LOCATE\" current --frobnicate >&-")
    #expect(result.stderr == "locate: --frobnicate: unknown option (see 'locate current --help')\n")
    #expect(result.status == 64)
  }
}
