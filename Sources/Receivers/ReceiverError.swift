// CONTRACT — the one error type of the Receivers module.

/// Why a receiver could not be opened or read: a code, the path, and the underlying errno.
public struct ReceiverError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: Sendable, Hashable {
    /// No receiver found, or the path does not exist.
    case notFound
    /// EACCES/EPERM; the associated group owns the device.
    case permissionDenied(group: String?)
    /// Held by another process.
    case busy(holder: DeviceHolder?)
    /// `--baud auto` found no rate that speaks NMEA: the rates tried and what was seen.
    case baudNotFound(tried: [Int], seen: String)
    /// Not a terminal, unsupported rate, bad URL.
    case invalidSource(String)
    /// Any other I/O failure.
    case io
  }

  /// The kind of failure.
  public var code: Code
  /// The device path or URL concerned.
  public var path: String
  /// The errno behind it, 0 when none.
  public var errno: Int32

  /// Makes an error.
  public init(code: Code, path: String, errno: Int32 = 0) {
    self.code = code
    self.path = path
    self.errno = errno
  }

  /// A one-line explanation with the remedy.
  public var description: String { "\(path): \(code)" }
}
