// iOS 18's authorization model: a CLServiceSession held while a feature needs location, its
// diagnostics read to learn the answer, and live updates while the session is held.
import Foundation

#if canImport(CoreLocation)
  import CoreLocation
#else
  import OpenCoreLocation
#endif

/// Asking for location access the iOS 18 way.
public enum LocationAccess {
  /// What a request came to.
  public enum Outcome: Equatable {
    case granted(CLAuthorizationStatus)
    case denied
    case restricted
  }

  /// Holds an always session until the request is decided, and says how it was decided.
  public static func requestAlways() async throws -> Outcome {
    let session = CLServiceSession(authorization: .always)
    defer { session.invalidate() }
    for try await diagnostic in session.diagnostics {
      if diagnostic.authorizationRequestInProgress { continue }
      if diagnostic.authorizationRestricted { return .restricted }
      if diagnostic.authorizationDenied || diagnostic.authorizationDeniedGlobally {
        return .denied
      }
      break
    }
    return .granted(CLLocationManager.authorizationStatus())
  }
}

/// A map screen's model: while it is on screen it holds a when-in-use session and follows
/// live updates.
public final class LiveMapModel {
  private var session: CLServiceSession?
  private var task: Task<Void, Never>?

  public init() {}

  /// The screen appeared: `onLocation` gets each location, `onEnd` is called when the updates
  /// end or fail.
  public func appear(
    onLocation: @escaping @Sendable (CLLocation) -> Void,
    onEnd: @escaping @Sendable (String) -> Void
  ) {
    session = CLServiceSession(authorization: .whenInUse)
    task = Task {
      do {
        for try await update in CLLocationUpdate.liveUpdates() {
          if update.authorizationDenied {
            onEnd("denied")
            return
          }
          if let location = update.location { onLocation(location) }
        }
        onEnd("ended")
      } catch {
        onEnd("failed: \(error)")
      }
    }
  }

  /// The screen went away.
  public func disappear() {
    task?.cancel()
    task = nil
    session?.invalidate()
    session = nil
  }
}
