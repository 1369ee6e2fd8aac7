import Foundation

/// Deferred updates (deprecated by Apple in iOS 13; the members are in the class, so that
/// subclasses override them) and temporary full accuracy: accepted, with Apple's callbacks.
extension CLLocationManager {
  /// ``allowDeferredLocationUpdates(untilTraveled:timeout:)``: answers at once through
  /// `locationManager(_:didFinishDeferredUpdatesWithError:)`, with Apple's checks in Apple's
  /// order: `deferredNotUpdatingLocation` when updates are not running,
  /// `deferredDistanceFiltered` with a distance filter, `deferredAccuracyTooLow` unless
  /// `desiredAccuracy` is Best or BestForNavigation, else `deferredFailed` (updates are never
  /// deferred here).
  func answerDeferred() {
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
