import ReceiverState

/// Maps the receiver's state to Core Location's authorization.
///
/// | device state | status | services enabled |
/// |---|---|---|
/// | not opened yet, `available` | `notDetermined` | yes |
/// | `connected`, no NMEA yet | `notDetermined` (request in progress) | yes |
/// | `connected`, NMEA seen | `authorizedAlways` (`authorizedWhenInUse` after a when-in-use request) | yes |
/// | `denied` | `denied` | yes |
/// | `busy` | `restricted` | yes |
/// | `unavailable` | `denied` | no |
/// | `unplugged`, `silent`, `garbled`, `ended` | unchanged (location unavailable) | yes |
///
/// A reconnect keeps an authorized status until the device says otherwise.
package struct AuthorizationTracker {
  /// What authorized means for this client.
  package var granted: Authorization = .authorizedAlways
  package private(set) var status: Authorization = .notDetermined
  package private(set) var servicesEnabled = true
  package private(set) var device: DeviceState?
  package private(set) var nmeaSeen = false

  /// Nothing known yet: not determined, services enabled, no device.
  package init() {}

  /// What changed.
  package enum Change: Equatable {
    /// The status changed.
    case authorization(Authorization, DeviceState)
    /// Only the device state changed.
    case device(DeviceState)
  }

  /// Takes `status` as known before the receiver says anything (the process's authorization a
  /// client already reports): opening the receiver then announces only a change from it.
  package mutating func assume(_ status: Authorization) {
    guard device == nil, self.status == .notDetermined else { return }
    self.status = status
  }

  /// A device state from the receiver.
  package mutating func update(_ state: DeviceState) -> Change? {
    if state == device { return nil }
    device = state
    let previous = status
    switch state {
    case .connected:
      servicesEnabled = true
      if status == .denied || status == .restricted {
        // Open again after a refusal: authorized once it talks NMEA again.
        status = .notDetermined
        nmeaSeen = false
      }
      if nmeaSeen && status == .notDetermined { status = granted }
    case .denied:
      servicesEnabled = true
      status = .denied
    case .busy:
      servicesEnabled = true
      status = .restricted
    case .unavailable:
      servicesEnabled = false
      status = .denied
    case .available, .unplugged, .silent, .garbled, .ended:
      break
    }
    return status != previous ? .authorization(status, state) : .device(state)
  }

  /// A well-formed NMEA sentence arrived from `path`.
  package mutating func sawNMEA(path: String) -> Change? {
    nmeaSeen = true
    guard status != granted else { return nil }
    if status == .denied || status == .restricted { return nil }
    status = granted
    let state = device ?? .connected(path: path, baud: nil)
    if device == nil { device = state }
    return .authorization(status, state)
  }

  /// The client asked for when-in-use (or always) authorization.
  package mutating func request(_ wanted: Authorization) -> Change? {
    granted = wanted
    guard status == .authorizedAlways || status == .authorizedWhenInUse, status != wanted else {
      return nil
    }
    status = wanted
    return .authorization(status, device ?? .ended)
  }
}
