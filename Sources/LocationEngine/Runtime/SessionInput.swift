import Receivers

/// Where a session's bytes come from.
package enum SessionInput: Sendable {
  /// A receiver, opened on ``LocationSession/start()``.
  case receiver(ReceiverSource, ReceiverOptions)
  /// Bytes fed by the owner (tests, and code that reads the device itself).
  case manual
}
