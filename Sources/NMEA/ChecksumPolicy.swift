/// What the framer does with a sentence that carries no `*hh` checksum.
///
/// A sentence whose checksum is present but wrong is always rejected, whatever the policy.
public enum ChecksumPolicy: Sendable, Hashable {
  /// Reject sentences without a checksum (the default, as gpsd master does).
  case strict
  /// Accept sentences without a checksum (old receivers and some boot banners omit it).
  case lenient
}

/// The NMEA 0183 checksum: the XOR of every byte between the start character and the `*`.
@inlinable
public func nmeaChecksum(_ body: UnsafeRawBufferPointer) -> UInt8 {
  var sum: UInt8 = 0
  for byte in body { sum ^= byte }
  return sum
}

/// The value of one ASCII hex digit (`0-9`, `A-F`, `a-f`), or `nil`.
@inlinable
func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
  case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
  case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
  default: return nil
  }
}
