import Geodesy

/// The filters between a current fix and a client that wants every update: desired accuracy
/// (when asked), automatic pause, distance filter.
package struct DeliveryFilter {
  /// What to do with a fix.
  package enum Verdict: Equatable {
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
  package var distanceFilter: Double
  /// Desired accuracy, metres (< 0: any).
  package var desiredAccuracy: Double
  /// Whether fixes less accurate than desired are held back.
  package var filtersAccuracy: Bool
  /// Whether stationary receivers pause.
  package var pausesAutomatically: Bool
  package var pause: PauseTracker
  private var lastLatitude = 0.0
  private var lastLongitude = 0.0
  private var hasLast = false

  package init(
    distanceFilter: Double, desiredAccuracy: Double, filtersAccuracy: Bool,
    pausesAutomatically: Bool, activityType: ActivityType
  ) {
    self.distanceFilter = distanceFilter
    self.desiredAccuracy = desiredAccuracy
    self.filtersAccuracy = filtersAccuracy
    self.pausesAutomatically = pausesAutomatically
    pause = PauseTracker(thresholds: .forActivity(activityType))
  }

  /// Whether an accuracy satisfies a desired accuracy (negative desired: anything does).
  package static func accurate(_ accuracy: Double, desired: Double) -> Bool {
    desired < 0 || (accuracy >= 0 && accuracy <= desired)
  }

  /// Forgets the last delivered fix and the stationary state (updates restarted).
  package mutating func reset() {
    hasLast = false
    pause.reset()
  }

  /// Judges a current fix whose last sentence arrived at service time `now`.
  package mutating func judge(_ report: EpochReport, now: Int64) -> Verdict {
    guard let latitude = report.latitude, let longitude = report.longitude else { return .paused }
    if filtersAccuracy && !Self.accurate(report.horizontalAccuracy, desired: desiredAccuracy) {
      return .notAccurate
    }
    var resumed = false
    if pausesAutomatically {
      switch pause.update(
        latitude: latitude, longitude: longitude, speed: report.speed, now: now)
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
