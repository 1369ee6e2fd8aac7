import LocationCore
import Platform

/// A replay's epochs on their way back to the reader's core once nobody holds them (the
/// core's ``EngineCore/recycleEpochs(_:)``): the delivery stage keeps each epoch it handed
/// out, and after each later hand-off gives back those held by it alone
/// (`isKnownUniquelyReferenced`): no subscriber's pipeline keeps them any longer. The
/// stage's accesses to an epoch, and every subscriber's on the stage, come before the lock
/// that hands it back, and the reader takes it under that lock before it resets it: the
/// reuse is ordered by the lock, not only by the reference count (ThreadSanitizer sees
/// locks, not reference counts).
struct EpochRecycler: ~Copyable {
  /// The most epochs kept waiting for their holders (a subscriber that keeps every epoch
  /// does not make the stage check ever more of them per hand-off).
  static let limit = 4096

  /// Epochs handed out, oldest first, still held by someone else at the last look.
  private var held: [ReportedEpoch] = []
  /// Those found let go, on their way back.
  private var freed: [ReportedEpoch] = []
  /// Between the stage and the reader (``take(from:into:)``).
  private let returned: Locked<[ReportedEpoch]>

  /// A recycler that gives epochs back through `returned`.
  init(returned: Locked<[ReportedEpoch]>) { self.returned = returned }

  /// On the stage, after `event` was handed out: gives back the epochs of earlier hand-offs
  /// that nobody else holds now, and keeps `event`'s (its holders let them go later).
  mutating func handedOut(_ event: EngineEvent) {
    var kept = 0
    for index in held.indices {
      if isKnownUniquelyReferenced(&held[index]) {
        freed.append(held[index])
      } else {
        held.swapAt(kept, index)
        kept += 1
      }
    }
    held.removeLast(held.count - kept)
    if !freed.isEmpty {
      returned.withLock { $0.append(contentsOf: freed) }
      freed.removeAll(keepingCapacity: true)
    }
    for case .report(let epoch) in event.coreEvents { held.append(epoch) }
    if held.count > Self.limit { held.removeFirst(held.count - Self.limit) }
  }

  /// On the reader: the epochs given back so far, swapped into `spare` (an empty array whose
  /// memory is kept from call to call), for ``EngineCore/recycleEpochs(_:)``.
  static func take(from returned: Locked<[ReportedEpoch]>, into spare: inout [ReportedEpoch]) {
    returned.withLock { swap(&$0, &spare) }
  }
}
