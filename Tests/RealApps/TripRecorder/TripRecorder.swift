// The iOS 17 way: no delegate, a `for try await` loop over CLLocationUpdate.liveUpdates(),
// here a trip recorder that keeps the good fixes and sums the distance driven.
import Foundation

#if canImport(CoreLocation)
  import CoreLocation
#else
  import OpenCoreLocation
#endif

/// A recorded trip.
public struct Trip {
  /// The fixes kept, oldest first.
  public var points: [CLLocation] = []
  /// The distance along them, in metres.
  public var distance: CLLocationDistance = 0
  /// The fastest speed seen, m/s.
  public var maximumSpeed: CLLocationSpeed = 0
  /// Updates that said the device stood still.
  public var stationaryUpdates = 0
  /// Updates without a location (searching, unavailable).
  public var emptyUpdates = 0

  /// From the first fix to the last.
  public var duration: TimeInterval {
    guard let first = points.first, let last = points.last else { return 0 }
    return last.timestamp.timeIntervalSince(first.timestamp)
  }
}

/// Records trips from live updates.
public final class TripRecorder {
  /// Fixes less accurate than this (metres) are not kept.
  public var requiredAccuracy: CLLocationAccuracy = 50

  public init() {}

  /// Records until `count` fixes are kept (or the updates end), driving-style.
  public func record(fixes count: Int) async throws -> Trip {
    var trip = Trip()
    for try await update in CLLocationUpdate.liveUpdates(.automotiveNavigation) {
      if update.isStationary { trip.stationaryUpdates += 1 }
      guard let location = update.location else {
        trip.emptyUpdates += 1
        continue
      }
      guard location.horizontalAccuracy >= 0, location.horizontalAccuracy <= requiredAccuracy
      else { continue }
      if let previous = trip.points.last {
        trip.distance += location.distance(from: previous)
      }
      if location.speed >= 0 { trip.maximumSpeed = max(trip.maximumSpeed, location.speed) }
      trip.points.append(location)
      if trip.points.count >= count { break }
    }
    return trip
  }
}
