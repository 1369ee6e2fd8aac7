import Foundation
import Platform
import Receivers

/// Turns pipeline events into `CLLocationUpdate`s: one per location, one when updates pause
/// (`isStationary`), and one when authorization or availability changes (not one per epoch
/// while waiting).
final class UpdateTranslator: Sendable {
  private let unavailableReported = Locked(false)

  func translate(_ batch: [PipelineEvent]) -> [CLLocationUpdate] {
    var updates: [CLLocationUpdate] = []
    for event in batch {
      switch event {
      case .location(let location):
        unavailableReported.withLock { $0 = false }
        updates.append(CLLocationUpdate(location: CLLocation(location)))
      case .paused(true, let location):
        updates.append(CLLocationUpdate(location: CLLocation(location), isStationary: true))
      case .authorization(let status, let state):
        switch status {
        case .denied:
          if case .unavailable = state {
            updates.append(CLLocationUpdate(deniedGlobally: true))
          } else {
            updates.append(CLLocationUpdate(denied: true))
          }
        case .restricted: updates.append(CLLocationUpdate(restricted: true))
        case .notDetermined: updates.append(CLLocationUpdate(inProgress: true))
        case .authorizedAlways, .authorizedWhenInUse: break
        }
      case .progress, .stale, .device(.unplugged), .device(.silent):
        let first = unavailableReported.withLock { reported -> Bool in
          defer { reported = true }
          return !reported
        }
        if first { updates.append(CLLocationUpdate(unavailable: true)) }
      default:
        break
      }
    }
    return updates
  }
}
