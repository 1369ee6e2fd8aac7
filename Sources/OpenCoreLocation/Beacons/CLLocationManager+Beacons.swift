import Foundation

/// iBeacon ranging: unavailable (no Bluetooth LE). Each request fails through the delegate
/// with `CLError.rangingUnavailable`, as on a device without ranging; nothing is ranged.
extension CLLocationManager {
  /// False: ranging needs Bluetooth LE.
  public class func isRangingAvailable() -> Bool { false }

  /// The constraints being ranged: always empty.
  public var rangedBeaconConstraints: Set<CLBeaconIdentityConstraint> { [] }
  /// The beacon regions being ranged (the deprecated form): always empty.
  public var rangedRegions: Set<CLRegion> { [] }

  /// Calls `locationManager(_:didFailRangingFor:error:)` with `CLError.rangingUnavailable`.
  public func startRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint) {
    delegateQueue.async { [self] in
      delegate?.locationManager(
        self, didFailRangingFor: constraint,
        error: CLError(.rangingUnavailable, reason: Self.noBluetooth))
    }
  }

  /// Does nothing: nothing is ranged.
  public func stopRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint) {}

  /// The deprecated form: calls `locationManager(_:rangingBeaconsDidFailFor:withError:)` with
  /// `CLError.rangingUnavailable`.
  @available(*, deprecated, renamed: "startRangingBeacons(satisfying:)")
  public func startRangingBeacons(in region: CLBeaconRegion) {
    delegateQueue.async { [self] in
      delegate?.locationManager(
        self, rangingBeaconsDidFailFor: region,
        withError: CLError(.rangingUnavailable, reason: Self.noBluetooth))
    }
  }

  /// Does nothing: nothing is ranged.
  @available(*, deprecated, renamed: "stopRangingBeacons(satisfying:)")
  public func stopRangingBeacons(in region: CLBeaconRegion) {}

  static let noBluetooth =
    "iBeacon ranging and monitoring need Bluetooth LE, which a GNSS receiver does not have"
}
