import Foundation
import Platform
import Receivers

/// The process's authorization for each receiver, as Apple keeps one per app: every manager,
/// service session and background activity session of the process says it at once.
///
/// It is what the last client of the process to open the receiver learned (see
/// ``CLAuthorizationStatus``); before any has, what the receiver allows, found without opening
/// it (``DeviceDiscovery/peek(path:)``):
///
/// | source | status |
/// |---|---|
/// | a device that may be read and written, not held by another program | `authorizedAlways` |
/// | a device this user may not open | `denied` |
/// | a device another program holds (gpsd, ModemManager, another user's `locate`) | `restricted` |
/// | no device at the path, or none found | `denied` (location services disabled) |
/// | a readable capture file, standard input | `authorizedAlways` |
/// | a missing or unreadable capture file | `denied` |
/// | a TCP or gpsd server (unknown until connected) | `notDetermined` |
enum ProcessAuthorization {
  private struct State {
    var known: [String: (CLAuthorizationStatus, DeviceState?)] = [:]
    var listeners: [UUID: @Sendable (String, CLAuthorizationStatus, DeviceState?) -> Void] = [:]
  }

  private static let state = Locked(State())

  /// The process's authorization for `input`, and the device state it was decided on.
  static func status(for input: SessionInput) -> (CLAuthorizationStatus, DeviceState?) {
    guard case .receiver(let source, _) = input, let key = key(input) else {
      return (.notDetermined, nil)
    }
    if let known = state.withLock({ $0.known[key] }) { return known }
    return status(of: source)
  }

  /// A client learned the authorization of `input`: every listener hears it.
  static func record(
    _ status: CLAuthorizationStatus, _ device: DeviceState?, for input: SessionInput
  ) {
    guard let key = key(input) else { return }
    let listeners = state.withLock { state in
      state.known[key] = (status, device)
      return Array(state.listeners.values)
    }
    for listener in listeners { listener(key, status, device) }
  }

  /// Calls `handler` with each authorization a client of the process learns (the key names
  /// the receiver, as ``key(_:)`` does); returns the token ``stopListening(_:)`` takes.
  static func listen(
    _ handler: @escaping @Sendable (String, CLAuthorizationStatus, DeviceState?) -> Void
  ) -> UUID {
    let token = UUID()
    state.withLock { $0.listeners[token] = handler }
    return token
  }

  /// Stops a listener.
  static func stopListening(_ token: UUID) {
    _ = state.withLock { $0.listeners.removeValue(forKey: token) }
  }

  /// The name the process's authorization of `input` is kept under: the receiver's (`""` for
  /// the one discovery finds); nil for bytes fed by hand, which have none.
  static func key(_ input: SessionInput) -> String? {
    guard case .receiver = input else { return nil }
    return LocationService.deviceName(input) ?? ""
  }

  /// What `source` allows, found without opening it (the table above).
  private static func status(of source: ReceiverSource) -> (CLAuthorizationStatus, DeviceState?) {
    let path: String
    switch source {
    case .device(let device, _):
      path = device
    case .discover:
      guard let found = DeviceDiscovery.firstCandidate() else {
        return (.denied, .unavailable(path: nil))
      }
      path = found
    case .file(let file, _):
      return FileSystem.readAccessError(file) == nil
        ? (.authorizedAlways, nil) : (.denied, .unavailable(path: file))
    case .standardInput:
      return (.authorizedAlways, nil)
    case .tcp, .gpsd:
      return (.notDetermined, nil)
    }
    let peeked = DeviceDiscovery.peek(path: path)
    switch peeked {
    case .available: return (.authorizedAlways, peeked)
    case .busy: return (.restricted, peeked)
    default: return (.denied, peeked)
    }
  }
}
