import NMEA
import Platform

@_exported import TestSupport

@testable import Receivers
@testable import VirtualReceiver

/// The gpsd captures, found next to the test sources (never via a shared directory).
enum Fixtures {
  /// `Fixtures/gpsd/NAME.log` in the repository.
  static func gpsd(_ name: String) -> String { Paths.gpsd(name + ".log") }

  /// A multi-GNSS u-blox capture, 61 one-second epochs.
  static var ublox: String { gpsd("ublox-neo-m9n-nmea") }
}

/// How many checksum-valid sentences are in `bytes`.
func validSentences(_ bytes: [UInt8]) -> Int {
  var framer = NMEAFramer(policy: .strict)
  var count = 0
  bytes.withUnsafeBytes { chunk in
    framer.feed(chunk) { event in
      if case .sentence = event { count += 1 }
    }
  }
  return count
}

/// Collects a virtual receiver's events.
final class SimulatorEvents: Sendable {
  private let events = Locked<[VirtualReceiverEvent]>([])
  var handler: @Sendable (VirtualReceiverEvent) -> Void {
    { [self] event in events.withLock { $0.append(event) } }
  }
  var all: [VirtualReceiverEvent] { events.withLock { $0 } }
}
