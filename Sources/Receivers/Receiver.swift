// CONTRACT STUB — the receivers work replaces the body, keeping this shape.
import Foundation

/// What a running receiver reports, on its reader thread, in order.
public enum ReceiverEvent {
  /// Bytes as they arrived; the buffer is valid only during the callback.
  /// `at` is the monotonic arrival time in nanoseconds (`CLOCK_MONOTONIC`).
  case data(UnsafeRawBufferPointer, at: UInt64)
  /// The device state changed.
  case state(DeviceState)
}

/// Options for reading a source.
public struct ReceiverOptions: Sendable, Hashable {
  /// Reopen a device or TCP stream after it goes away (backoff 0.25 s doubling to 5 s).
  public var reconnect = true
  /// Report ``DeviceState/silent(path:seconds:)`` after this many seconds without bytes.
  public var silenceTimeout = 3.0

  /// Makes default options.
  public init() {}
}

/// A source of NMEA bytes read on a dedicated thread.
///
/// `start` opens the source (failing fast with ``ReceiverError`` when it cannot), then calls
/// the handler on the reader thread for every chunk and state change until `stop()` or the
/// end of a replay.
public final class Receiver: @unchecked Sendable {
  /// The source being read.
  public let source: ReceiverSource
  /// The options.
  public let options: ReceiverOptions

  /// Prepares to read `source`; nothing is opened until ``start(_:)``.
  public init(source: ReceiverSource, options: ReceiverOptions = ReceiverOptions()) {
    self.source = source
    self.options = options
  }

  /// Opens the source and starts the reader thread.
  public func start(_ handler: @escaping @Sendable (ReceiverEvent) -> Void) throws(ReceiverError) {
    throw ReceiverError(code: .notFound, path: "\(source)")
  }

  /// Stops reading, restores the terminal settings and joins the reader thread.
  public func stop() {}
}
