import Foundation
import Geodesy
import Platform

/// The regions a manager monitors: the ``CLRegion`` objects (in the order started), the
/// tracker its sessions share, and the states its delegate has been told.
final class ManagerRegions: Sendable {
  private struct State {
    var regions: [CLRegion] = []
    var told: [String: CLRegionState] = [:]
  }

  private let state = Locked(State())
  /// The tracker shared with the session's pipeline.
  let watch = RegionWatch()

  /// The monitored regions.
  var regions: [CLRegion] { state.withLock { $0.regions } }

  /// Adds or replaces (by identifier) a region, its state unknown.
  func add(_ region: CLCircularRegion) {
    state.withLock { state in
      state.regions.removeAll { $0.identifier == region.identifier }
      state.regions.append(region)
      state.told[region.identifier] = nil
    }
    watch.add(
      identifier: region.identifier, center: region.center, radius: region.radius,
      state: .unknown)
  }

  /// Removes a region by identifier; returns whether any region is left.
  func remove(_ identifier: String) -> Bool {
    watch.remove(identifier: identifier)
    return state.withLock { state in
      state.regions.removeAll { $0.identifier == identifier }
      state.told[identifier] = nil
      return !state.regions.isEmpty
    }
  }

  /// The monitored region for a transition, remembering the state told; nil when the region
  /// has been stopped since.
  func record(_ transition: RegionTransition) -> CLRegion? {
    state.withLock { state in
      guard let region = state.regions.first(where: { $0.identifier == transition.identifier })
      else { return nil }
      state.told[transition.identifier] = transition.state
      return region
    }
  }

  /// The last state told for a monitored region, nil when it is not monitored.
  func told(_ identifier: String) -> CLRegionState? {
    state.withLock { state in
      guard state.regions.contains(where: { $0.identifier == identifier }) else { return nil }
      return state.told[identifier] ?? .unknown
    }
  }
}

/// Region monitoring with Core Location's classic API: circular regions, entry and exit
/// callbacks, decided by ``RegionHysteresis`` on every current fix.
///
/// - ``startMonitoring(for:)`` opens the receiver if needed, on the delegate queue (so regions
///   started together are all watched from the first fix), and calls
///   `locationManager(_:didStartMonitoringFor:)`; the receiver stays open while any region is
///   monitored, whether or not updates run; a region that cannot be monitored (not a
///   ``CLCircularRegion``, an invalid centre, a radius not above 0 or beyond
///   ``maximumRegionMonitoringDistance``), or a receiver that cannot be opened, gets
///   `locationManager(_:monitoringDidFailFor:withError:)` with
///   `CLError.regionMonitoringFailure` or the receiver's error.
/// - The first fix that decides a region calls `locationManager(_:didDetermineState:for:)`
///   only: as on Apple's platforms, starting inside a region is not an entry. Each crossing
///   then calls `didDetermineState` followed by `didEnterRegion` (when
///   ``CLRegion/notifyOnEntry``) or `didExitRegion` (when ``CLRegion/notifyOnExit``). They come
///   before `didUpdateLocations` for the deciding fix, when updates run.
/// - The rule (see ``RegionHysteresis``), with `d` the geodesic distance to the centre, `r` the
///   radius, `a` the fix's horizontal accuracy, `h = min(20 m, r / 2)`: the first state is
///   inside when `d ≤ r − a`, outside when `d ≥ r + a`; then entry needs
///   `d ≤ r − max(h, a)` and exit `d ≥ r + max(h, a)`; a fix of unknown accuracy decides
///   nothing.
extension CLLocationManager {
  /// ``startMonitoring(for:)``: monitors a region (replacing a monitored region with the same
  /// identifier), its state unknown until a fix decides it.
  func monitorRegion(_ region: CLRegion) {
    if region is CLBeaconRegion { return failMonitoring(region, Self.noBluetooth) }
    guard let circle = region as? CLCircularRegion else {
      return failMonitoring(region, "only a CLCircularRegion can be monitored")
    }
    guard RegionTracker.canMonitor(center: circle.center, radius: circle.radius) else {
      return failMonitoring(
        region,
        "the centre must be within ±90° and ±180°, the radius above 0 and at most "
          + "\(Int(maximumRegionMonitoringDistance)) m")
    }
    regionStore.add(circle)
    state.withLock { $0.monitoring = true }
    // The receiver opens on the delegate queue: regions started together (in one pass over a
    // list) are all watched from the first fix, even on a fast replay.
    delegateQueue.async { [self] in
      guard regionStore.regions.contains(where: { $0 === region }) else { return }
      let watch = regionStore.watch
      if let error = withSession({ if $0.regions == nil { $0.watchRegions(watch) } }) {
        stopWatching(region.identifier)
        delegate?.locationManager(self, monitoringDidFailFor: region, withError: error)
      } else {
        delegate?.locationManager(self, didStartMonitoringFor: region)
      }
    }
  }

  /// ``requestState(for:)``: calls `locationManager(_:didDetermineState:for:)` with the
  /// region's state: for a monitored region the state last reported
  /// (``CLRegionState/unknown`` before a fix decided it); for another circular region the
  /// state the latest location gives by the first-fix rule (`d ≤ r − a` inside, `d ≥ r + a`
  /// outside, else unknown).
  func reportState(of region: CLRegion) {
    delegateQueue.async { [self] in
      let state = regionStore.told(region.identifier) ?? stateFromLatestLocation(region)
      delegate?.locationManager(self, didDetermineState: state, for: region)
    }
  }

  /// On the delegate queue: a region transition from the session.
  func dispatchRegion(_ transition: RegionTransition) {
    guard let region = regionStore.record(transition) else { return }
    delegate?.locationManager(self, didDetermineState: transition.state, for: region)
    guard transition.isCrossing else { return }
    if transition.state == .inside && region.notifyOnEntry {
      delegate?.locationManager(self, didEnterRegion: region)
    } else if transition.state == .outside && region.notifyOnExit {
      delegate?.locationManager(self, didExitRegion: region)
    }
  }

  func stopWatching(_ identifier: String) {
    let remaining = regionStore.remove(identifier)
    guard !remaining else { return }
    let session = state.withLock { state -> LocationSession? in
      state.monitoring = false
      return state.session
    }
    session?.configure { $0.watchRegions(nil) }
    closeIfIdle()
  }

  private func failMonitoring(_ region: CLRegion, _ reason: String) {
    delegateQueue.async { [self] in
      delegate?.locationManager(
        self, monitoringDidFailFor: region,
        withError: CLError(.regionMonitoringFailure, reason: reason))
    }
  }

  private func stateFromLatestLocation(_ region: CLRegion) -> CLRegionState {
    guard let circle = region as? CLCircularRegion, let location,
      RegionTracker.canMonitor(center: circle.center, radius: circle.radius),
      CLLocationCoordinate2DIsValid(location.coordinate)
    else { return .unknown }
    let distance = Geodesic.wgs84.inverse(
      latitude1: location.coordinate.latitude, longitude1: location.coordinate.longitude,
      latitude2: circle.center.latitude, longitude2: circle.center.longitude
    ).distance
    return RegionHysteresis().decide(
      distance: distance, radius: circle.radius, accuracy: location.horizontalAccuracy,
      current: .unknown) ?? .unknown
  }
}
