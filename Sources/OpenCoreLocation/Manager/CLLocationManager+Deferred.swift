import Foundation

/// Deferred updates (deprecated by Apple in iOS 13) and temporary full accuracy: accepted, with
/// Apple's callbacks.
extension CLLocationManager {
  /// False: updates are never deferred (each fix is delivered as it comes).
  @available(*, deprecated, message: "deferred updates are not supported (Apple: iOS 13)")
  public class func deferredLocationUpdatesAvailable() -> Bool { false }

  /// Answers at once through `locationManager(_:didFinishDeferredUpdatesWithError:)`, with
  /// Apple's checks in Apple's order: `deferredNotUpdatingLocation` when updates are not
  /// running, `deferredDistanceFiltered` with a distance filter, `deferredAccuracyTooLow`
  /// unless `desiredAccuracy` is Best or BestForNavigation, else `deferredFailed` (updates
  /// are never deferred here).
  @available(*, deprecated, message: "deferred updates are not supported (Apple: iOS 13)")
  public func allowDeferredLocationUpdates(
    untilTraveled distance: CLLocationDistance, timeout: TimeInterval
  ) {
    let updating = state.withLock { $0.updating }
    let code: CLError.Code
    if !updating {
      code = .deferredNotUpdatingLocation
    } else if distanceFilter != kCLDistanceFilterNone {
      code = .deferredDistanceFiltered
    } else if desiredAccuracy > kCLLocationAccuracyBest {
      code = .deferredAccuracyTooLow
    } else {
      code = .deferredFailed
    }
    let error = CLError(code, reason: "deferred location updates are not supported")
    delegateQueue.async { [self] in
      delegate?.locationManager(self, didFinishDeferredUpdatesWithError: error)
    }
  }

  /// Does nothing: nothing is deferred.
  @available(*, deprecated, message: "deferred updates are not supported (Apple: iOS 13)")
  public func disallowDeferredLocationUpdates() {}

  /// Calls `completion` with nil: accuracy is always full (``accuracyAuthorization``).
  public func requestTemporaryFullAccuracyAuthorization(
    withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)? = nil
  ) {
    guard let completion else { return }
    delegateQueue.async { completion(nil) }
  }

  /// Returns at once: accuracy is always full.
  public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String)
    async throws
  {}
}
