// What a decoder has seen: sentences by address, and every kind of damage.

/// Counts a user can see: sentences by talker and type, and every kind of damage.
///
/// Every framed sentence is either decoded (counted in ``byAddress``) or invalid (counted in
/// ``invalidSentences``): their sum is `framing.sentences`. Counting allocates only when the
/// first sentence arrives; the number of distinct addresses kept is capped at
/// ``addressCapacity`` (memory stays bounded whatever the input), and sentences with further
/// addresses are counted in ``uncountedAddresses``.
public struct NMEACounters: Sendable, Hashable, CustomStringConvertible {
  /// The framer's counts (bytes, junk, checksums, truncated and over-long lines).
  public var framing = FramingCounters()
  /// Well-framed sentences with an impossible field, lost (not salvaged).
  public var invalidSentences = 0
  /// Sentences with impossible fields handed on without them (``FieldErrorPolicy/salvageFields``);
  /// counted in ``byAddress`` too.
  public var salvagedSentences = 0
  /// The fields (or groups of fields: a value and its unit, a date) those sentences lost.
  public var ignoredFields = 0
  /// The most distinct addresses counted one by one.
  public static var addressCapacity: Int { 256 }
  /// Decoded sentences whose address arrived after ``addressCapacity`` others.
  public var uncountedAddresses: Int { addresses.uncounted }
  /// Decoded sentences by address (`GPRMC`, `GNGSA`, `PGRME`, …). Addresses longer than 8
  /// characters are counted by their first 8, followed by `…`.
  public var byAddress: [String: Int] { addresses.dictionary }

  @usableFromInline var addresses = AddressCounts()
  /// The decoder's ``FieldErrorPolicy`` is ``FieldErrorPolicy/salvageFields`` (kept here, not
  /// counted or compared: the decoder's per-sentence closure already carries the counters).
  @usableFromInline var salvagesFields = false

  /// Makes zeroed counters.
  public init() {}

  /// Zeroed counters for a decoder that salvages fields or not.
  @usableFromInline init(salvagesFields: Bool) { self.salvagesFields = salvagesFields }

  /// The count for one address (`"GPRMC"`), 0 when never seen.
  public func count(of address: String) -> Int { byAddress[address] ?? 0 }

  /// One line for a status display: `1580 sentences (GNGSA 297, GPGSV 223, …), 0 invalid,
  /// 3 bad checksums, 0 missing, 0 malformed, 2 truncated, 0 over-long, 17 junk bytes`.
  public var description: String {
    let framing = self.framing
    let addresses = byAddress.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
      .map { "\($0.key) \($0.value)" }
    let listed = addresses.isEmpty ? "" : " (\(addresses.joined(separator: ", ")))"
    return "\(framing.sentences) sentences\(listed), \(invalidSentences) invalid, "
      + (salvagedSentences > 0
        ? "\(salvagedSentences) salvaged (\(ignoredFields) fields ignored), " : "")
      + "\(framing.badChecksums) bad checksums, \(framing.missingChecksums) missing, "
      + "\(framing.malformedChecksums) malformed, \(framing.truncatedLines) truncated, "
      + "\(framing.overLongLines) over-long, \(framing.junkBytes) junk bytes"
  }

  /// Equal when every count is.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.framing == rhs.framing && lhs.invalidSentences == rhs.invalidSentences
      && lhs.salvagedSentences == rhs.salvagedSentences && lhs.ignoredFields == rhs.ignoredFields
      && lhs.byAddress == rhs.byAddress && lhs.uncountedAddresses == rhs.uncountedAddresses
  }

  /// Hashes every count.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(framing)
    hasher.combine(invalidSentences)
    hasher.combine(salvagedSentences)
    hasher.combine(ignoredFields)
    hasher.combine(byAddress)
    hasher.combine(uncountedAddresses)
  }
}

/// Counts by address in a small open-addressing table of fixed size: the address's first 8
/// bytes packed in an integer, and its length, are the key.
@usableFromInline
struct AddressCounts: Sendable {
  /// One table entry; `count == 0` marks an empty slot.
  struct Slot: Sendable {
    var prefix: UInt64 = 0
    var length: UInt16 = 0
    var count = 0
  }

  /// Table size: a power of two, twice the capacity.
  static var slotCount: Int { 2 * NMEACounters.addressCapacity }
  var slots: [Slot] = []
  var used = 0
  var uncounted = 0
  /// The slot of the address counted last (runs of GSV and GSA repeat it).
  var lastSlot = -1
  /// That address, and how many more times it came in a row than its slot says yet: a run
  /// is counted here, in registers, and added to the table when another address comes.
  @usableFromInline var runPrefix: UInt64 = 0
  @usableFromInline var runLength = UInt16.max
  @usableFromInline var runCount = 0

  /// Counts one sentence whose address is the first `length` bytes of `body`.
  @inlinable @inline(__always)
  mutating func count(_ body: UnsafeRawBufferPointer, addressLength: Int) {
    // The first eight bytes, little-endian, masked to the address.
    var prefix: UInt64 = 0
    let take = min(addressLength, 8)
    if body.count >= 8, let base = body.baseAddress {
      let word = base.loadUnaligned(as: UInt64.self)
      prefix = take == 8 ? word : word & ((1 &<< UInt64(take &* 8)) &- 1)
    } else {
      for index in 0..<take { prefix |= UInt64(body[index]) &<< UInt64(index &* 8) }
    }
    let length = UInt16(min(addressLength, 9))  // 9: "longer than 8"
    if length == runLength && prefix == runPrefix {
      runCount &+= 1
      return
    }
    countInTable(prefix, length)
  }

  /// Counts an address that differs from the last one: ends the run, finds or adds its slot.
  @usableFromInline @inline(never)
  mutating func countInTable(_ prefix: UInt64, _ length: UInt16) {
    if runCount > 0, lastSlot >= 0 { slots[lastSlot].count += runCount }
    runCount = 0
    runLength = .max
    if slots.isEmpty { slots = Array(repeating: Slot(), count: Self.slotCount) }
    let capacity = NMEACounters.addressCapacity
    let added: Bool = slots.withUnsafeMutableBufferPointer { table in
      let mask = table.count - 1
      var slot = Int(
        truncatingIfNeeded: ((prefix &+ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 40)
      while true {
        slot &= mask
        if table[slot].count == 0 {
          guard used < capacity else { return false }
          table[slot] = Slot(prefix: prefix, length: length, count: 1)
          used += 1
          lastSlot = slot
          return true
        }
        if table[slot].prefix == prefix && table[slot].length == length {
          table[slot].count += 1
          lastSlot = slot
          return true
        }
        slot += 1
      }
    }
    if added {
      runPrefix = prefix
      runLength = length
    } else {
      uncounted += 1
    }
  }

  /// The counts keyed by address text.
  var dictionary: [String: Int] {
    var result: [String: Int] = [:]
    for (index, slot) in slots.enumerated() where slot.count != 0 {
      let length = Int(slot.length)
      var bytes: [UInt8] = []
      for index in 0..<min(length, 8) {
        bytes.append(UInt8(truncatingIfNeeded: slot.prefix >> (8 * UInt64(index))))
      }
      let text = String(decoding: bytes, as: UTF8.self) + (length > 8 ? "…" : "")
      result[text, default: 0] += slot.count + (index == lastSlot ? runCount : 0)
    }
    return result
  }
}
