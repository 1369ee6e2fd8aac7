import Platform
import TimeService

/// The one-line errors of the time service (`--shm`, `--pps`), with their exit statuses.
enum TimeServiceFailure {
  /// The line and status for `error`.
  static func error(_ error: TimeServiceError) -> LocateError {
    switch error.code {
    case .wrongSize(let size, let expected):
      let key = keyText(error.what)
      return LocateError(
        .busy, segment(error.what),
        "exists with \(size) bytes, not the \(expected) of an NTP segment",
        remedy:
          "another program made it: see 'ipcs -m'; remove it with 'ipcrm -M \(key)' once"
          + " nothing uses it, or choose another unit with --shm")
    case .permissionDenied(let owner, let permissions) where error.what.hasPrefix("NTP"):
      let unit = Int(error.what.dropFirst(3)) ?? 0
      return LocateError(
        .permissionDenied, segment(error.what),
        "permission denied: owned by \(CurrentProcess.userName(owner)), mode 0"
          + String(permissions, radix: 8),
        remedy: unit < 2
          ? "units 0 and 1 are root's, as ntpd makes them: run as root, or use --shm 2 and"
            + " chrony's 'refclock SHM 2'"
          : "the program that made it must allow this user: chrony's 'refclock SHM \(unit)"
            + " perm 0666', or run as its owner")
    case .permissionDenied:
      return LocateError(
        .permissionDenied, error.what, "permission denied",
        remedy: "PPS devices and line disciplines usually need root")
    case .inUse(let pid):
      return LocateError(
        .busy, segment(error.what), "written by locate pid \(pid)",
        remedy: "one program per unit: stop that one, or choose another unit with --shm")
    case .notFound:
      return LocateError(
        .unavailable, error.what, "no such PPS device",
        remedy: "see /sys/class/pps, or use --pps auto")
    case .noLineDiscipline:
      return LocateError(
        .unavailable, error.what, "this kernel has no PPS line discipline",
        remedy: "load it ('modprobe pps_ldisc', CONFIG_PPS_CLIENT_LDISC), or use --pps dcd")
    case .noModemLines:
      return LocateError(
        .unavailable, error.what, "no modem lines to wait on (TIOCMIWAIT)",
        remedy: "a pseudo-terminal or this port's driver has none: use --pps /dev/ppsN or off")
    case .notPPS:
      return LocateError(
        .unavailable, error.what, "not a PPS source that can capture assert edges",
        remedy: "see /sys/class/pps for the PPS devices")
    case .system(let call):
      return LocateError(
        .software, error.what, "\(call) failed" + (error.errno.map { ": \($0)" } ?? ""))
    }
  }

  /// `NTP5 (shared memory key 0x4e545035)`.
  private static func segment(_ name: String) -> String {
    guard name.hasPrefix("NTP") else { return name }
    return "\(name) (shared memory key \(keyText(name)))"
  }

  private static func keyText(_ name: String) -> String {
    let unit = Int(name.dropFirst(3)) ?? 0
    return "0x" + String(UInt32(bitPattern: NTPSegment.key(unit: unit)), radix: 16)
  }
}
