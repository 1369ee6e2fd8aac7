import Foundation
import NMEA
import Platform
import Receivers

/// Core Location's manager, over a serial GNSS receiver (or a capture, or a network stream).
///
/// Apple's names, defaults and sentinels: `desiredAccuracy` = `kCLLocationAccuracyBest`,
/// `distanceFilter` = `kCLDistanceFilterNone`, `activityType` = `.other`,
/// `pausesLocationUpdatesAutomatically` = true. The policies and their numbers are in
/// ``LocationPolicy``, ``PauseThresholds`` and ``ErrorModel``.
///
/// - The receiver is opened by the first of ``requestWhenInUseAuthorization()``,
///   ``requestAlwaysAuthorization()``, ``startUpdatingLocation()`` or ``requestLocation()``,
///   and closed by ``stopUpdatingLocation()`` once no request is pending (or when the manager
///   goes away). Opening it decides the authorization (see ``CLAuthorizationStatus``). A replay
///   (capture file, standard input) opened only to decide authorization is closed again once
///   decided, so that updates started from `locationManagerDidChangeAuthorization` see it from
///   its beginning.
/// - Every manager, `liveUpdates()` stream, ``CLMonitor`` and ``LocationService`` of the
///   process reading the same receiver shares one reader and decoder of it
///   (``ReceiverEngine``): the device is opened and each sentence decoded once, the device
///   opened by the first and closed when the last stops; none of them finds
///   it busy, held by its own process. ``location`` is that receiver's latest fix. Each keeps
///   its own desired accuracy, distance filter (from its own last delivered fix), activity
///   type, pause, one-shot request, regions, visits and headings, and nothing received before
///   it started is current for it. A capture file is not shared: each manager replays it.
/// - Delegate methods run on ``delegateQueue``, the main queue by default: in an app with a run
///   loop, in an `async` `@main` program, or after `dispatchMain()`, the main queue runs. A
///   program whose main thread blocks must set another queue.
/// - As on Apple's platforms, `desiredAccuracy` does not hold back updates; it is what
///   ``requestLocation()`` waits for (up to ``LocationPolicy/requestLocationTimeout``, then it
///   delivers the best fix it has, or fails with `locationUnknown`).
open class CLLocationManager: NSObject, @unchecked Sendable {
  struct State {
    var session: LocationSession?
    var updating = false
    var significantOnly = false
    var oneShotPending = false
    /// Whether any region is monitored (`CLLocationManager+Regions.swift`).
    var monitoring = false
    /// Whether headings are delivered (`CLLocationManager+Heading.swift`).
    var updatingHeading = false
    /// Whether visits are monitored.
    var monitoringVisits = false
    var location: CLLocation?
    /// The engine the manager's receiver was last read through (see ``location``).
    var engineKey: String?
    var heading: CLHeading?
    var status: CLAuthorizationStatus = .notDetermined
    var requested: CLAuthorizationStatus = .authorizedAlways
  }

  static let lastStatus = Locked(CLAuthorizationStatus.notDetermined)
  let state = Locked(State())
  let input: SessionInput
  let isReplay: Bool
  let clock: any LocationClock
  let checksumPolicy: ChecksumPolicy
  let replayTimestamps: ReplayTimestamps
  /// The monitored regions (`CLLocationManager+Regions.swift`).
  let regionStore = ManagerRegions()
  /// Called with each session as it starts (tests feed bytes through it).
  var onSession: (@Sendable (LocationSession) -> Void)?

  /// Receives the manager's events, on ``delegateQueue``.
  open weak var delegate: (any CLLocationManagerDelegate)? {
    didSet {
      // Apple calls this when the manager is created: here, when a delegate is set.
      if delegate != nil {
        delegateQueue.async { [self] in delegate?.locationManagerDidChangeAuthorization(self) }
      }
    }
  }
  /// Where delegate methods run (Linux extension; default: the main queue).
  open var delegateQueue: DispatchQueue = .main
  /// The accuracy ``requestLocation()`` waits for, metres (default `kCLLocationAccuracyBest`).
  open var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
  /// Minimum geodesic distance from the last delivered fix, metres (default
  /// `kCLDistanceFilterNone`).
  open var distanceFilter: CLLocationDistance = kCLDistanceFilterNone {
    didSet { reconfigure() }
  }
  /// The kind of movement, which sets the pause thresholds (default `.other`).
  open var activityType: CLActivityType = .other { didSet { reconfigure() } }
  /// Whether updates pause while stationary (default true).
  open var pausesLocationUpdatesAutomatically = true { didSet { reconfigure() } }
  /// Accepted for compatibility; a command-line program is never suspended.
  open var allowsBackgroundLocationUpdates = false
  /// Accepted for compatibility.
  open var showsBackgroundLocationIndicator = false
  /// Oldest fix handed out as current, seconds (Linux extension; default 5).
  open var maximumAge: Double = LocationPolicy.defaultMaximumAge

  /// A manager for the receiver the command line would pick: `$LOCATE_DEVICE`, else the first
  /// one discovery finds (``ReceiverSource/discover(baud:)`` with automatic baud rate).
  ///
  /// Designated, as Apple's is: a subclass writes `override init() { super.init() … }`.
  public override init() {
    let source = ReceiverSource.discover(baud: .auto)
    input = .receiver(source, ReceiverOptions())
    isReplay = !source.isLive
    clock = SystemClock()
    checksumPolicy = .strict
    replayTimestamps = .startingNow
    super.init()
    takeProcessAuthorization()
  }

  /// A manager for an explicit source: a device, a capture file, standard input, TCP or gpsd.
  /// A replay's timestamps start at the current time unless `replayTimestamps` is
  /// ``ReplayTimestamps/asRecorded``.
  public init(
    source: ReceiverSource, options: ReceiverOptions = ReceiverOptions(),
    checksumPolicy: ChecksumPolicy = .strict, replayTimestamps: ReplayTimestamps = .startingNow
  ) {
    input = .receiver(source, options)
    isReplay = !source.isLive
    clock = SystemClock()
    self.checksumPolicy = checksumPolicy
    self.replayTimestamps = replayTimestamps
    super.init()
    takeProcessAuthorization()
  }

  /// A manager over any input and clock (tests).
  init(
    input: SessionInput, isReplay: Bool, clock: any LocationClock,
    replayTimestamps: ReplayTimestamps = .startingNow
  ) {
    self.input = input
    self.isReplay = isReplay
    self.clock = clock
    checksumPolicy = .strict
    self.replayTimestamps = replayTimestamps
    super.init()
    takeProcessAuthorization()
  }

  deinit { state.withLock { $0.session }?.stop() }

  /// The most recent location, if any: the latest fix of the receiver's engine, shared by
  /// every client of the process and whatever this manager asked for (region monitoring
  /// alone included), as on Apple's platforms; kept after the receiver closes. A replay's
  /// manager has its own: the last one delivered to it.
  open var location: CLLocation? {
    let (own, key) = state.withLock { ($0.location, $0.engineKey) }
    guard let key, let shared = ReceiverEngine.latestLocation(for: key) else { return own }
    guard let own else { return CLLocation(shared) }
    return shared.timestamp >= own.timestamp ? CLLocation(shared) : own
  }
  /// Whether this manager may use its receiver (see ``CLAuthorizationStatus``): from its
  /// creation, the process's authorization for that receiver (``ProcessAuthorization``: what
  /// another client of the process learned, else what the device allows, found without
  /// opening it), as on Apple's platforms; then what opening it decides.
  open var authorizationStatus: CLAuthorizationStatus { state.withLock { $0.status } }
  /// Whether a widget may get location updates: false, a program on Linux has no widgets.
  open var isAuthorizedForWidgetUpdates: Bool { false }
  /// Always full accuracy.
  open var accuracyAuthorization: CLAccuracyAuthorization { .fullAccuracy }

  /// The process's authorization (Apple's older class method): the status most recently seen
  /// by any manager, or before any, the process's authorization for the receiver
  /// `CLLocationManager()` opens (``ProcessAuthorization``).
  open class func authorizationStatus() -> CLAuthorizationStatus {
    let last = lastStatus.withLock { $0 }
    guard last == .notDetermined else { return last }
    return ProcessAuthorization.status(for: .receiver(.discover(baud: .auto), ReceiverOptions())).0
  }

  /// Whether a receiver exists: `$LOCATE_DEVICE` names an existing path, or discovery finds
  /// one.
  open class func locationServicesEnabled() -> Bool {
    if let path = ReceiverSource.environmentDevice() {
      return FileManager.default.fileExists(atPath: path)
    }
    return !DeviceDiscovery.list().isEmpty
  }

  /// Whether the receiver `CLLocationManager()` opens (`$LOCATE_DEVICE`, else the one
  /// discovery finds) has sent this process a heading sentence: HDT, THS, HDG or HDM, as
  /// gyrocompasses, dual-antenna receivers and inertial units do (see ``HeadingRule``). False
  /// until that receiver has been opened and sent one.
  open class func headingAvailable() -> Bool { headingAvailable(for: .discover(baud: .auto)) }

  /// Whether `source` has sent this process a heading sentence (Linux extension).
  open class func headingAvailable(for source: ReceiverSource) -> Bool {
    let name = ((try? source.resolved()) ?? source).name ?? ""
    return HeadingRule.sources.withLock { $0.contains(name) }
  }
  /// Significant-change monitoring is a 500 m distance filter here.
  open class func significantLocationChangeMonitoringAvailable() -> Bool { true }

  /// Asks to use the receiver while in use: opens it; authorized means
  /// ``CLAuthorizationStatus/authorizedWhenInUse``.
  open func requestWhenInUseAuthorization() { requestAuthorization(.authorizedWhenInUse) }
  /// Asks to use the receiver always: opens it; authorized means
  /// ``CLAuthorizationStatus/authorizedAlways``.
  open func requestAlwaysAuthorization() { requestAuthorization(.authorizedAlways) }

  /// Starts delivering every current fix that passes the distance filter and pause rule.
  open func startUpdatingLocation() { startUpdates(significantOnly: false) }

  /// Stops updates; closes the receiver unless ``requestLocation()`` is pending.
  open func stopUpdatingLocation() {
    let session = state.withLock { state -> LocationSession? in
      state.updating = false
      return state.session
    }
    session?.configure { $0.delivery = nil }
    closeIfIdle()
  }

  /// Delivers one fresh fix as accurate as `desiredAccuracy` (see the class discussion).
  open func requestLocation() {
    state.withLock { $0.oneShotPending = true }
    let accuracy = desiredAccuracy
    withSession {
      $0.startOneShot(timeout: LocationPolicy.requestLocationTimeout, desiredAccuracy: accuracy)
    }
  }

  /// Starts updates with a 500 m distance filter and no pause.
  open func startMonitoringSignificantLocationChanges() { startUpdates(significantOnly: true) }
  /// Stops significant-change monitoring.
  open func stopMonitoringSignificantLocationChanges() { stopUpdatingLocation() }

  /// The least change of heading, degrees, that delivers a new heading (default 1;
  /// `kCLHeadingFilterNone`: every heading).
  open var headingFilter: CLLocationDegrees = 1 { didSet { headingFilterChanged() } }
  /// Accepted for compatibility: a receiver's heading is the vehicle's, whatever the
  /// orientation (default `.portrait`).
  open var headingOrientation: CLDeviceOrientation = .portrait
  /// The most recent heading delivered, if any.
  open var heading: CLHeading? { state.withLock { $0.heading } }

  /// Starts delivering the receiver's headings to `locationManager(_:didUpdateHeading:)`
  /// (opening the receiver if needed), by ``HeadingRule``. A receiver that sends no heading
  /// sentence never calls it, as on a device without a compass (check
  /// ``headingAvailable()``).
  open func startUpdatingHeading() { startHeading() }
  /// Stops heading updates; closes the receiver when nothing else needs it.
  open func stopUpdatingHeading() { stopHeading() }
  /// Does nothing: no calibration display is ever shown.
  open func dismissHeadingCalibrationDisplay() {}

  /// Starts delivering visits to `locationManager(_:didVisit:)` (opening the receiver if
  /// needed): each place the receiver stays, by ``VisitRule`` (50 m, 5 minutes), once on
  /// arrival and once on departure.
  open func startMonitoringVisits() { setVisits(VisitRule()) }
  /// Stops visit monitoring; closes the receiver when nothing else needs it.
  open func stopMonitoringVisits() { setVisits(nil) }

  // Regions (CLLocationManager+Regions.swift), beacons (+Beacons) and deferred updates
  // (+Deferred) are declared here, in the class, so that subclasses (apps' test doubles)
  // override them.

  /// The largest radius that can be monitored, metres: 20 000 km (a larger circle holds the
  /// whole Earth).
  open var maximumRegionMonitoringDistance: CLLocationDistance { RegionTracker.maximumRadius }
  /// The regions being monitored.
  open var monitoredRegions: Set<CLRegion> { Set(regionStore.regions) }
  /// Whether regions of this class can be monitored: ``CLCircularRegion`` and its subclasses.
  open class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool {
    regionClass is CLCircularRegion.Type
  }
  /// Starts monitoring a region (replacing a monitored region with the same identifier), its
  /// state unknown until a fix decides it (see ``monitorRegion(_:)``).
  open func startMonitoring(for region: CLRegion) { monitorRegion(region) }
  /// Stops monitoring a region (by identifier); the receiver closes when nothing else needs
  /// it.
  open func stopMonitoring(for region: CLRegion) { stopWatching(region.identifier) }
  /// Calls `locationManager(_:didDetermineState:for:)` with the region's state (see
  /// ``reportState(of:)``).
  open func requestState(for region: CLRegion) { reportState(of: region) }

  /// False: ranging needs Bluetooth LE.
  open class func isRangingAvailable() -> Bool { false }
  /// The constraints being ranged: always empty.
  open var rangedBeaconConstraints: Set<CLBeaconIdentityConstraint> { [] }
  /// The beacon regions being ranged (the deprecated form): always empty.
  open var rangedRegions: Set<CLRegion> { [] }
  /// Calls `locationManager(_:didFailRangingFor:error:)` with `CLError.rangingUnavailable`.
  open func startRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint) {
    failRanging(constraint)
  }
  /// Does nothing: nothing is ranged.
  open func stopRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint) {}
  /// The deprecated form: calls `locationManager(_:rangingBeaconsDidFailFor:withError:)` with
  /// `CLError.rangingUnavailable`.
  @available(*, deprecated, renamed: "startRangingBeacons(satisfying:)")
  open func startRangingBeacons(in region: CLBeaconRegion) { failRanging(region) }
  /// Does nothing: nothing is ranged.
  @available(*, deprecated, renamed: "stopRangingBeacons(satisfying:)")
  open func stopRangingBeacons(in region: CLBeaconRegion) {}

  /// False: updates are never deferred (each fix is delivered as it comes).
  @available(*, deprecated, message: "deferred updates are not supported (Apple: iOS 13)")
  open class func deferredLocationUpdatesAvailable() -> Bool { false }
  /// Answers at once through `locationManager(_:didFinishDeferredUpdatesWithError:)` (see
  /// ``answerDeferred()``).
  @available(*, deprecated, message: "deferred updates are not supported (Apple: iOS 13)")
  open func allowDeferredLocationUpdates(
    untilTraveled distance: CLLocationDistance, timeout: TimeInterval
  ) {
    answerDeferred()
  }
  /// Does nothing: nothing is deferred.
  @available(*, deprecated, message: "deferred updates are not supported (Apple: iOS 13)")
  open func disallowDeferredLocationUpdates() {}

}
