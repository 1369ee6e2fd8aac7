import JSON
import Receivers

/// Device states in words, for notes on stderr.
enum StateText {
  /// `/dev/ttyUSB0: unplugged, waiting for it to come back`; nil for states not worth a note.
  static func note(_ state: DeviceState) -> String? {
    switch state {
    case .available(let path):
      return "\(path): available"
    case .connected(let path, let baud):
      return "\(path): connected" + (baud.map { " at \($0) baud" } ?? "")
    case .denied(let path, let group):
      return "\(path): permission denied" + (group.map { " (group \($0))" } ?? "")
    case .busy(let path, let holder):
      return "\(path): " + DeviceRefusal.busy(holder: holder).reason
    case .unavailable(let path):
      return (path ?? "receiver") + ": not found"
    case .unplugged(let path):
      return "\(path): unplugged, waiting for it to come back"
    case .silent(let path, let seconds):
      return "\(path): silent for " + JSONText.fixed(seconds, 1) + " s"
    case .garbled:
      return garbled(state)
    case .ended:
      return nil
    }
  }

  /// `/dev/ttyUSB0: receiving bytes at 9600 baud but no NMEA: try --baud auto`: the one line
  /// for ``DeviceState/garbled(path:baud:)`` (nil for other states).
  static func garbled(_ state: DeviceState) -> String? {
    switch state {
    case .garbled(let path, let baud?):
      return "\(path): receiving bytes at \(baud) baud but no NMEA: try --baud auto"
    case .garbled(let path, nil):
      return "\(path): receiving bytes but no NMEA at any baud rate: switch the receiver to NMEA"
        + " output (it may speak a binary protocol), or give its rate with --baud"
    default:
      return nil
    }
  }

  /// What to do about a program holding the device (``DeviceRefusal``'s words, gpsd named as
  /// `--input` takes it).
  static func busyRemedy(_ holder: DeviceHolder?, path: String) -> String {
    DeviceRefusal.busy(holder: holder).remedy(path: path, gpsdSource: "--input gpsd://localhost")
  }

  /// What to do about a permission refusal.
  static func deniedRemedy(_ group: String?) -> String {
    DeviceRefusal.denied(group: group).remedy(path: "")
  }
}
