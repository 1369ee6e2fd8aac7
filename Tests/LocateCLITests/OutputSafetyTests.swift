import Foundation
import Testing

/// Names from a points file reach the terminal and a spreadsheet harmlessly: control
/// characters are shown (`\x1B`), never sent; a CSV cell that would run as a formula gets a
/// `'` in front (OWASP's CSV injection rule); CSV lines end in CRLF (RFC 4180).
@Suite struct OutputSafetyTests {
  static func points() throws -> (String, String) {
    let directory = try Paths.temporaryDirectory()
    let path = directory + "/places.csv"
    let text =
      "name,lat,lon\n\u{1B}[31mred\u{1B}[0m,1,1.001\n\"=HYPERLINK(\"\"http://x\"\")\",1,1.002\n"
      + "-5+3,1,1.003\n@SUM(A1),1,1.004\nplain,1,1.005\nnul\u{0}here,1,1.006\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (directory, path)
  }

  @Test("text: control characters in names are shown, not sent")
  func text() throws {
    let (directory, path) = try Self.points()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["distance", "--from", "1,1", "--points", path])
    #expect(result.status == 0, "\(result)")
    #expect(!result.stdout.utf8.contains(0x1B) && !result.stdout.utf8.contains(0))
    #expect(result.stdout.contains(#"\x1B[31mred\x1B[0m"#))
    #expect(result.stdout.contains(#"nul\x00here"#))
  }

  @Test("CSV: formula cells neutralised, CRLF line ends")
  func csv() throws {
    let (directory, path) = try Self.points()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["distance", "--from", "1,1", "--points", path, "--format", "csv"])
    #expect(result.status == 0, "\(result)")
    let lines = result.stdout.components(separatedBy: "\r\n")
    #expect(lines.first == "name,lat,lon,distance,bearing,compass")
    #expect(lines.last == "")
    #expect(!result.stdout.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    let names = lines.dropFirst().dropLast().map { String($0.prefix { $0 != "," || false }) }
    #expect(lines.contains { $0.hasPrefix(#""'=HYPERLINK(""http://x"")","#) }, "\(names)")
    #expect(lines.contains { $0.hasPrefix(#""'-5+3","#) })
    #expect(lines.contains { $0.hasPrefix(#""'@SUM(A1)","#) })
    #expect(lines.contains { $0.hasPrefix("plain,") })
  }

  @Test("distance to the spot itself: no bearing (was 180.0° S)")
  func samePoint() throws {
    let text = try CLI.run(["distance", "--from", "48.1173,11.5167", "here=48.1173,11.5167"])
    #expect(text.stdout.hasSuffix("here  0.000 km  here\n"), "\(text)")
    let json = try CLI.run(["distance", "--from", "48.1173,11.5167", "X=48.1173,11.5167", "--json"])
    #expect(json.stdout == #"{"name":"X","lat":48.1173,"lon":11.5167,"distance":0.000}"# + "\n")
    let csv = try CLI.run(
      ["distance", "--from", "48.1173,11.5167", "X=48.1173,11.5167", "--format", "csv"])
    #expect(csv.stdout.hasSuffix("X,48.1173,11.5167,0.000,,\r\n"))
  }
}
