import Geodesy

/// The filters between a current fix and a client that wants every update: desired accuracy
/// (when asked), automatic pause, distance filter.
struct DeliveryFilter {
  /// What to do with a fix.
  enum Verdict: Equatable {
    /// Deliver it.
    case deliver
    /// Deliver it: movement resumed updates.
    case resume
    /// Do not deliver it (closer than the distance filter), but movement resumed updates.
    case resumeHeld
    /// Do not deliver: updates pause now.
    case pause
    /// Do not deliver: updates are paused.
    case paused
    /// Do not deliver: closer than the distance filter to the last delivered fix.
    case tooClose
    /// Do not deliver: less accurate than desired.
    case notAccurate
  }

  /// Minimum metres from the last delivered fix; ≤ 0 for none.
  var distanceFilter: Double
  /// Desired accuracy, metres (< 0: any).
  var desiredAccuracy: Double
  /// Whether fixes less accurate than desired are held back.
  var filtersAccuracy: Bool
  /// Whether stationary receivers pause.
  var pausesAutomatically: Bool
  var pause: PauseTracker
  private var lastLatitude = 0.0
  private var lastLongitude = 0.0
  private var hasLast = false

  init(
    distanceFilter: Double, desiredAccuracy: Double, filtersAccuracy: Bool,
    pausesAutomatically: Bool, activityType: CLActivityType
  ) {
    self.distanceFilter = distanceFilter
    self.desiredAccuracy = desiredAccuracy
    self.filtersAccuracy = filtersAccuracy
    self.pausesAutomatically = pausesAutomatically
    pause = PauseTracker(thresholds: .forActivity(activityType))
  }

  /// Whether an accuracy satisfies a desired accuracy (negative desired: anything does).
  static func accurate(_ accuracy: Double, desired: Double) -> Bool {
    desired < 0 || (accuracy >= 0 && accuracy <= desired)
  }

  /// Forgets the last delivered fix and the stationary state (updates restarted).
  mutating func reset() {
    hasLast = false
    pause.reset()
  }

  /// Judges a current fix whose last sentence arrived at service time `now`.
  mutating func judge(_ report: EpochReport, now: Int64) -> Verdict {
    guard let latitude = report.latitude, let longitude = report.longitude else { return .paused }
    if filtersAccuracy && !Self.accurate(report.horizontalAccuracy, desired: desiredAccuracy) {
      return .notAccurate
    }
    var resumed = false
    if pausesAutomatically {
      let speed = report.speedDerived ? nil : report.speed
      switch pause.update(latitude: latitude, longitude: longitude, speed: speed, now: now)
      {
      case .paused?: return .pause
      case .resumed?: resumed = true
      case nil: if pause.isPaused { return .paused }
      }
    }
    if distanceFilter > 0 && hasLast {
      let distance = Geodesic.wgs84.inverse(
        latitude1: lastLatitude, longitude1: lastLongitude, latitude2: latitude,
        longitude2: longitude
      ).distance
      if distance < distanceFilter { return resumed ? .resumeHeld : .tooClose }
    }
    remember(latitude, longitude)
    return resumed ? .resume : .deliver
  }

  private mutating func remember(_ latitude: Double, _ longitude: Double) {
    lastLatitude = latitude
    lastLongitude = longitude
    hasLast = true
  }
}
