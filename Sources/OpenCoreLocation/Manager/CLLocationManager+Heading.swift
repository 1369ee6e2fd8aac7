import Foundation

/// Heading updates (see ``HeadingRule``): the receiver stays open while they run.
extension CLLocationManager {
  func startHeading() {
    state.withLock { $0.updatingHeading = true }
    let filter = headingFilter
    withSession { $0.heading.startDelivering(filter: filter) }
  }

  func stopHeading() {
    let session = state.withLock { state -> LocationSession? in
      state.updatingHeading = false
      return state.session
    }
    session?.configure { $0.heading.stopDelivering() }
    closeIfIdle()
  }

  func headingFilterChanged() {
    let filter = headingFilter
    state.withLock { $0.session }?.configure { $0.heading.changeFilter(filter) }
  }

  /// On the delegate queue: a heading from the session.
  func dispatchHeading(_ heading: CLHeading) {
    guard
      state.withLock({ state -> Bool in
        guard state.updatingHeading else { return false }
        state.heading = heading
        return true
      })
    else { return }
    delegate?.locationManager(self, didUpdateHeading: heading)
  }
}
