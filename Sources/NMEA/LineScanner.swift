// The framer's inner loop: run over the ordinary bytes of a line, XOR-ing them.

/// The bytes that end the framer's fast run over a line: control bytes (line ends, NUL,
/// ^Z, …), `$` and `!` (a new sentence), and anything outside printable ASCII.
@inline(__always)
func isSpecial(_ byte: UInt8) -> Bool {
  byte &- 0x20 > 0x5E || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "!")
}

/// Scans `base[start..<count]` up to the first special byte (see ``isSpecial(_:)``).
///
/// Returns where it stopped (`count` when it ran off the end) and the XOR of the bytes it
/// passed. Eight bytes at a time: SWAR tests tell whether a word holds a special byte, and
/// the words are XOR-ed together and folded at the end. (Swift's SIMD16 types compiled to
/// scalar code here, ten times slower.)
@inline(__always)
func scanOrdinaryBytes(
  _ base: UnsafePointer<UInt8>, _ count: Int, from start: Int
) -> (end: Int, sum: UInt8) {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let highs: UInt64 = 0x8080_8080_8080_8080
  var index = start
  var wide: UInt64 = 0
  while index &+ 8 <= count {
    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
    let control = (word &- ones &* 0x20) & ~word & highs  // a byte below 0x20
    let high = ((word &+ ones) | word) & highs  // a byte above 0x7E
    let dollar = word ^ (ones &* 0x24)
    let bang = word ^ (ones &* 0x21)
    let starts = ((dollar &- ones) & ~dollar | (bang &- ones) & ~bang) & highs
    let found = control | high | starts
    if found != 0 {
      // The lowest flagged byte is the first special one (false positives of these tests only
      // occur above a true one): XOR the bytes before it, and stop there.
      let offset = found.trailingZeroBitCount &>> 3
      wide ^= word & ((1 &<< UInt64(offset &<< 3)) &- 1)
      index &+= offset
      return (index, fold(wide))
    }
    wide ^= word
    index &+= 8
  }
  wide ^= wide >> 32
  wide ^= wide >> 16
  wide ^= wide >> 8
  var sum = UInt8(truncatingIfNeeded: wide)
  while index < count {
    let byte = base[index]
    if isSpecial(byte) { break }
    sum ^= byte
    index &+= 1
  }
  return (index, sum)
}

/// The XOR of the eight bytes of `word`.
@inline(__always)
func fold(_ word: UInt64) -> UInt8 {
  var wide = word
  wide ^= wide >> 32
  wide ^= wide >> 16
  wide ^= wide >> 8
  return UInt8(truncatingIfNeeded: wide)
}
