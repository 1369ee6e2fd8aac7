import Foundation
import LocationEngine
import OpenCoreLocation
import Receivers
import Testing

/// The README's `CLMonitor` snippet, run against the region tour's capture instead of a
/// receiver.
@Suite struct RegionReadmeTests {
  @Test func monitorSnippet() async throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = DocumentChecks.write(
      String(decoding: RegionTour.nmea(RegionTour.fixes), as: UTF8.self), to: directory,
      name: "tour.nmea")
    // The README's lines, with `input:` added.
    let monitor = await CLMonitor(
      "sites", input: .source(.file(path: path, pacing: .asFastAsPossible)))
    await monitor.add(
      CLMonitor.CircularGeographicCondition(
        center: CLLocationCoordinate2D(latitude: 48.1173, longitude: 11.5167), radius: 200),
      identifier: "depot")
    var printed: [String] = []
    for try await event in await monitor.events {
      // The README prints the distance as it is; here rounded to the decimetre.
      let distance = String(format: "%.1f", event.distance ?? -1)
      printed.append("\(event.identifier) \(event.state) \(distance)")
    }
    #expect(printed == ["depot satisfied 5.0", "depot unsatisfied 225.0"])
  }
}
