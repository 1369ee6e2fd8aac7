import Platform

/// The kernel's PPS line discipline (`N_PPS`) on a serial port: while it is attached, the
/// kernel timestamps the port's DCD edges in its interrupt handler and offers them as a new
/// `/dev/ppsN` (its sysfs `path` naming the port). It stays attached while the port is open;
/// ``detach()`` puts the ordinary discipline back.
package final class PPSLineDiscipline: @unchecked Sendable {
  /// The port.
  package let port: String
  private let descriptor: FileDescriptor
  private let detached = Locked(false)

  /// Attaches the discipline to `port` (through a descriptor of its own, kept open).
  /// - Throws: ``TimeServiceError`` `noLineDiscipline` (the kernel has none:
  ///   `CONFIG_PPS_CLIENT_LDISC`, module `pps_ldisc`), `permissionDenied`, `notFound`,
  ///   `noModemLines` (not a terminal).
  package init(port: String) throws(TimeServiceError) {
    self.port = port
    do {
      descriptor = try .open(port, .readOnly, options: [.nonBlocking, .noControllingTerminal])
    } catch {
      switch error {
      case .noSuchFile: throw TimeServiceError(.notFound, port, errno: error)
      case .accessDenied, .notPermitted, .busy:
        throw TimeServiceError(.permissionDenied(owner: 0, permissions: 0), port, errno: error)
      default: throw TimeServiceError(.system("open"), port, errno: error)
      }
    }
    do {
      try descriptor.setLineDiscipline(FileDescriptor.ppsLineDiscipline)
    } catch {
      descriptor.close()
      switch error {
      case .invalidArgument: throw TimeServiceError(.noLineDiscipline, port, errno: error)
      case .accessDenied, .notPermitted:
        throw TimeServiceError(.permissionDenied(owner: 0, permissions: 0), port, errno: error)
      case .notTerminal: throw TimeServiceError(.noModemLines, port, errno: error)
      default: throw TimeServiceError(.system("TIOCSETD"), port, errno: error)
      }
    }
  }

  deinit { detach() }

  /// The `/dev/ppsN` the discipline registered, looked for in sysfs for up to `seconds`.
  package func device(within seconds: Double = 1, root: String = "/sys") -> String? {
    let deadline = SystemTime.deadline(after: seconds)
    while true {
      if let device = PPSDiscovery.device(forPort: port, root: root) { return device }
      if SystemTime.milliseconds(until: deadline) == 0 { return nil }
      SystemTime.sleep(0.05)
    }
  }

  /// Puts the ordinary line discipline (`N_TTY`) back and closes the descriptor. Later calls
  /// do nothing.
  package func detach() {
    let first = detached.withLock { detached -> Bool in
      defer { detached = true }
      return !detached
    }
    guard first else { return }
    try? descriptor.setLineDiscipline(0)
    descriptor.close()
  }
}
