import Foundation
import Geodesy
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

/// The variation a heading is turned with: the receiver's (even the first heading of an
/// epoch, after its RMC), else the World Magnetic Model's at the receiver's position.
@Suite("Heading variation")
struct HeadingVariationTests {
  static let lat = HeadingRuleTests.lat
  static let lon = HeadingRuleTests.lon
  /// The harness's wall clock: 2025-06-15.
  static let wall = 1_750_000_000.0

  func harness() -> SessionHarness {
    let harness = SessionHarness(device: "/dev/ttyVARIATION-\(UUID().uuidString)")
    harness.session.configure { $0.heading.startDelivering(filter: kCLHeadingFilterNone) }
    return harness
  }

  @Test("the first heading has the variation its epoch's RMC sent just before it")
  func firstHeading() {
    let harness = harness()
    harness.feed(HeadingRuleTests().epoch(100, variation: 3) + Synthetic.line("GPHDT,90.0,T"))
    harness.feed(Synthetic.line("GPHDT,91.0,T"))
    #expect(harness.headings.map(\.magneticHeading) == [87, 88])
  }

  @Test("no variation from the receiver: the World Magnetic Model's at its position")
  func model() throws {
    let variation = try #require(
      MagneticVariation.model(latitude: Self.lat, longitude: Self.lon, at: Self.wall))
    #expect(variation.source == .model && abs(variation.degrees - 4.6) < 0.5)
    let trueHeadings = harness()
    trueHeadings.feed(Synthetic.gga(100, Self.lat, Self.lon) + Synthetic.line("GPHDT,90.0,T"))
    let first = try #require(trueHeadings.headings.first)
    #expect(abs(first.magneticHeading - (90 - variation.degrees)) < 1e-4)
    // A later epoch whose RMC states the variation: the receiver's wins.
    trueHeadings.feed(HeadingRuleTests().epoch(101, variation: -2.5))
    trueHeadings.feed(Synthetic.line("GPHDT,90.0,T"))
    #expect(trueHeadings.headings.last?.magneticHeading == 92.5)

    let magnetic = harness()
    magnetic.feed(Synthetic.gga(100, Self.lat, Self.lon) + Synthetic.line("HCHDM,10.0,M"))
    let reading = try #require(magnetic.headings.first)
    #expect(reading.magneticHeading == 10)
    #expect(abs(reading.trueHeading - (10 + variation.degrees)) < 1e-4)
  }

  @Test("a fix's variation: the receiver's when sent, else the model's at its position and date")
  func fixVariation() throws {
    var fix = Fix(
      coordinate: CLLocationCoordinate2D(latitude: Self.lat, longitude: Self.lon),
      timestamp: Date(timeIntervalSince1970: Self.wall))
    let model = try #require(fix.magneticVariation)
    #expect(model.source == .model)
    #expect(
      model.degrees
        == MagneticModel.declination(
          latitude: Self.lat, longitude: Self.lon,
          year: MagneticModel.decimalYear(secondsSince1970: Self.wall)))
    fix.gnss = GNSSFixInfo(mode: .fix3D, status: .gps, magneticVariation: -1.5)
    #expect(fix.magneticVariation == MagneticVariation(degrees: -1.5, source: .receiver))
    #expect(fix.magneticVariation?.magnetic(fromTrue: 359) == 0.5)
  }
}
