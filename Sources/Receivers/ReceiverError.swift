import Glibc

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

  /// Makes an error.
  public init(code: Code, path: String, errno: Int32 = 0) {
    self.code = code
    self.path = path
    self.errno = errno
  }

  /// A one-line explanation with the remedy, such as
  /// `/dev/ttyUSB0: permission denied: the device belongs to group 'dialout'; join it (…)`.
  public var description: String {
    let subject = path.isEmpty ? "" : "\(path): "
    switch code {
    case .notFound:
      if path.isEmpty {
        return "no GPS receiver found: plug one in or name it with --device PATH"
          + " ('locate devices' lists what exists)"
      }
      guard path.hasPrefix("/dev/") || path.contains("/serial/by-id/") else {
        return "\(subject)no such file or directory"
      }
      return "\(subject)no such device: is the receiver plugged in?"
        + " ('locate devices' lists what exists)"
    case .permissionDenied(let group?):
      return "\(subject)permission denied: the device belongs to group '\(group)'; join it"
        + " (sudo usermod -aG \(group) $USER) and log in again"
    case .permissionDenied(nil):
      return "\(subject)permission denied: ask for read and write access to the device"
    case .busy(let holder):
      return "\(subject)busy: " + Self.busyRemedy(holder, path: path)
    case .baudNotFound(let tried, let seen):
      let rates = tried.map(String.init).joined(separator: ", ")
      return "\(subject)no baud rate gave NMEA (tried \(rates)): \(seen);"
        + " set the rate with --baud N or switch the receiver to NMEA output"
    case .invalidSource(let reason), .badData(let reason):
      return "\(subject)\(reason)"
    case .io:
      let reason = errno == 0 ? "input/output error" : String(cString: strerror(errno))
      if path.hasPrefix("gpsd://") && errno == ECONNREFUSED {
        return "\(subject)\(reason): is gpsd running and listening there?"
      }
      if path.hasPrefix("tcp://") && errno == ECONNREFUSED {
        return "\(subject)\(reason): is the NMEA bridge running and listening there?"
      }
      return "\(subject)\(reason)"
    }
  }

  /// Who holds a busy device and what to do about it.
  static func busyRemedy(_ holder: DeviceHolder?, path: String) -> String {
    guard let holder else {
      return "another program has it open; find it with 'fuser -v \(path)' and stop it"
    }
    let who = "\(holder.command) (pid \(holder.pid))"
    switch holder.command {
    case "gpsd", "gpsd.socket":
      return "\(who) holds it; stop it (sudo systemctl stop gpsd.socket gpsd)"
        + " or read through it with --input gpsd://localhost"
    case "ModemManager":
      return "\(who) holds it; stop it (sudo systemctl stop ModemManager)"
        + " or tell it to ignore the device (udev ENV{ID_MM_DEVICE_IGNORE}=\"1\")"
    case "locate":
      return "another locate \(who.dropFirst(holder.command.count + 1)) is reading it;"
        + " stop that one first"
    default:
      return "\(who) holds it; stop it first"
    }
  }
}
