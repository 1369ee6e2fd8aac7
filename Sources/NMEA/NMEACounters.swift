// What a decoder has seen: sentences by address, and every kind of damage.

/// Counts a user can see: sentences by talker and type, and every kind of damage.
///
/// Every framed sentence is either decoded (counted in ``byAddress``) or invalid (counted in
/// ``invalidSentences``): their sum is `framing.sentences`. Counting allocates only when the
/// first sentence arrives; the number of distinct addresses kept is capped at
/// ``addressCapacity`` (memory stays bounded whatever the input), and sentences with further
/// addresses are counted in ``uncountedAddresses``.
public struct NMEACounters: Sendable, Hashable {
  /// The framer's counts (bytes, junk, checksums, truncated and over-long lines).
  public var framing = FramingCounters()
  /// Well-framed sentences with an impossible field.
  public var invalidSentences = 0
  /// The most distinct addresses counted one by one.
  public static let addressCapacity = 256
  /// Decoded sentences whose address arrived after ``addressCapacity`` others.
  public var uncountedAddresses: Int { addresses.uncounted }
  /// Decoded sentences by address (`GPRMC`, `GNGSA`, `PGRME`, …). Addresses longer than 8
  /// characters are counted by their first 8, followed by `…`.
  public var byAddress: [String: Int] { addresses.dictionary }

  var addresses = AddressCounts()

  /// Makes zeroed counters.
  public init() {}

  /// The count for one address (`"GPRMC"`), 0 when never seen.
  public func count(of address: String) -> Int { byAddress[address] ?? 0 }

  /// Equal when every count is.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.framing == rhs.framing && lhs.invalidSentences == rhs.invalidSentences
      && lhs.byAddress == rhs.byAddress && lhs.uncountedAddresses == rhs.uncountedAddresses
  }

  /// Hashes every count.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(framing)
    hasher.combine(invalidSentences)
    hasher.combine(byAddress)
    hasher.combine(uncountedAddresses)
  }
}

/// Counts by address in a small open-addressing table of fixed size: the address's first 8
/// bytes packed in an integer, and its length, are the key.
struct AddressCounts: Sendable {
  /// Table size: a power of two, twice the capacity.
  static let slots = 2 * NMEACounters.addressCapacity
  var prefixes: [UInt64] = []
  var lengths: [UInt16] = []
  var counts: [Int] = []
  var used = 0
  var uncounted = 0

  /// Counts one sentence with `address`.
  @inline(__always)
  mutating func count(_ address: UnsafeRawBufferPointer) {
    var prefix: UInt64 = 0
    let take = min(address.count, 8)
    for index in 0..<take { prefix = prefix << 8 | UInt64(address[index]) }
    let length = UInt16(min(address.count, 9))  // 9: "longer than 8"
    if counts.isEmpty {
      prefixes = Array(repeating: 0, count: Self.slots)
      lengths = Array(repeating: 0, count: Self.slots)
      counts = Array(repeating: 0, count: Self.slots)
    }
    let mask = Self.slots - 1
    var slot = Int(truncatingIfNeeded: ((prefix &+ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 40)
    while true {
      slot &= mask
      if counts[slot] == 0 {
        guard used < NMEACounters.addressCapacity else {
          uncounted += 1
          return
        }
        used += 1
        prefixes[slot] = prefix
        lengths[slot] = length
        counts[slot] = 1
        return
      }
      if prefixes[slot] == prefix && lengths[slot] == length {
        counts[slot] += 1
        return
      }
      slot += 1
    }
  }

  /// The counts keyed by address text.
  var dictionary: [String: Int] {
    var result: [String: Int] = [:]
    for slot in counts.indices where counts[slot] != 0 {
      let length = Int(lengths[slot])
      var bytes: [UInt8] = []
      for index in (0..<min(length, 8)).reversed() {
        bytes.append(UInt8(truncatingIfNeeded: prefixes[slot] >> (8 * UInt64(index))))
      }
      let text = String(decoding: bytes, as: UTF8.self) + (length > 8 ? "…" : "")
      result[text, default: 0] += counts[slot]
    }
    return result
  }
}
