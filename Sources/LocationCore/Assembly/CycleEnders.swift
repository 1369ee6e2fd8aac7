import NMEA

/// The sentence types that carry fix data, in cycle-key order (PGRMV: Garmin's velocity).
package enum FixSentenceKind: UInt8, Sendable {
  case rmc = 1
  case gga, gll, gns, vtg, gsa, gst, zda, pgrmv

  /// Whether a sentence of this type states the fix, or its absence, for its time: RMC, GGA,
  /// GLL, GNS (ZDA states only the time; the others carry no time).
  package var statesFix: Bool { self == .rmc || self == .gga || self == .gll || self == .gns }
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

  /// Whether a sentence of this type and talker was counted (without counting one).
  package func contains(_ kind: FixSentenceKind, _ talker: Talker) -> Bool {
    let family = CycleKey(kind: kind, talker: talker, ordinal: 0).family
    for index in 0..<used where families[index] == family { return true }
    return false
  }
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
/// Guards against cycles that vary (sentences sent every few seconds, a damaged epoch, a
/// sentence lost to a serial overrun):
/// - an epoch that lacks a sentence family the epoch of its phase before it had teaches
///   nothing: it may have lost its last sentence (a 10 Hz receiver whose GGA a serial overrun
///   took: `$GNRMC` `$GNVTG`, no `$GNGGA`), and its last one is not the cycle's end;
/// - a key becomes an ender only after it has ended two epochs of its phase in a row: an epoch
///   of the phase that ends on another key takes one ending back from every other key (so
///   lost sentences far apart cannot add up to a wrong ender);
/// - only epochs that state a fix (an RMC, GGA, GLL or GNS) teach, and an ender fires only once
///   its epoch holds such a sentence (a ZDA sent alone on the second, beside RMCs a tenth of a
///   second later, does not end the epoch whose RMC follows it);
/// - it fires only in an epoch that already has every sentence family that came before it when
///   it was learned (an `RMC GSA` cycle's GSA does not end a `GGA GSA RMC GSA` cycle early);
/// - an ender that turns out not to end its epoch (more fix data followed before the time
///   changed) is distrusted: it needs twice as many endings in a row to fire again (4, then 8),
///   so a key taught by lost sentences costs at most one epoch's late data, once.
///
/// At most 8 are kept; the oldest is dropped first.
package struct CycleEnders {
  private struct Entry {
    var key: UInt32 = 0
    var endings: UInt8 = 0
    /// How many endings in a row make it fire: 2, doubled (up to 8) each time it fired before
    /// its epoch was complete.
    var required: UInt8 = 2
    var before = FamilySignature()
  }

  private var entries = InlineArray<8, Entry>(repeating: Entry())
  private var count = 0
  /// The families of the last epoch that taught, per whole-second phase.
  private var lastFamilies = InlineArray<2, FamilySignature>(repeating: FamilySignature())

  private func index(of key: CycleKey) -> Int? {
    for index in 0..<count where entries[index].key == key.packed { return index }
    return nil
  }

  /// Whether `key` ends the epoch whose families so far (before `key`) are `seen`.
  package func ends(_ key: CycleKey, after seen: FamilySignature) -> Bool {
    guard let index = index(of: key) else { return false }
    return entries[index].endings >= entries[index].required
      && seen.contains(entries[index].before)
  }

  /// Records that `key` ended an epoch, with `before` the families that came before it and
  /// `families` all of the epoch's; every other key of the same phase loses one ending. An
  /// epoch that lacks a family the epoch of its phase before it had may have lost its last
  /// sentence: it teaches nothing.
  package mutating func learn(
    _ key: CycleKey, after before: FamilySignature, epoch families: FamilySignature
  ) {
    let phase = Int(key.packed & 1)
    let previous = lastFamilies[phase]
    lastFamilies[phase] = families
    guard families.contains(previous) else { return }
    for index in 0..<count
    where entries[index].key != key.packed && entries[index].key & 1 == key.packed & 1
      && entries[index].endings > 0
    {
      entries[index].endings -= 1
    }
    if let index = index(of: key) {
      entries[index].endings = min(entries[index].endings + 1, entries[index].required)
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

  /// Distrusts `key`: it was followed by more data in its epoch (it fired, or was reported on
  /// when the line went quiet, too early). It fires again only after ending twice as many
  /// epochs in a row as before (at most 8): a key that ended epochs only because their last
  /// sentences were lost is not trusted again on the next loss.
  package mutating func forget(_ key: CycleKey) {
    guard let index = index(of: key) else { return }
    entries[index].endings = 0
    entries[index].required = min(entries[index].required * 2, 8)
  }

  /// Whether a key of this whole-second phase has ended enough epochs in a row to fire.
  package func hasConfirmedEnder(wholeSecond: Bool) -> Bool {
    let phase: UInt32 = wholeSecond ? 1 : 0
    for index in 0..<count
    where entries[index].endings >= entries[index].required && entries[index].key & 1 == phase {
      return true
    }
    return false
  }
}
