import Foundation
import Platform
import Receivers

/// How a manager runs its session: opened by the first request, configured as requests come
/// and go, closed when nothing needs the receiver.
extension CLLocationManager {
  /// At creation: the process's authorization for this manager's receiver.
  func takeProcessAuthorization() {
    let (status, _) = ProcessAuthorization.status(for: input)
    state.withLock { $0.status = status }
  }

  func requestAuthorization(_ wanted: CLAuthorizationStatus) {
    state.withLock { $0.requested = wanted }
    withSession { $0.requestAuthorization(wanted) }
  }

  func startUpdates(significantOnly: Bool) {
    state.withLock {
      $0.updating = true
      $0.significantOnly = significantOnly
    }
    let filter = makeFilter()
    withSession { $0.startUpdates(filter) }
  }

  func makeFilter() -> DeliveryFilter {
    let significant = state.withLock { $0.significantOnly }
    return DeliveryFilter(
      distanceFilter: significant ? max(500, distanceFilter) : distanceFilter,
      desiredAccuracy: desiredAccuracy, filtersAccuracy: false,
      pausesAutomatically: significant ? false : pausesLocationUpdatesAutomatically,
      activityType: activityType)
  }

  func reconfigure() {
    let (session, updating) = state.withLock { ($0.session, $0.updating) }
    guard updating, let session else { return }
    let filter = makeFilter()
    session.configure { $0.startUpdates(filter) }  // keeps the running state
  }

  /// Applies `change` to the running session, or to a new one before it starts reading (so a
  /// fast replay cannot run ahead of the request); returns why a new one could not start.
  @discardableResult
  func withSession(_ change: (inout LocationPipeline) -> Void) -> CLError? {
    if let session = state.withLock({ $0.session }) {
      session.configure(change)
      return nil
    }
    let settings = SessionSettings(
      isReplay: isReplay, clock: clock, checksumPolicy: checksumPolicy, maximumAge: maximumAge,
      timestamps: replayTimestamps, onStart: onSession)
    let session = LocationSession.client(input, settings) { [weak self] batch, session in
      self?.receive(batch, from: session)
    }
    let (wanted, status, monitoring, headings, visits) = state.withLock {
      ($0.requested, $0.status, $0.monitoring, $0.updatingHeading, $0.monitoringVisits)
    }
    let regions = regionStore.watch
    let filter = headingFilter
    session.configure {
      // What the manager already says is not news when opening the receiver confirms it.
      $0.authorization.assume(status)
      $0.authorization.granted = wanted
      if monitoring { $0.watchRegions(regions) }
      if headings { $0.heading.startDelivering(filter: filter) }
      if visits { $0.watchVisits(VisitRule()) }
      change(&$0)
    }
    state.withLock { $0.session = session }
    do {
      try session.start()
      if let key = session.engineKey, !isReplay { state.withLock { $0.engineKey = key } }
    } catch {
      let report = state.withLock { state -> Bool in
        state.session = nil
        defer { state.oneShotPending = false }
        return state.updating || state.oneShotPending
      }
      session.stop()
      if report {
        delegateQueue.async { [self] in delegate?.locationManager(self, didFailWithError: error) }
      }
      return error
    }
    return nil
  }

  func closeIfIdle() {
    let session = state.withLock { state -> LocationSession? in
      guard
        !state.updating && !state.oneShotPending && !state.monitoring && !state.updatingHeading
          && !state.monitoringVisits
      else { return nil }
      defer { state.session = nil }
      return state.session
    }
    session?.stop()
  }

  /// From the reader's thread: hands the batch to the delegate queue.
  func receive(_ batch: [PipelineEvent], from session: LocationSession) {
    delegateQueue.async { [self] in
      // A session closed meanwhile (a replay reopened from its start, or one that failed to
      // start, however early this runs: `withSession` reports that failure, once) has nothing
      // to say, except the authorization it decided.
      let current = !session.startFailed && state.withLock { $0.session === session }
      dispatch(
        current ? batch : batch.filter { if case .authorization = $0 { true } else { false } })
    }
  }
}
