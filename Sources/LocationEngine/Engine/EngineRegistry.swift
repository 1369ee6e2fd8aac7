import NMEA
import Platform
import Receivers

/// The process's engines, one per key (see ``ReceiverEngine``): the registry a subscriber
/// finds its source's engine in, the key of a source, and what tests ask of an engine.
extension ReceiverEngine {
  /// The engine of one key, behind a lock of its own: held while the source opens or closes
  /// (a client of the same key waits for that; clients of other keys do not).
  typealias Slot = Locked<ReceiverEngine?>
  /// The slots by key, each with the number of threads using it: a slot goes once nobody
  /// uses it and no engine is open in it.
  static let registry = Locked<[String: (slot: Slot, users: Int)]>([:])

  /// Runs `body` under the lock of the slot of `key` (made when there is none; removed after,
  /// when it is left empty and nobody else uses it).
  static func withSlot<Result, Failure: Error>(
    _ key: String, _ body: (inout ReceiverEngine?) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let slot = registry.withLock { slots in
      var entry = slots[key] ?? (Slot(nil), 0)
      entry.users += 1
      slots[key] = entry
      return entry.slot
    }
    defer {
      registry.withLock { slots in
        guard var entry = slots[key] else { return }
        entry.users -= 1
        // (Registry, then slot: the one order these two locks are taken in.)
        let empty = entry.users == 0 && entry.slot.withLock { $0 == nil }
        slots[key] = empty ? nil : entry
      }
    }
    return try slot.withLock(body)
  }

  /// Whether `key` has a slot (tests: a slot goes when its engine closes).
  static func hasSlot(_ key: String) -> Bool { registry.withLock { $0[key] != nil } }

  /// How many times each key's source was opened, and its latest fix (kept after it closes,
  /// as Apple's cached location is).
  static let history = Locked<(opens: [String: Int], latest: [String: Fix])>(
    ([:], [:]))

  /// The registry key of `source` (nil for a capture file), and the source to open: discovery
  /// resolved to its device (``ReceiverSource/resolved()``, the one place that decides), so
  /// that it shares the engine of the same device named by path.
  static func key(for source: ReceiverSource) -> (key: String?, source: ReceiverSource) {
    let resolved = (try? source.resolved()) ?? source
    switch resolved {
    case .device(let path, _):
      return (FileSystem.resolvedPath(path) ?? path, resolved)
    case .discover, .file:
      return (nil, resolved)
    case .standardInput, .tcp, .gpsd:
      return (resolved.name, resolved)
    }
  }

  /// The most recent fix of the live source with `key`, whoever asked for it (nil before any).
  package static func latestLocation(for key: String) -> Fix? {
    history.withLock { $0.latest[key] }
  }

  /// How many times the source with `key` was opened in this process (tests).
  static func opens(for key: String) -> Int { history.withLock { $0.opens[key] ?? 0 } }

  /// Whether an engine for `key` is open (tests).
  static func isOpen(_ key: String) -> Bool { withSlot(key) { $0 != nil } }

  /// How many epochs the open engine for `key` assembled and reported, once for all its
  /// subscribers (tests; nil when none is open).
  static func epochsReported(for key: String) -> Int? {
    withSlot(key) { $0?.epochs.load(ordering: .acquiring) }
  }

  /// How many sentences the open engine for `key` decoded, once for all its subscribers
  /// (tests; nil when none is open).
  static func sentencesDecoded(for key: String) -> Int? {
    withSlot(key) { $0?.decoded.load(ordering: .acquiring) }
  }
}
