import FoundationEssentials

/// Applies a ``VisitRule`` to fixes as they come (one per epoch), and says when a visit
/// begins and ends. Memory: the fixes of an unconfirmed stay (at most ``VisitRule/minimumDwell``
/// of them per second of rate), then running sums.
package struct VisitDetector: Sendable {
  /// One fix: where, when, how accurate (< 0: unknown).
  package struct Fix: Sendable, Hashable {
    var latitude: Double
    var longitude: Double
    var time: Date
    var accuracy: Double

    /// A fix as the detector weighs it.
    package init(latitude: Double, longitude: Double, time: Date, accuracy: Double) {
      self.latitude = latitude
      self.longitude = longitude
      self.time = time
      self.accuracy = accuracy
    }
  }

  package let rule: VisitRule
  /// The unconfirmed stay, anchor first; only the anchor once confirmed.
  private var stay: [Fix] = []
  private var confirmed = false
  private var lastInside: Date?
  /// Running sums over a confirmed stay: degrees and metres north and east of the anchor.
  private var count = 0.0
  private var degreesNorth = 0.0
  private var degreesEast = 0.0
  private var north = 0.0
  private var east = 0.0
  private var squares = 0.0
  private var accuracySum = 0.0
  private var accuracyCount = 0.0

  package init(rule: VisitRule) { self.rule = rule }

  /// A fix; the visit it begins or ends, if any.
  package mutating func add(_ fix: Fix) -> Visit? {
    guard let anchor = stay.first else {
      stay = [fix]
      return nil
    }
    if confirmed {
      if distance(anchor, fix) <= rule.radius {
        accumulate(fix, anchor: anchor)
        lastInside = fix.time
        return nil
      }
      let departed = visit(anchor: anchor, departure: lastInside ?? anchor.time)
      reset(to: fix)
      return departed
    }
    if distance(anchor, fix) > rule.radius {
      stay.removeFirst()
      while let first = stay.first,
        !(stay.allSatisfy { distance(first, $0) <= rule.radius }
          && distance(first, fix) <= rule.radius)
      {
        stay.removeFirst()
      }
    }
    stay.append(fix)
    guard let first = stay.first, fix.time.timeIntervalSince(first.time) >= rule.minimumDwell
    else { return nil }
    confirmed = true
    lastInside = fix.time
    for point in stay { accumulate(point, anchor: first) }
    stay = [first]
    return visit(anchor: first, departure: .distantFuture)
  }

  private mutating func reset(to fix: Fix) {
    stay = [fix]
    confirmed = false
    lastInside = nil
    (count, degreesNorth, degreesEast, north, east) = (0, 0, 0, 0, 0)
    (squares, accuracySum, accuracyCount) = (0, 0, 0)
  }

  private mutating func accumulate(_ fix: Fix, anchor: Fix) {
    let dLatitude = fix.latitude - anchor.latitude
    let dLongitude = Self.wrapped(fix.longitude - anchor.longitude)
    // Metres along the meridian and along the parallel, signed.
    let n = localDistance(anchor.latitude, 0, fix.latitude, 0) * (dLatitude < 0 ? -1 : 1)
    let e =
      localDistance(anchor.latitude, anchor.longitude, anchor.latitude, fix.longitude)
      * (dLongitude < 0 ? -1 : 1)
    count += 1
    degreesNorth += dLatitude
    degreesEast += dLongitude
    north += n
    east += e
    squares += n * n + e * e
    if fix.accuracy >= 0 {
      accuracySum += fix.accuracy
      accuracyCount += 1
    }
  }

  /// The visit so far: the mean position, and its accuracy.
  private func visit(anchor: Fix, departure: Date) -> Visit {
    let meanNorth = north / count
    let meanEast = east / count
    let spread = max(0, squares / count - meanNorth * meanNorth - meanEast * meanEast)
      .squareRoot()
    let accuracy = accuracyCount > 0 ? max(spread, accuracySum / accuracyCount) : spread
    return Visit(
      arrivalDate: anchor.time, departureDate: departure,
      coordinate: CLLocationCoordinate2D(
        latitude: anchor.latitude + degreesNorth / count,
        longitude: Self.wrapped(anchor.longitude + degreesEast / count)),
      horizontalAccuracy: accuracy)
  }

  private func distance(_ a: Fix, _ b: Fix) -> Double {
    localDistance(a.latitude, a.longitude, b.latitude, b.longitude)
  }

  /// Degrees of longitude in (−180, 180].
  package static func wrapped(_ degrees: Double) -> Double {
    degrees > 180 ? degrees - 360 : (degrees <= -180 ? degrees + 360 : degrees)
  }
}
