// CONTRACT STUB — the high-level service the CLI commands share. The service work implements
// it (on top of fix assembly and CLLocationManager's policies), keeping this shape.
import Foundation
import NMEA
import Receivers

/// What the commands ask of the service.
public struct LocationServiceOptions: Sendable {
  /// Where the bytes come from.
  public var source: ReceiverSource
  /// Checksum policy for the NMEA framer.
  public var checksumPolicy: ChecksumPolicy = .strict
  /// Oldest fix handed out as current, seconds (default 5).
  public var maximumAge: Double = 5
  /// Desired horizontal accuracy in metres (`kCLLocationAccuracyBest` = −1 accepts any fix).
  public var desiredAccuracy: Double = -1
  /// Minimum geodesic distance from the last delivered fix, metres (−1 = none).
  public var distanceFilter: Double = -1
  /// Activity type (sets the pause thresholds).
  public var activityType: CLActivityType = .other
  /// Whether updates pause automatically while stationary.
  public var pausesAutomatically = true
  /// Reader options (reconnect, silence timeout).
  public var receiverOptions = ReceiverOptions()

  /// Options for a source, the rest at their defaults.
  public init(source: ReceiverSource) { self.source = source }
}

/// Progress while waiting for a first fix.
public struct FixProgress: Sendable, Hashable {
  /// Satellites in view across all constellations.
  public var satellitesInView: Int
  /// Satellites used in the solution.
  public var satellitesUsed: Int
  /// Best signal-to-noise ratio in dB-Hz, if any satellite is tracked.
  public var bestSNR: Double?
  /// Seconds since the request started (on the stream's clock).
  public var elapsed: Double

  /// Makes a progress report.
  public init(satellitesInView: Int, satellitesUsed: Int, bestSNR: Double?, elapsed: Double) {
    self.satellitesInView = satellitesInView
    self.satellitesUsed = satellitesUsed
    self.bestSNR = bestSNR
    self.elapsed = elapsed
  }
}

/// One item of the service's update stream.
public enum LocationServiceEvent: Sendable {
  /// A fix that passed every policy.
  case location(CLLocation)
  /// The sky view of the epoch just completed.
  case sky(GNSSSkyView)
  /// Authorization changed (with the device state behind it).
  case authorization(CLAuthorizationStatus, DeviceState)
  /// The device state changed without changing authorization (silent, talking again).
  case device(DeviceState)
  /// Waiting for a (better) fix.
  case progress(FixProgress)
  /// Updates paused (stationary) or resumed (moving again).
  case paused(Bool)
  /// The last fix is older than the maximum age (a silent receiver).
  case stale(CLLocation, age: Double)
}

/// The service between a receiver and every command: fix assembly plus Core Location's
/// policies, reading one source.
public final class LocationService: @unchecked Sendable {
  /// The options it was made with.
  public let options: LocationServiceOptions

  /// Prepares a service; nothing is opened until a request.
  public init(options: LocationServiceOptions) { self.options = options }

  /// One fresh fix at least as good as `desiredAccuracy`, within `timeout` seconds; progress
  /// events go to `progress` meanwhile.
  public func currentLocation(
    timeout: Double, progress: @escaping @Sendable (LocationServiceEvent) -> Void = { _ in }
  ) async throws(CLError) -> CLLocation {
    throw CLError(.locationUnknown)
  }

  /// A filtered stream of updates until the source ends or the consumer stops iterating.
  public func updates() -> AsyncThrowingStream<LocationServiceEvent, any Error> {
    AsyncThrowingStream { $0.finish(throwing: CLError(.locationUnknown)) }
  }
}
