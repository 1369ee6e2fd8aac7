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
      return "\(path): busy" + (holder.map { ", held by \($0.command), pid \($0.pid)" } ?? "")
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

  /// What to do about a program holding the device.
  static func busyRemedy(_ holder: DeviceHolder?) -> String {
    switch holder?.command {
    case "gpsd":
      return "read through gpsd with --input gpsd://localhost, "
        + "or stop it: sudo systemctl stop gpsd.socket gpsd"
    case "ModemManager":
      return "stop it (sudo systemctl stop ModemManager) "
        + "or tell it to leave the port alone with a udev rule setting ID_MM_DEVICE_IGNORE=1"
    case "locate":
      return "another locate is reading it: stop that one, or wait for it to finish"
    case let command?:
      return "stop \(command), then try again"
    case nil:
      return "stop the program using it (fuser -v DEVICE names it), then try again"
    }
  }

  /// What to do about a permission refusal.
  static func deniedRemedy(_ group: String?) -> String {
    guard let group, group != "root" else {
      return "run with access to the device, or give it a group you are in"
    }
    return
      "add yourself to the '\(group)' group: sudo usermod -aG \(group) $USER, then log in again"
  }
}
