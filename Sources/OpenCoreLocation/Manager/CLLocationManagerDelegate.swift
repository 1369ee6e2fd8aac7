import Foundation

/// What a ``CLLocationManager`` tells its delegate, with Apple's method names. Every method has
/// a default that does nothing, so a delegate implements only what it needs.
///
/// The methods are called on the manager's ``CLLocationManager/delegateQueue`` (the main queue
/// by default), in the order things happened.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
  /// New locations, oldest first (at least one).
  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
  /// A failure: a ``CLError`` (`denied` — stop updating; `locationUnknown` — it keeps trying).
  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
  /// The authorization status changed, or the delegate was just set.
  func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
  /// The authorization status changed (the pre-iOS 14 form).
  func locationManager(
    _ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
  /// Updates paused: the receiver has been stationary (see ``PauseThresholds``).
  func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager)
  /// Updates resumed: the receiver moved again.
  func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager)
  /// A monitored region was entered (a crossing from outside; see ``CLLocationManager``'s
  /// region monitoring for the rule).
  func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
  /// A monitored region was left (a crossing from inside).
  func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
  /// A region's state was first determined, changed, or asked for with `requestState(for:)`.
  func locationManager(
    _ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion)
  /// A region cannot be monitored (`CLError.regionMonitoringFailure`), or its receiver could
  /// not be opened (the receiver's ``CLError``).
  func locationManager(
    _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?,
    withError error: any Error)
  /// Monitoring of a region started.
  func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion)
  /// A new heading (see ``HeadingRule``).
  func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading)
  /// Whether to show the compass calibration display: never asked here (a receiver's heading
  /// needs no calibration by the user).
  func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool
  /// A visit began (`departureDate` is `Date.distantFuture`) or ended (see ``VisitRule``).
  func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit)
  /// Beacons ranged: never called (ranging is unavailable).
  func locationManager(
    _ manager: CLLocationManager, didRange beacons: [CLBeacon],
    satisfying beaconConstraint: CLBeaconIdentityConstraint)
  /// Ranging failed: `CLError.rangingUnavailable`, for every request.
  func locationManager(
    _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint,
    error: any Error)
  /// Beacons ranged in a region (the deprecated form): never called.
  func locationManager(
    _ manager: CLLocationManager, didRangeBeacons beacons: [CLBeacon], in region: CLBeaconRegion)
  /// Ranging failed for a region (the deprecated form): `CLError.rangingUnavailable`.
  func locationManager(
    _ manager: CLLocationManager, rangingBeaconsDidFailFor region: CLBeaconRegion,
    withError error: any Error)
  /// The answer to `allowDeferredLocationUpdates(untilTraveled:timeout:)`: a deferred-updates
  /// ``CLError`` (updates are never deferred).
  func locationManager(
    _ manager: CLLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?)
}

extension CLLocationManagerDelegate {
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]
  ) {}
  /// Does nothing.
  public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
  /// Does nothing.
  public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus
  ) {}
  /// Does nothing.
  public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {}
  /// Does nothing.
  public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {}
  /// Does nothing.
  public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
  /// Does nothing.
  public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {}
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion
  ) {}
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?,
    withError error: any Error
  ) {}
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, didStartMonitoringFor region: CLRegion
  ) {}
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading
  ) {}
  /// False.
  public func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool {
    false
  }
  /// Does nothing.
  public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {}
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, didRange beacons: [CLBeacon],
    satisfying beaconConstraint: CLBeaconIdentityConstraint
  ) {}
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint,
    error: any Error
  ) {}
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, didRangeBeacons beacons: [CLBeacon], in region: CLBeaconRegion
  ) {}
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, rangingBeaconsDidFailFor region: CLBeaconRegion,
    withError error: any Error
  ) {}
  /// Does nothing.
  public func locationManager(
    _ manager: CLLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?
  ) {}
}
