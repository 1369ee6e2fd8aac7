import Glibc

/// Metres between two nearby points on a local tangent plane (WGS-84 radii of curvature at the
/// mean latitude); for the pause rule's radii of tens of metres.
package func localDistance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double
{
  let a = 6_378_137.0
  let e2 = 0.006_694_379_990_14
  let phi = (lat1 + lat2) / 2 * .pi / 180
  let s = sin(phi)
  let w = (1 - e2 * s * s).squareRoot()
  let meridional = a * (1 - e2) / (w * w * w)
  let normal = a / w
  var dLon = lon2 - lon1
  if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
  let north = (lat2 - lat1) * .pi / 180 * meridional
  let east = dLon * .pi / 180 * normal * cos(phi)
  return (north * north + east * east).squareRoot()
}

/// Decides when a receiver is stationary long enough to pause, and when it moves again (see
/// ``PauseThresholds``).
package struct PauseTracker {
  /// What changed with a fix.
  package enum Change: Equatable {
    /// Updates pause; this fix is not delivered.
    case paused
    /// Updates resume; this fix is delivered.
    case resumed
  }

  package var thresholds: PauseThresholds
  private(set) var isPaused = false
  private var anchorLatitude = 0.0
  private var anchorLongitude = 0.0
  private var anchorTime: Int64 = 0
  private var hasAnchor = false

  package init(thresholds: PauseThresholds) { self.thresholds = thresholds }

  /// Starts over (after a gap, or when updates restart).
  package mutating func reset() {
    hasAnchor = false
    isPaused = false
  }

  /// Considers a fix at service time `now` (ns); returns a change, if any.
  package mutating func update(latitude: Double, longitude: Double, speed: Double?, now: Int64)
    -> Change?
  {
    guard hasAnchor else {
      setAnchor(latitude, longitude, now)
      return nil
    }
    let fast = speed.map { $0 > thresholds.speed } ?? false
    let moved =
      fast
      || localDistance(anchorLatitude, anchorLongitude, latitude, longitude) > thresholds.radius
    if isPaused {
      guard moved else { return nil }
      isPaused = false
      setAnchor(latitude, longitude, now)
      return .resumed
    }
    if moved {
      setAnchor(latitude, longitude, now)
      return nil
    }
    if Double(now - anchorTime) / 1e9 >= thresholds.duration {
      isPaused = true
      return .paused
    }
    return nil
  }

  private mutating func setAnchor(_ latitude: Double, _ longitude: Double, _ now: Int64) {
    anchorLatitude = latitude
    anchorLongitude = longitude
    anchorTime = now
    hasAnchor = true
  }
}
