import Foundation

/// iBeacon ranging: unavailable (no Bluetooth LE). Each request fails through the delegate
/// with `CLError.rangingUnavailable`, as on a device without ranging; nothing is ranged. (The
/// members themselves are in the class, so that subclasses override them.)
extension CLLocationManager {
  /// Tells the delegate that ranging `constraint` failed: `CLError.rangingUnavailable`.
  func failRanging(_ constraint: CLBeaconIdentityConstraint) {
    delegateQueue.async { [self] in
      delegate?.locationManager(
        self, didFailRangingFor: constraint,
        error: CLError(.rangingUnavailable, reason: Self.noBluetooth))
    }
  }

  /// Tells the delegate that ranging the beacons of `region` failed (the deprecated form).
  func failRanging(_ region: CLBeaconRegion) {
    delegateQueue.async { [self] in
      delegate?.locationManager(
        self, rangingBeaconsDidFailFor: region,
        withError: CLError(.rangingUnavailable, reason: Self.noBluetooth))
    }
  }

  static let noBluetooth =
    "iBeacon ranging and monitoring need Bluetooth LE, which a GNSS receiver does not have"
}
