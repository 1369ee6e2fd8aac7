import Foundation
import Testing

@testable import OpenCoreLocation

/// `CLLocation()`, `isAuthorizedForWidgetUpdates`, `CLError.alternateRegion`,
/// `CLBackgroundActivitySession`, and diagnostics that may throw, as apps use them.
@Suite("Newer Core Location API")
struct NewerAPITests {
  static let capture = Paths.simulatedDrive

  @Test("CLLocation(): 0°, 0°, accuracy 0, vertical accuracy, speed and course −1, now")
  func emptyLocation() {
    let before = Date()
    let location = CLLocation()
    #expect(location.coordinate.latitude == 0 && location.coordinate.longitude == 0)
    #expect(location.altitude == 0 && location.horizontalAccuracy == 0)
    #expect(location.verticalAccuracy == -1 && location.speed == -1 && location.course == -1)
    #expect(location.timestamp >= before && location.timestamp <= Date())
    final class Stop: CLLocation, @unchecked Sendable {
      let label: String
      override init() {
        label = "stop"
        super.init()
      }
      required init?(coder: NSCoder) { nil }
    }
    #expect(Stop().label == "stop" && Stop().coordinate.latitude == 0)
  }

  @Test("no widgets on Linux; CLError.alternateRegion is nil, as for every error but a delay")
  func widgetsAndAlternateRegion() {
    let manager = CLLocationManager(source: .file(path: Self.capture, pacing: .asFastAsPossible))
    #expect(!manager.isAuthorizedForWidgetUpdates)
    let error = CLError(.regionMonitoringResponseDelayed)
    switch error {
    case CLError.regionMonitoringResponseDelayed:
      #expect(error.alternateRegion == nil)
    default:
      Issue.record("the pattern did not match")
    }
    #expect(!kCLErrorUserInfoAlternateRegionKey.isEmpty)
  }

  /// Compiles only for a sequence whose iteration throws, as Apple's diagnostics' does.
  static func throwing<S: AsyncSequence>(_ sequence: S) -> Bool where S.Failure == any Error {
    true
  }

  @Test("diagnostics are iterated with try, as on Apple's platforms")
  func diagnosticsThrow() async throws {
    let service = CLServiceSession(
      authorization: .none, source: .file(path: Self.capture, pacing: .asFastAsPossible))
    let background = CLBackgroundActivitySession(
      source: .file(path: Self.capture, pacing: .asFastAsPossible))
    #expect(Self.throwing(service.diagnostics) && Self.throwing(background.diagnostics))
    for try await diagnostic in service.diagnostics {
      #expect(!diagnostic.authorizationDenied && !diagnostic.authorizationRequestInProgress)
      break
    }
    service.invalidate()
    background.invalidate()
  }

  @Test("a background activity session reports the process's authorization, then ends")
  func backgroundSession() async throws {
    let readable = CLBackgroundActivitySession(
      source: .file(path: Self.capture, pacing: .asFastAsPossible))
    var iterator = readable.diagnostics.makeAsyncIterator()
    let first = try #require(try await iterator.next())
    #expect(!first.authorizationDenied && !first.authorizationRestricted)
    #expect(!first.authorizationRequestInProgress && !first.insufficientlyInUse)
    #expect(!first.serviceSessionRequired)
    readable.invalidate()
    #expect(try await iterator.next() == nil)

    let missing = CLBackgroundActivitySession(
      source: .device(path: "/dev/nonexistent-gps", baud: .auto))
    for try await diagnostic in missing.diagnostics {
      #expect(diagnostic.authorizationDenied && diagnostic.authorizationDeniedGlobally)
      break
    }
    missing.invalidate()

    // Apple's form with a handler: the diagnostic on the queue given.
    let queue = DispatchQueue(label: "background-session")
    let onQueue = await withCheckedContinuation { continuation in
      let session = CLBackgroundActivitySession(
        source: .tcp(host: "127.0.0.1", port: 9), queue: queue
      ) { diagnostic in
        dispatchPrecondition(condition: .onQueue(queue))
        continuation.resume(returning: diagnostic.authorizationRequestInProgress)
      }
      _ = session
    }
    #expect(onQueue)  // a network source's authorization is not known before connecting
  }
}
