import NMEA
import Platform
import Receivers

/// The process's engines, one per key (see ``ReceiverEngine``): the registry a subscriber
/// finds its source's engine in, the key of a source, and what tests ask of an engine.
extension ReceiverEngine {
  /// The engine of one key, behind a lock of its own: held while the source opens or closes
  /// (a client of the same key waits for that; clients of other keys do not).
  typealias Slot = Locked<ReceiverEngine?>
  /// The slots by key (a slot stays once made: one per source the process ever read).
  static let registry = Locked<[String: Slot]>([:])

  static func slot(_ key: String) -> Slot {
    registry.withLock { slots in
      if let slot = slots[key] { return slot }
      let slot = Slot(nil)
      slots[key] = slot
      return slot
    }
  }
  /// How many times each key's source was opened, and its latest fix (kept after it closes,
  /// as Apple's cached location is).
  static let history = Locked<(opens: [String: Int], latest: [String: Fix])>(
    ([:], [:]))

  /// The registry key of `source` (nil for a capture file), and the source to open: discovery
  /// resolved to its device, so that it shares the engine of the same device named by path.
  package static func key(for source: ReceiverSource) -> (key: String?, source: ReceiverSource) {
    switch source {
    case .device(let path, _):
      return (FileSystem.resolvedPath(path) ?? path, source)
    case .discover(let baud):
      guard let path = Receiver.discoveredDevice() else { return (nil, source) }
      return (FileSystem.resolvedPath(path) ?? path, .device(path: path, baud: baud))
    case .file:
      return (nil, source)
    case .standardInput:
      return ("-", source)
    case .tcp, .gpsd:
      return (source.name, source)
    }
  }

  /// The most recent fix of the live source with `key`, whoever asked for it (nil before any).
  package static func latestLocation(for key: String) -> Fix? {
    history.withLock { $0.latest[key] }
  }

  /// How many times the source with `key` was opened in this process (tests).
  package static func opens(for key: String) -> Int { history.withLock { $0.opens[key] ?? 0 } }

  /// Whether an engine for `key` is open (tests).
  package static func isOpen(_ key: String) -> Bool { slot(key).withLock { $0 != nil } }

  /// How many sentences the open engine for `key` decoded, once for all its subscribers
  /// (tests; nil when none is open).
  package static func sentencesDecoded(for key: String) -> Int? {
    slot(key).withLock { $0?.decoded.load(ordering: .acquiring) }
  }
}
