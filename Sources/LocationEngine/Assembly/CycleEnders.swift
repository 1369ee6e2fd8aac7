import NMEA

/// The sentence types that carry fix data, in cycle-key order.
package enum FixSentenceKind: UInt8, Sendable {
  case rmc = 1
  case gga, gll, gns, vtg, gsa, gst, zda
}

/// A sentence's place in a reporting cycle: its type, its talker, how many sentences of the
/// same type and talker came before it in the epoch (so the third `GNGSA` differs from the
/// first), and whether the epoch falls on a whole second. Packed in an integer.
///
/// The whole-second bit lets multi-rate receivers (10 Hz GGA with 1 Hz RMC and ZDA, 5 Hz fixes
/// with GSA once a second) have one ender for whole-second epochs and another for the rest.
package struct CycleKey: Sendable, Hashable {
  package let packed: UInt32

  package init(kind: FixSentenceKind, talker: Talker, ordinal: Int, wholeSecond: Bool = false) {
    packed =
      UInt32(kind.rawValue) << 24 | UInt32(talker.rawValue) << 8 | UInt32(min(ordinal, 127)) << 1
      | (wholeSecond ? 1 : 0)
  }

  private init(packed: UInt32) { self.packed = packed }

  /// The same type and talker, first occurrence: what ordinals are counted by.
  package var family: UInt32 { packed & 0xFFFF_FF00 }

  /// The key for an epoch on a whole second (true) or not.
  package func phased(_ wholeSecond: Bool) -> CycleKey {
    CycleKey(packed: packed & ~1 | (wholeSecond ? 1 : 0))
  }
}

/// Counts sentences per type and talker within one epoch (inline, no heap).
package struct OrdinalCounter {
  private var families = InlineArray<16, UInt32>(repeating: 0)
  private var counts = InlineArray<16, UInt8>(repeating: 0)
  private var used = 0

  /// The key of the next sentence of this type and talker.
  package mutating func next(_ kind: FixSentenceKind, _ talker: Talker) -> CycleKey {
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

  package mutating func reset() { used = 0 }
}

/// The sentence families seen so far in an epoch, as a 64-bit signature (one bit per family,
/// hashed): what came before an ender when it was learned.
package struct FamilySignature: Sendable, Hashable {
  private(set) var bits: UInt64 = 0

  /// Adds the family of `key`.
  package mutating func insert(_ key: CycleKey) {
    // Fibonacci hashing: the top 6 bits of the product depend on every bit of the family.
    bits |= 1 << ((UInt64(key.family) &* 0x9E37_79B9_7F4A_7C15) >> 58)
  }

  /// Whether every family of `other` is in this one.
  package func contains(_ other: FamilySignature) -> Bool { bits & other.bits == other.bits }
}

/// The cycle enders learned so far: sentences that were the last fix-bearing sentence of an
/// epoch before the time of day changed (gpsd's approach, with talker, ordinal and
/// whole-second phase in the key). Reporting on an ender makes a fix available as soon as its
/// epoch is complete.
///
/// Guards against cycles that vary (sentences sent every few seconds, a damaged epoch):
/// - a key becomes an ender only after it has ended two epochs (a damaged epoch cannot teach a
///   wrong one);
/// - it fires only in an epoch that already has every sentence family that came before it when
///   it was learned (an `RMC GSA` cycle's GSA does not end a `GGA GSA RMC GSA` cycle early);
/// - an ender that turns out not to end its epoch (more fix data followed before the time
///   changed) is forgotten.
///
/// At most 8 are kept; the oldest is dropped first.
package struct CycleEnders {
  private struct Entry {
    var key: UInt32 = 0
    var endings: UInt8 = 0
    var before = FamilySignature()
  }

  private var entries = InlineArray<8, Entry>(repeating: Entry())
  private var count = 0

  private func index(of key: CycleKey) -> Int? {
    for index in 0..<count where entries[index].key == key.packed { return index }
    return nil
  }

  /// Whether `key` ends the epoch whose families so far (before `key`) are `seen`.
  package func ends(_ key: CycleKey, after seen: FamilySignature) -> Bool {
    guard let index = index(of: key) else { return false }
    return entries[index].endings >= 2 && seen.contains(entries[index].before)
  }

  /// Records that `key` ended an epoch, with `before` the families that came before it.
  package mutating func learn(_ key: CycleKey, after before: FamilySignature) {
    if let index = index(of: key) {
      entries[index].endings = min(entries[index].endings + 1, 2)
      entries[index].before = before
      return
    }
    if count == 8 {
      for index in 1..<8 { entries[index - 1] = entries[index] }
      count = 7
    }
    entries[count] = Entry(key: key.packed, endings: 1, before: before)
    count += 1
  }

  /// Forgets `key`: it was followed by more data in its epoch.
  package mutating func forget(_ key: CycleKey) {
    guard let index = index(of: key) else { return }
    for later in (index + 1)..<max(index + 1, count) { entries[later - 1] = entries[later] }
    count -= 1
  }

  /// Whether a key of this whole-second phase has ended two epochs (it can fire).
  package func hasConfirmedEnder(wholeSecond: Bool) -> Bool {
    let phase: UInt32 = wholeSecond ? 1 : 0
    for index in 0..<count where entries[index].endings >= 2 && entries[index].key & 1 == phase {
      return true
    }
    return false
  }
}
