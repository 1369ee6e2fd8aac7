import OpenCoreLocation
import Receivers

extension FailureMapping {
  /// The error for a `CLError` whose cause the service spelled out; nil when it did not (the
  /// caller then explains it from the events it saw).
  static func detailed(_ error: CLError, source: ReceiverSource) -> LocateError? {
    nil
  }
}
