import NMEA

/// The sentence types that carry fix data, in cycle-key order.
enum FixSentenceKind: UInt8, Sendable {
  case rmc = 1
  case gga, gll, gns, vtg, gsa, gst, zda
}

/// A sentence's place in a reporting cycle: its type, its talker, and how many sentences of the
/// same type and talker came before it in the epoch (so the third `GNGSA` differs from the
/// first). Packed in an integer.
struct CycleKey: Sendable, Hashable {
  let packed: UInt32

  init(kind: FixSentenceKind, talker: Talker, ordinal: Int) {
    packed =
      UInt32(kind.rawValue) << 24 | UInt32(talker.rawValue) << 8 | UInt32(min(ordinal, 255))
  }

  /// The same type and talker, first occurrence: what ordinals are counted by.
  var family: UInt32 { packed & 0xFFFF_FF00 }
}

/// Counts sentences per type and talker within one epoch (inline, no heap).
struct OrdinalCounter {
  private var families = InlineArray<16, UInt32>(repeating: 0)
  private var counts = InlineArray<16, UInt8>(repeating: 0)
  private var used = 0

  /// The key of the next sentence of this type and talker.
  mutating func next(_ kind: FixSentenceKind, _ talker: Talker) -> CycleKey {
    let family = CycleKey(kind: kind, talker: talker, ordinal: 0).family
    for index in 0..<used where families[index] == family {
      counts[index] &+= counts[index] == 255 ? 0 : 1
      return CycleKey(kind: kind, talker: talker, ordinal: Int(counts[index]))
    }
    if used < 16 {
      families[used] = family
      counts[used] = 0
      used += 1
    }
    return CycleKey(kind: kind, talker: talker, ordinal: 0)
  }

  mutating func reset() { used = 0 }
}

/// The cycle enders learned so far: sentences that were the last fix-bearing sentence of an
/// epoch before the time of day changed (gpsd's approach, with the talker and ordinal in the
/// key). Reporting on an ender makes a fix available as soon as its epoch is complete.
///
/// An ender that turns out not to end its epoch (more fix data followed it before the time
/// changed) is forgotten, and the real last sentence learned instead. At most 8 are kept; the
/// oldest is dropped first.
struct CycleEnders {
  private var keys = InlineArray<8, UInt32>(repeating: 0)
  private var count = 0

  /// Whether `key` has ended a cycle before.
  func contains(_ key: CycleKey) -> Bool {
    for index in 0..<count where keys[index] == key.packed { return true }
    return false
  }

  /// Remembers `key` as a cycle ender.
  mutating func learn(_ key: CycleKey) {
    if contains(key) { return }
    if count == 8 {
      for index in 1..<8 { keys[index - 1] = keys[index] }
      count = 7
    }
    keys[count] = key.packed
    count += 1
  }

  /// Forgets `key`: it was followed by more data in its epoch.
  mutating func forget(_ key: CycleKey) {
    for index in 0..<count where keys[index] == key.packed {
      for later in (index + 1)..<max(index + 1, count) { keys[later - 1] = keys[later] }
      count -= 1
      return
    }
  }

  /// How many are known.
  var learnedCount: Int { count }
}
