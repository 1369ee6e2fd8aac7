/// Why the system refused a device, and what to do about it: the one wording that errors,
/// device states, Core Location's errors and the command line share.
public enum DeviceRefusal: Sendable, Hashable {
  /// `EACCES`/`EPERM`; `group` owns the device (usually `dialout`).
  case denied(group: String?)
  /// Held by another program: `holder` from `/proc`, or `nil` when no process there has it
  /// open (a stale exclusive flag on a pseudo-terminal, or a program this user cannot see).
  case busy(holder: DeviceHolder?)

  /// The refusal an error stands for, if it is one.
  public init?(_ code: ReceiverError.Code) {
    switch code {
    case .permissionDenied(let group): self = .denied(group: group)
    case .busy(let holder): self = .busy(holder: holder)
    default: return nil
    }
  }

  /// The refusal a device state stands for, if it is one.
  public init?(_ state: DeviceState) {
    switch state {
    case .denied(_, let group): self = .denied(group: group)
    case .busy(_, let holder): self = .busy(holder: holder)
    default: return nil
    }
  }

  /// What happened, in a few words: `permission denied`, `busy, held by gpsd, pid 812`, `busy,
  /// but no process has it open`.
  public var reason: String {
    switch self {
    case .denied: return "permission denied"
    case .busy(let holder): return "busy, " + Self.holderText(holder)
    }
  }

  /// Who holds a busy device: `held by gpsd, pid 812`, `held by locate, pid 812 (alice)` (a
  /// holder of another user), `shared by locate, pid 812` (a `locate` this user joins), or
  /// `but no process has it open`.
  public static func holderText(_ holder: DeviceHolder?) -> String {
    guard let holder else { return "but no process has it open" }
    let verb = holder.shared ? "shared by" : "held by"
    return "\(verb) \(holder.command), pid \(holder.pid)" + (holder.user.map { " (\($0))" } ?? "")
  }

  /// What to do about it. `gpsdSource` is how the reader names gpsd as a source (the command
  /// line says `--input gpsd://localhost`).
  public func remedy(path: String, gpsdSource: String = "the source gpsd://localhost") -> String {
    switch self {
    case .denied(let group?) where group != "root":
      return "add yourself to the '\(group)' group: sudo usermod -aG \(group) $USER,"
        + " then log in again"
    case .denied:
      return "run with access to the device, or give it a group you are in"
    case .busy(let holder?):
      switch holder.command {
      case "gpsd", "gpsd.socket":
        return "read through gpsd with \(gpsdSource), or stop it:"
          + " sudo systemctl stop gpsd.socket gpsd"
      case "ModemManager":
        return "stop it (sudo systemctl stop ModemManager) or tell it to leave the port alone"
          + " with a udev rule setting ID_MM_DEVICE_IGNORE=1"
      case "locate" where holder.shared:
        return "run locate as usual: it reads the stream of pid \(holder.pid)"
      case "locate" where holder.notSharing != nil:
        return (holder.notSharing ?? "") + "; or stop pid \(holder.pid), or wait for it to finish"
      case "locate" where holder.user != nil:
        return "another user's locate is reading it, and only its own user may join it: ask"
          + " \(holder.user ?? "") to stop it, or wait for it to finish"
      case "locate":
        return "another locate is reading it: stop that one, or wait for it to finish"
      default:
        return "stop \(holder.command), then try again"
      }
    case .busy(nil):
      return "a program killed while it read this pseudo-terminal left it exclusive (TIOCEXCL):"
        + " a running locate simulate clears that within a second, another program that made"
        + " the pty must be restarted; for a serial port, a program /proc does not show holds"
        + " it (fuser -v \(path), as root, names it)"
    }
  }
}
