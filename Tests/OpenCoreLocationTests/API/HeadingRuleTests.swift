import Foundation
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// The heading rule on sentences fed to a pipeline: which sentence gives which heading.
@Suite("Heading rule")
struct HeadingRuleTests {
  static let lat = 48.1173
  static let lon = 11.5167

  func harness(filter: Double = kCLHeadingFilterNone) -> SessionHarness {
    let harness = SessionHarness(device: "/dev/ttyHEADING-\(UUID().uuidString)")
    harness.session.configure { $0.heading.startDelivering(filter: filter) }
    return harness
  }

  /// An epoch whose RMC states a magnetic variation of `variation` degrees (east positive).
  func epoch(_ seconds: Double, variation: Double) -> String {
    let rmc = Synthetic.line(
      "GPRMC,\(Synthetic.time(seconds)),A,\(Synthetic.latitude(Self.lat)),"
        + "\(Synthetic.longitude(Self.lon)),0.0,,150625,"
        + String(format: "%.1f,%@,A", abs(variation), variation < 0 ? "W" : "E"))
    return Synthetic.gga(seconds, Self.lat, Self.lon) + rmc
  }

  @Test("HDT is the true heading; magnetic is unknown until a variation is")
  func trueHeading() {
    let harness = harness()
    harness.feed(Synthetic.line("GPHDT,274.07,T"))
    harness.feed(epoch(100, variation: -2.5) + Synthetic.gga(101, Self.lat, Self.lon))
    harness.feed(Synthetic.line("GPHDT,10.0,T"))
    harness.feed(Synthetic.line("GPHDT,1.0,T"))
    #expect(harness.headings.map(\.trueHeading) == [274.07, 10, 1])
    #expect(harness.headings.map(\.magneticHeading) == [-1, 12.5, 3.5])
    #expect(harness.headings.allSatisfy { $0.headingAccuracy == 0 && CLHeading(fields: $0).x == 0 })
  }

  @Test("HDM and HDG are magnetic; true needs a variation (HDG's own, else RMC's)")
  func magneticHeading() {
    let harness = harness()
    harness.feed(Synthetic.line("HCHDM,100.0,M"))
    harness.feed(Synthetic.line("HCHDG,98.0,2.0,E,3.0,W"))
    harness.feed(epoch(100, variation: 5) + Synthetic.gga(101, Self.lat, Self.lon))
    harness.feed(Synthetic.line("HCHDM,358.0,M"))
    #expect(harness.headings.map(\.magneticHeading) == [100, 100, 358])
    #expect(harness.headings.map(\.trueHeading) == [-1, 97, 3])
  }

  @Test("with HDT present, HDM only supplies the magnetic value; THS V gives nothing")
  func trueSourceIsTheAuthority() {
    let harness = harness()
    harness.feed(Synthetic.line("INTHS,50.0,A"))
    harness.feed(Synthetic.line("HCHDM,47.5,M"))
    harness.feed(Synthetic.line("INTHS,51.0,A"))
    harness.feed(Synthetic.line("INTHS,52.0,V"))
    harness.feed(Synthetic.line("INTHS,,A"))
    #expect(harness.headings.map(\.trueHeading) == [50, 51])
    #expect(harness.headings.map(\.magneticHeading) == [-1, 47.5])
  }

  @Test("the heading filter: the shorter way round, across north")
  func filter() {
    let harness = harness(filter: 5)
    for heading in [358.0, 1.0, 2.9, 3.5, 180.0, 177.0] {
      harness.feed(Synthetic.line("GPHDT,\(heading),T"))
    }
    #expect(harness.headings.map(\.trueHeading) == [358, 3.5, 180])
  }

  @Test("nothing is delivered while no client wants headings; COG never is a heading")
  func onlyWhenAsked() {
    let harness = SessionHarness(device: "/dev/ttyHEADING-\(UUID().uuidString)")
    harness.startUpdates()
    // The first read is a possible backlog (see LocationPolicy): three reads.
    for second in 100...102 {
      harness.feed(
        Synthetic.epoch(Double(second), Self.lat, Self.lon, knots: 10)
          + Synthetic.line("GPHDT,90.0,T"))
    }
    #expect(harness.headings.isEmpty)
    #expect(harness.locations.count >= 1)
  }
}
