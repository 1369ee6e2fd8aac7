/// What the framer does with a sentence that carries no `*hh` checksum.
///
/// A sentence whose checksum is present but wrong is always rejected, whatever the policy.
public enum ChecksumPolicy: Sendable, Hashable {
  /// Reject sentences without a checksum (the default, as gpsd master does).
  case strict
  /// Accept sentences without a checksum (old receivers and some boot banners omit it).
  case lenient
}

/// The value of one ASCII hex digit (`0-9`, `A-F`, `a-f`), or `nil`.
@inlinable @inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
  let digit = byte &- UInt8(ascii: "0")
  if digit < 10 { return digit }
  let letter = (byte | 0x20) &- UInt8(ascii: "a")
  return letter < 6 ? letter &+ 10 : nil
}
