import Foundation
import Testing

/// The GPX rules the tests read documents back with (GPXCheck, written from the GPX 1.1
/// specification): a document as locate writes it passes; each kind of mistake is found.
@Suite struct GPXCheckTests {
  static func document(_ points: String, root: String = #"version="1.1" creator="t""#) -> Data {
    Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx xmlns="http://www.topografix.com/GPX/1/1" \(root)>
        <metadata><time>2026-01-01T12:00:00Z</time></metadata>
        <trk><name>n</name><trkseg>\(points)</trkseg></trk>
      </gpx>
      """.utf8)
  }

  static let good =
    #"<trkpt lat="48.1173" lon="11.5167"><ele>520.0</ele><time>2026-01-01T12:00:00.000Z</time>"#
    + "<fix>3d</fix><sat>23</sat><hdop>0.50</hdop><extensions><x:a xmlns:x=\"u\">1</x:a>"
    + "</extensions></trkpt>"

  @Test func aDocumentAsLocateWritesItPasses() {
    #expect(GPXCheck.problems(Self.document(Self.good)) == [])
  }

  /// Past 10,000,000 bytes (a flood of fixes stopped by a signal writes such documents),
  /// Foundation's XMLParser(data:) fails on a valid document: the check parses from a stream.
  @Test func aDocumentOverTenMegabytesIsRead() {
    let big = Self.document(String(repeating: Self.good, count: 60_000))
    #expect(big.count > 10_000_000)
    #expect(GPXCheck.problems(big) == [])
    let cut = big.prefix(big.count / 2)
    #expect(GPXCheck.problems(Data(cut)).first?.hasPrefix("not well-formed") == true)
  }

  @Test(arguments: [
    (#"<trkpt lat="48" lon="11"><time>2026-01-01T12:00:00Z</time><ele>1</ele></trkpt>"#, "after"),
    (#"<trkpt lat="91" lon="11"/>"#, "lat 91"),
    (#"<trkpt lat="48" lon="180"/>"#, "lon 180"),
    (#"<trkpt lat="48"/>"#, "lon missing"),
    (#"<trkpt lat="48" lon="11"><time>2026-01-01 12:00:00</time></trkpt>"#, "xsd:dateTime"),
    (#"<trkpt lat="48" lon="11"><ele>nan</ele></trkpt>"#, "xsd:decimal"),
    (#"<trkpt lat="48" lon="11"><fix>3D</fix></trkpt>"#, "fixType"),
    (#"<trkpt lat="48" lon="11"><sat>-1</sat></trkpt>"#, "count"),
    (#"<trkpt lat="48" lon="11"><ele>1</ele><ele>2</ele></trkpt>"#, "a second <ele>"),
    (#"<trkpt lat="48" lon="11"><speed>1</speed></trkpt>"#, "not allowed"),
    (#"<wpt lat="48" lon="11"/>"#, "<wpt> is not allowed in <trkseg>"),
  ])
  func mistakesAreFound(_ points: String, _ expected: String) {
    let problems = GPXCheck.problems(Self.document(points))
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.contains(expected) == true, "\(problems)")
  }

  @Test func theRootIsChecked() {
    #expect(
      GPXCheck.problems(Self.document(Self.good, root: #"version="1.0" creator="t""#))
        == ["line 2: gpx version is not 1.1"])
    let other = Data(#"<gpx version="1.1" creator="t"/>"#.utf8)
    #expect(GPXCheck.problems(other).first?.contains("namespace") == true)
  }
}
