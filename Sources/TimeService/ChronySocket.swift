import CLocateSys
import Platform

/// chrony's SOCK reference clock: one datagram per sample (chrony's `sock_sample`: the system
/// time as a `timeval`, the offset to the reference in seconds, the pulse and leap fields, the
/// magic number `0x534f434b`, "SOCK") to the socket chronyd listens on, sent only when that
/// socket exists — as gpsd sends to `/run/chrony.ttyS0.sock`. chronyd may start after this
/// program, or restart: each sample is sent to the path, and a missing socket costs nothing.
package final class ChronySocket: @unchecked Sendable {
  /// chrony's magic number.
  package static let magic: Int32 = 0x534f_434b

  /// Where chronyd's socket is expected.
  package let path: String
  private let descriptor: FileDescriptor
  private let state = Locked(State())

  private struct State {
    var reachable: Bool?
    var closed = false
  }

  /// What sending did, for the operator's notes (said when it changes).
  package enum Outcome: Sendable, Hashable {
    /// The sample went to chronyd.
    case sent
    /// No socket there (`ENOENT`), or nobody reads it any more (`ECONNREFUSED`).
    case absent
    /// Sending failed otherwise (a full queue: chronyd is not reading).
    case failed(Errno)
  }

  /// Prepares to send to `path` (nothing is sent yet).
  /// - Throws: ``TimeServiceError`` when no socket can be made.
  package init(path: String) throws(TimeServiceError) {
    self.path = path
    do {
      descriptor = try .unixDatagram()
    } catch {
      throw TimeServiceError(.system("socket"), path, errno: error)
    }
  }

  deinit { close() }

  /// The datagram for `sample` (`pulse`: a PPS sample, of which chrony uses only the fraction
  /// of the second, the seconds coming from another source or its own clock).
  package static func datagram(for sample: TimeSample, pulse: Bool) -> clocate_chrony_sample {
    // The system time to the microsecond, and the offset from exactly that instant, so that
    // chrony's reference time (tv + offset) is the receiver's to the nanosecond.
    let (seconds, nanoseconds) = sample.system.floorDivided(by: 1_000_000_000)
    let micros = nanoseconds / 1000
    let truncated = seconds &* 1_000_000_000 &+ micros &* 1000
    var datagram = clocate_chrony_sample()
    datagram.tv.tv_sec = Int(seconds)
    datagram.tv.tv_usec = Int(micros)
    datagram.offset = Double(sample.reference &- truncated) / 1e9
    datagram.pulse = pulse ? 1 : 0
    datagram.leap = sample.leap.rawValue
    datagram.pad = 0
    datagram.magic = magic
    return datagram
  }

  /// Sends `sample`; what happened, and whether that changed since the last send (to say
  /// once that chronyd was found or lost).
  @discardableResult
  package func send(_ sample: TimeSample, pulse: Bool) -> (outcome: Outcome, changed: Bool) {
    var datagram = Self.datagram(for: sample, pulse: pulse)
    let outcome: Outcome
    do throws(Errno) {
      try withUnsafeBytes(of: &datagram) { bytes throws(Errno) in
        try descriptor.send(bytes, toSocketAt: path)
      }
      outcome = .sent
    } catch {
      switch error {
      case .noSuchFile, .connectionRefused: outcome = .absent
      default: outcome = .failed(error)
      }
    }
    let changed = state.withLock { state -> Bool in
      let reachable = outcome == .sent
      defer { state.reachable = reachable }
      return state.reachable != reachable
    }
    return (outcome, changed)
  }

  /// Closes the socket. Later calls do nothing.
  package func close() {
    let first = state.withLock { state -> Bool in
      defer { state.closed = true }
      return !state.closed
    }
    if first { descriptor.close() }
  }
}
