import Foundation

/// Visit monitoring (see ``VisitRule``): the receiver stays open while it runs.
extension CLLocationManager {
  func setVisits(_ rule: VisitRule?) {
    state.withLock { $0.monitoringVisits = rule != nil }
    if let rule {
      withSession { $0.watchVisits(rule) }
    } else {
      state.withLock { $0.session }?.configure { $0.watchVisits(nil) }
      closeIfIdle()
    }
  }
}

extension CLLocationManager.State {
  /// Whether a client of the receiver (other than a one-shot request) is active.
  var isUsingReceiver: Bool { updating || monitoring || updatingHeading || monitoringVisits }
}
