import Platform

/// A PPS signal on a serial port's DCD or CTS line, for ports whose driver has no PPS support
/// (USB adapters): a thread blocked in `TIOCMIWAIT` wakes at each change of the line and
/// takes the system clock at once; an edge that leaves the line asserted is a pulse. Less
/// precise than the kernel's timestamps (the wake-up's latency, tens of microseconds, and a
/// USB adapter's polling, about a millisecond), as gpsd notes for USB.
///
/// It opens the port a second time (the reader keeps its own descriptor): as root, or while
/// no other program holds the port exclusively.
package final class ModemLinePPS: PPSSource, @unchecked Sendable {
  package let name: String
  private let lines: FileDescriptor.ModemLines
  private let descriptor: FileDescriptor
  private let closed = Locked(false)

  /// Opens `path` to watch `lines` (DCD, CTS, or both).
  /// - Throws: ``TimeServiceError`` `notFound`, `permissionDenied` (or busy: the port is held
  ///   exclusively by a reader that is not root), `noModemLines` (a pseudo-terminal, a driver
  ///   without `TIOCMIWAIT`).
  package init(path: String, lines: FileDescriptor.ModemLines) throws(TimeServiceError) {
    var names: [String] = []
    if lines.contains(.carrierDetect) { names.append("DCD") }
    if lines.contains(.clearToSend) { names.append("CTS") }
    name = path + " " + names.joined(separator: "+")
    self.lines = lines
    do {
      descriptor = try .open(path, .readOnly, options: [.nonBlocking, .noControllingTerminal])
    } catch {
      switch error {
      case .noSuchFile: throw TimeServiceError(.notFound, path, errno: error)
      case .accessDenied, .notPermitted, .busy:
        throw TimeServiceError(.permissionDenied(owner: 0, permissions: 0), path, errno: error)
      default: throw TimeServiceError(.system("open"), path, errno: error)
      }
    }
    do {
      _ = try descriptor.modemLines()
    } catch {
      descriptor.close()
      throw TimeServiceError(.noModemLines, path, errno: error)
    }
  }

  deinit { close() }

  /// Waits for the next change that asserts a watched line. `timeout` is not kept: the call
  /// blocks until a change, the device's end, or ``PPSReader``'s interruption (EINTR).
  package func nextEdge(timeout: Double) throws(TimeServiceError) -> PPSEdge? {
    do {
      try descriptor.waitForModemChange(lines)
    } catch {
      if error == .interrupted { return nil }
      throw TimeServiceError(.noModemLines, name, errno: error)
    }
    let now = SystemTime.wallNanoseconds()
    guard let state = try? descriptor.modemLines(), !state.isDisjoint(with: lines) else {
      return nil
    }
    return PPSEdge(system: now)
  }

  package func close() {
    let first = closed.withLock { closed -> Bool in
      defer { closed = true }
      return !closed
    }
    if first { descriptor.close() }
  }
}
