import Dispatch
import LocationEngine
import Platform
import Receivers
import TimeService

/// What `locate time` measures: each fix's dated time against the system clock at its first
/// byte, until `epochs` of them came, and the leap seconds the receiver states.
final class TimeMeasurement: Sendable {
  /// What was measured.
  struct Result: Sendable {
    /// The timings of the dated fixes, in order.
    var timings: [EpochTiming] = []
    /// The leap seconds the receiver stated last (PUBX,04 or PGRMF), if it did.
    var leapSeconds: LeapSeconds?
    /// The device opened.
    var device: String?
  }

  private let epochs: Int
  private let result = Locked(Result())
  private let service = Locked<LocationService?>(nil)

  /// A measurement of `epochs` fixes.
  init(epochs: Int) { self.epochs = epochs }

  /// What was measured so far.
  var snapshot: Result { result.withLock { $0 } }

  /// The service it measures, set once made (the timings finish it once enough came).
  func measure(_ service: LocationService) { self.service.withLock { $0 = service } }

  /// An epoch's timing (the reader's thread): a dated fix counts; enough of them finish the
  /// service, from another thread (``LocationService/finish()`` waits for the reader).
  func epoch(_ timing: EpochTiming) {
    guard timing.isFix, timing.receiverTime != nil else { return }
    let enough = result.withLock { result -> Bool in
      guard result.timings.count < epochs else { return false }
      result.timings.append(timing)
      return result.timings.count == epochs
    }
    guard enough else { return }
    let service = self.service.withLock { $0 }
    DispatchQueue.global().async { service?.finish() }
  }

  /// A read's sentences: leap seconds from u-blox's PUBX,04 or Garmin's PGRMF.
  func sentences(_ bytes: [UInt8]) {
    var start = bytes.startIndex
    while start < bytes.endIndex {
      let end = bytes[start...].firstIndex(of: 0x0D) ?? bytes.endIndex
      let line = bytes[start..<end]
      if line.starts(with: Array("$P".utf8)), let leap = LeapSeconds(line: line) {
        result.withLock { $0.leapSeconds = leap }
      }
      start = bytes[end...].firstIndex { $0 != 0x0D && $0 != 0x0A } ?? bytes.endIndex
    }
  }

  /// The device opened (for the report).
  func connected(_ path: String) { result.withLock { $0.device = path } }
}
