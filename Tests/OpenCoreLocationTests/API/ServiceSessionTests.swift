import Foundation
import Testing

@testable import LocationCore
@testable import LocationEngine
@testable import OpenCoreLocation

@Suite("CLServiceSession")
struct ServiceSessionTests {
  static let capture = Fixtures.gpsd("haicom-305N")

  /// The diagnostics until one with `done`.
  static func diagnostics(
    _ session: CLServiceSession, until done: (CLServiceSession.Diagnostic) -> Bool
  ) async throws -> [CLServiceSession.Diagnostic] {
    var seen: [CLServiceSession.Diagnostic] = []
    for try await diagnostic in session.diagnostics {
      seen.append(diagnostic)
      if done(diagnostic) { break }
    }
    return seen
  }

  @Test(
    "whenInUse on a receiver that talks NMEA: nothing wrong once it talked",
    GpsdCaptures.needs("haicom-305N"))
  func authorized() async throws {
    let session = CLServiceSession(
      authorization: .whenInUse, source: .file(path: Self.capture, pacing: .asFastAsPossible))
    let seen = try await Self.diagnostics(session) { !$0.authorizationRequestInProgress }
    session.invalidate()
    // A fast replay may have talked NMEA before the iteration began: then the first
    // diagnostic is already the authorized one.
    #expect(seen.dropLast().allSatisfy { $0.authorizationRequestInProgress })
    let last = seen.last
    #expect(last?.authorizationRequestInProgress == false)
    #expect(last?.authorizationDenied == false && last?.authorizationRestricted == false)
    #expect(last?.serviceSessionRequired == false && last?.fullAccuracyDenied == false)
  }

  @Test("always on a device that does not exist: denied globally; the stream ends on invalidate")
  func denied() async throws {
    let session = CLServiceSession(
      authorization: .always, source: .device(path: "/dev/nonexistent-gps", baud: .fixed(9600)))
    let seen = try await Self.diagnostics(session) { $0.authorizationDenied }
    #expect(seen.last?.authorizationDeniedGlobally == true)
    session.invalidate()
    var after = 0
    for try await _ in session.diagnostics { after += 1 }
    #expect(after == 1)  // the latest, then the end
  }

  @Test("none opens nothing and reports without a request in progress")
  func none() async throws {
    let session = CLServiceSession(authorization: .none, fullAccuracyPurposeKey: "key")
    var iterator = session.diagnostics.makeAsyncIterator()
    let first = try await iterator.next()
    #expect(first?.authorizationRequestInProgress == false)
    session.invalidate()
    #expect(try await iterator.next() == nil)
  }
}
