import Glibc
import Receivers

extension LocationSession {
  /// The device state and error for a receiver that could not be opened; no state when the
  /// source was never a device that could be used (not a serial port, a bad address, a
  /// connection refused): the error alone says why (an `ended` state would read as a receiver
  /// lost).
  package static func failure(_ error: ReceiverError, source: ReceiverSource) -> (
    state: DeviceState?, error: EngineError
  ) {
    let path: String? = {
      if case .discover = source { return nil }
      return error.path.isEmpty ? nil : error.path
    }()
    switch error.code {
    case .notFound where [ELOOP, ENAMETOOLONG, ENOTDIR].contains(error.errno):
      // Not a missing device: a path that leads nowhere (a link loop, a name too long).
      return (nil, EngineError(.sourceFailed(error)))
    case .notFound:
      return (.unavailable(path: path), EngineError(.noReceiver(path: path)))
    case .permissionDenied(let group):
      return (
        .denied(path: error.path, group: group),
        EngineError(.permissionDenied(path: error.path, group: group))
      )
    case .busy(let holder):
      return (
        .busy(path: error.path, holder: holder),
        EngineError(.busy(path: error.path, holder: holder))
      )
    case .baudNotFound, .invalidSource, .badData, .io:
      return (nil, EngineError(.sourceFailed(error)))
    }
  }
}
