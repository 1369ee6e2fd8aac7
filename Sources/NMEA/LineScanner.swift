// The framer's inner loop: run over the ordinary bytes of a line, XOR-ing them.

/// The bytes that end the framer's fast run over a line: control bytes (line ends, NUL,
/// ^Z, …), `$` and `!` (a new sentence), and anything outside printable ASCII.
@inlinable @inline(__always)
func isSpecial(_ byte: UInt8) -> Bool {
  byte &- 0x20 > 0x5E || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "!")
}

/// Scans `base[start..<count]` up to the first special byte (see ``isSpecial(_:)``).
///
/// Returns where it stopped (`count` when it ran off the end) and the XOR of the bytes it
/// passed. Eight bytes at a time: one SWAR test flags the bytes below 0x25 or above 0x7E (the
/// special bytes, and the ordinary space, `"` and `#`, which the test lets through one at a
/// time), and the words are XOR-ed together and folded at the end. (Swift's SIMD16 types
/// compiled to scalar code here, ten times slower.)
@inlinable @inline(__always)
func scanOrdinaryBytes(
  _ base: UnsafePointer<UInt8>, _ count: Int, from start: Int
) -> (end: Int, sum: UInt8) {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let highs: UInt64 = 0x8080_8080_8080_8080
  var index = start
  var wide: UInt64 = 0
  while index &+ 8 <= count {
    let word = UInt64(
      littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    // A byte below 0x25 (a borrow leaves only bytes above one that is) or above 0x7E.
    let found = ((word &- ones &* 0x25) & ~word | (word &+ ones) | word) & highs
    if found == 0 {
      wide ^= word
      index &+= 8
      continue
    }
    // The lowest flagged byte is the first one below 0x25 or above 0x7E: XOR the bytes
    // before it, and stop there if it is special.
    let offset = found.trailingZeroBitCount &>> 3
    let bits = UInt64(truncatingIfNeeded: offset &<< 3)
    let byte = UInt8(truncatingIfNeeded: word &>> bits)
    wide ^= word & ((1 &<< bits) &- 1)
    if isSpecial(byte) { return (index &+ offset, fold(wide)) }
    wide ^= UInt64(byte)
    index &+= offset &+ 1
  }
  var sum = fold(wide)
  while index < count {
    let byte = base[index]
    if isSpecial(byte) { break }
    sum ^= byte
    index &+= 1
  }
  return (index, sum)
}

/// The XOR of the eight bytes of `word`.
@inlinable @inline(__always)
func fold(_ word: UInt64) -> UInt8 {
  var wide = word
  wide ^= wide >> 32
  wide ^= wide >> 16
  wide ^= wide >> 8
  return UInt8(truncatingIfNeeded: wide)
}
