import Platform

/// Why a receiver could not be opened or read: a code, the path, the underlying errno, and the
/// kind of source.
public struct ReceiverError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: Sendable, Hashable {
    /// No receiver found, or the path does not exist.
    case notFound
    /// EACCES/EPERM; the associated group owns the device.
    case permissionDenied(group: String?)
    /// Held by another program (`nil`: no process in `/proc` has it open; see
    /// ``DeviceRefusal/busy(holder:)``).
    case busy(holder: DeviceHolder?)
    /// ``BaudSetting/auto`` found no rate that speaks NMEA: the rates tried and what was seen.
    case baudNotFound(tried: [Int], seen: String)
    /// Not a terminal, unsupported rate, bad URL.
    case invalidSource(String)
    /// The input is not what it must be (a capture with no NMEA in it): why.
    case badData(String)
    /// Any other I/O failure.
    case io
  }

  /// The kind of failure.
  public var code: Code
  /// The device path or URL concerned (empty when discovery found nothing).
  public var path: String
  /// The errno behind it, 0 when none.
  public var errno: Int32
  /// The kind of source that failed, when known (``Receiver/start(_:)`` says it): a network
  /// source's failures are the network's.
  public var source: ReceiverSource.Kind?

  /// Makes an error.
  public init(code: Code, path: String, errno: Int32 = 0, source: ReceiverSource.Kind? = nil) {
    self.code = code
    self.path = path
    self.errno = errno
    self.source = source
  }

  /// Whether the failure is the network's: a TCP bridge or a gpsd server could not be reached
  /// or read.
  public var isNetwork: Bool { source?.isNetwork ?? false }

  /// A one-line explanation with the remedy, such as `/dev/ttyUSB0: permission denied (add
  /// yourself to the 'dialout' group: sudo usermod -aG dialout $USER, then log in again)`.
  public var description: String {
    let subject = path.isEmpty ? "" : "\(path): "
    switch code {
    case .permissionDenied(let group):
      return subject + Self.text(.denied(group: group), path: path)
    case .busy(let holder):
      return subject + Self.text(.busy(holder: holder), path: path)
    case .notFound:
      if path.isEmpty {
        return "no GPS receiver found: plug one in, or name its device in"
          + " $\(ReceiverSource.deviceVariable)"
      }
      guard path.hasPrefix("/dev/") || path.includes("/serial/by-id/") else {
        return "\(subject)no such file or directory"
      }
      return "\(subject)no such device: is the receiver plugged in?"
        + " ('locate devices' lists what exists)"
    case .baudNotFound(let tried, let seen):
      let rates = tried.map(String.init).joined(separator: ", ")
      return "\(subject)no baud rate gave NMEA (tried \(rates)): \(seen);"
        + " give the receiver's rate, or switch it to NMEA output"
    case .invalidSource(let reason), .badData(let reason):
      return "\(subject)\(reason)"
    case .io:
      let reason = errno == 0 ? "input/output error" : Errno(rawValue: errno).description
      guard errno == Errno.connectionRefused.rawValue else { return "\(subject)\(reason)" }
      switch source {
      case .gpsd: return "\(subject)\(reason): is gpsd running and listening there?"
      case .tcp: return "\(subject)\(reason): is the NMEA bridge running and listening there?"
      default: return "\(subject)\(reason)"
      }
    }
  }

  /// A refusal's reason with its remedy in brackets.
  private static func text(_ refusal: DeviceRefusal, path: String) -> String {
    "\(refusal.reason) (\(refusal.remedy(path: path)))"
  }
}
