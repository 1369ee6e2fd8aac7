import Foundation
import LocationEngine
import OpenCoreLocation
import Receivers
import Testing

/// The README's library snippets, compiled and run against a capture instead of a receiver.
@Suite struct ReadmeLibraryTests {
  static let capture = Paths.simulatedDrive

  /// The README's loop, with `source:` added (the README's own form reads the first receiver).
  @Test func liveUpdatesLoop() async throws {
    var printed: [String] = []
    for try await update in CLLocationUpdate.liveUpdates(
      source: .file(path: Self.capture, pacing: .asFastAsPossible))
    {
      guard let location = update.location else { continue }
      printed.append("\(location.coordinate.latitude) \(location.coordinate.longitude)")
      if printed.count == 3 { break }
    }
    #expect(printed.first == "48.1173 11.5167")
    #expect(printed.count == 3)
  }

  /// What the command line uses.
  @Test func locationService() async throws {
    var options = LocationServiceOptions(
      source: .file(path: Self.capture, pacing: .asFastAsPossible))
    options.desiredAccuracy = 10
    let fix = try await LocationService(options: options).currentLocation(timeout: 120)
    #expect(fix.coordinate.latitude == 48.1173)
    #expect(fix.horizontalAccuracy > 0 && fix.horizontalAccuracy <= 10)
  }
}
