import Foundation
import NMEA
import Receivers

/// One item of ``liveUpdates(_:)``: a location, or why there is none (Apple's iOS 17/18 API).
public struct CLLocationUpdate: Sendable {
  /// The location, when there is one.
  public let location: CLLocation?
  /// Whether the receiver is stationary and updates paused (see ``PauseThresholds``).
  public let isStationary: Bool
  /// The receiver refused us (permissions): `denied`.
  public let authorizationDenied: Bool
  /// No receiver exists (location services disabled).
  public let authorizationDeniedGlobally: Bool
  /// Another program holds the receiver: `restricted`.
  public let authorizationRestricted: Bool
  /// Never set: any authorization here is full.
  public let insufficientlyInUse: Bool
  /// No fix is available now: waiting for a first fix, fix lost, receiver silent or unplugged.
  public let locationUnavailable: Bool
  /// Never set: accuracy is never reduced.
  public let accuracyLimited: Bool
  /// Never set: no service session is needed.
  public let serviceSessionRequired: Bool
  /// The receiver is open but has not talked NMEA yet.
  public let authorizationRequestInProgress: Bool

  /// iOS 18's name for ``isStationary``.
  public var stationary: Bool { isStationary }

  init(
    location: CLLocation? = nil, isStationary: Bool = false, denied: Bool = false,
    deniedGlobally: Bool = false, restricted: Bool = false, unavailable: Bool = false,
    inProgress: Bool = false
  ) {
    self.location = location
    self.isStationary = isStationary
    authorizationDenied = denied
    authorizationDeniedGlobally = deniedGlobally
    authorizationRestricted = restricted
    insufficientlyInUse = false
    locationUnavailable = unavailable
    accuracyLimited = false
    serviceSessionRequired = false
    authorizationRequestInProgress = inProgress
  }

  /// What kind of movement to expect, Apple's presets.
  public struct LiveConfiguration: Sendable, Hashable {
    /// The activity type whose pause thresholds apply.
    public let activityType: CLActivityType

    /// General use.
    public static let `default` = LiveConfiguration(activityType: .other)
    /// Driving.
    public static let automotiveNavigation = LiveConfiguration(activityType: .automotiveNavigation)
    /// Boats, trains.
    public static let otherNavigation = LiveConfiguration(activityType: .otherNavigation)
    /// Walking, running, cycling.
    public static let fitness = LiveConfiguration(activityType: .fitness)
    /// Flying.
    public static let airborne = LiveConfiguration(activityType: .airborne)
  }

  /// Live updates from the receiver the command line would pick (`$LOCATE_DEVICE`, else
  /// discovery).
  public static func liveUpdates(_ configuration: LiveConfiguration = .default) -> Updates {
    liveUpdates(configuration, source: .discover(baud: .auto))
  }

  /// Live updates from an explicit source (Linux extension). A replay ends the sequence at its
  /// end; its timestamps are as recorded unless `replayTimestamps` says otherwise.
  public static func liveUpdates(
    _ configuration: LiveConfiguration = .default, source: ReceiverSource,
    options: ReceiverOptions = ReceiverOptions(), replayTimestamps: ReplayTimestamps = .asRecorded
  ) -> Updates {
    Updates(
      configuration: configuration, input: .receiver(source, options), isReplay: !source.isLive,
      clock: SystemClock(), replayTimestamps: replayTimestamps, onSession: nil)
  }

  /// The sequence of updates; each iteration opens the source, and closes it when dropped.
  public struct Updates: AsyncSequence, Sendable {
    /// Each element.
    public typealias Element = CLLocationUpdate

    let configuration: LiveConfiguration
    let input: SessionInput
    let isReplay: Bool
    let clock: any LocationClock
    let replayTimestamps: ReplayTimestamps
    let onSession: (@Sendable (LocationSession) -> Void)?

    /// Iterates the updates.
    public struct Iterator: AsyncIteratorProtocol {
      let consumer: UpdatesConsumer<CLLocationUpdate>

      /// The next update; nil when a replay ends or the source cannot be reopened.
      public mutating func next() async throws -> CLLocationUpdate? {
        try await consumer.next()
      }
    }

    /// Opens the source and starts iterating.
    public func makeAsyncIterator() -> Iterator {
      let channel = EventChannel<CLLocationUpdate>(
        limit: LocationPolicy.queueLimit)
      let settings = SessionSettings(
        isReplay: isReplay, clock: clock, timestamps: replayTimestamps, onStart: onSession)
      let translator = UpdateTranslator()
      let live = !isReplay
      let session = LocationSession.client(input, settings) { batch, session in
        channel.send(translator.translate(batch), dropsOldest: live ? session.readerIsShared : nil)
        if batch.contains(where: { if case .ended = $0 { return true } else { return false } }) {
          channel.finish()
        }
      }
      let filter = DeliveryFilter(
        distanceFilter: kCLDistanceFilterNone, desiredAccuracy: kCLLocationAccuracyBest,
        filtersAccuracy: false, pausesAutomatically: true,
        activityType: configuration.activityType)
      session.configure { $0.startUpdates(filter) }
      return Iterator(
        consumer: UpdatesConsumer(channel: channel, session: session, throwsStartFailure: false))
    }
  }
}
