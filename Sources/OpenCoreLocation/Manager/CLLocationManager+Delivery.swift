import Foundation
import Receivers

/// How a manager hands its session's events to the delegate.
extension CLLocationManager {
  /// On the delegate queue: updates the state and calls the delegate, in order.
  func dispatch(_ batch: [PipelineEvent]) {
    var locations: [CLLocation] = []
    func flush() {
      // One call per location, as live: apps commonly read only `locations.last`.
      for location in locations {
        state.withLock { $0.location = location }
        delegate?.locationManager(self, didUpdateLocations: [location])
      }
      locations.removeAll()
    }
    func fail(_ error: CLError) {
      flush()
      delegate?.locationManager(self, didFailWithError: error)
    }
    for event in batch {
      switch event {
      case .location(let location):
        locations.append(CLLocation(location))
      case .oneShotFix(let location):
        locations.append(CLLocation(location))
        finishOneShot()
      case .oneShotTimeout(let best, let error):
        finishOneShot()
        if let best { locations.append(CLLocation(best)) } else { fail(error) }
      case .oneShotFailed(let error):
        let updating = finishOneShot()
        if !updating { fail(error) }
      case .authorization(let status, let device):
        flush()
        let (running, idle) = state.withLock { state -> (Bool, Bool) in
          state.status = status
          let using = state.isUsingReceiver
          return (using && state.session != nil, !using && !state.oneShotPending)
        }
        // A replay opened only to decide authorization starts over when updates start.
        if isReplay && idle { closeIfIdle() }
        Self.lastStatus.withLock { $0 = status }
        ProcessAuthorization.record(status, device, for: input)
        delegate?.locationManagerDidChangeAuthorization(self)
        delegate?.locationManager(self, didChangeAuthorization: status)
        if running, let error = CLError.failure(for: device) { fail(error) }
      case .device(let device):
        if state.withLock({ $0.isUsingReceiver }),
          let error = CLError.failure(for: device)
        {
          fail(error)
        }
      case .paused(let paused, _):
        flush()
        if paused {
          delegate?.locationManagerDidPauseLocationUpdates(self)
        } else {
          delegate?.locationManagerDidResumeLocationUpdates(self)
        }
      case .ended(let error):
        if state.withLock({ $0.isUsingReceiver }) { fail(error) }
      case .region(let transition):
        flush()
        dispatchRegion(transition)
      case .heading(let heading):
        flush()
        dispatchHeading(CLHeading(fields: heading))
      case .visit(let visit):
        flush()
        if state.withLock({ $0.monitoringVisits }) {
          delegate?.locationManager(self, didVisit: CLVisit(fields: visit))
        }
      case .progress, .sky, .stale, .sentences, .ignored, .timing:
        break
      }
    }
    flush()
  }

  /// Marks the one-shot request done; returns whether updates continue.
  @discardableResult
  func finishOneShot() -> Bool {
    let updating = state.withLock { state -> Bool in
      state.oneShotPending = false
      return state.updating
    }
    if !updating { closeIfIdle() }
    return updating
  }
}

extension CLError {
  /// The failure a device state means for a client that wants updates, if it is one.
  static func failure(for state: DeviceState) -> CLError? {
    switch state {
    case .denied(let path, let group): return CLError(.permissionDenied(path: path, group: group))
    case .busy(let path, let holder): return CLError(.busy(path: path, holder: holder))
    case .unavailable(let path): return CLError(.noReceiver(path: path))
    case .unplugged(let path): return CLError(.receiverLost(path: path))
    case .silent(let path, let seconds):
      return CLError(.receiverSilent(path: path, seconds: seconds))
    case .garbled(let path, let baud): return CLError(.noNMEA(path: path, baud: baud))
    case .available, .connected, .ended: return nil
    }
  }
}
