import NMEA
import Platform
@_exported import TestSupport

@testable import Receivers
@testable import VirtualReceiver

/// The captures the receiver tests replay.
enum Fixtures {
  /// Our own recorded drive (``Paths/simulatedDrive``): 72 one-second multi-GNSS epochs, in
  /// every clone.
  static var drive: String { Paths.simulatedDrive }
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
