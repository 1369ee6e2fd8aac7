// Garmin's proprietary velocity sentence, which GGA-only Garmin receivers (GPS 15/15H/16/18,
// configured without RMC and VTG) send as their only statement of speed and course.

/// PGRMV: Garmin's 3D velocity (`$PGRMV,-1.2,3.4,0.1*hh`): east, north and up, metres per
/// second (Garmin GPS 15/16/18 technical specifications). It carries no time: it belongs to
/// the epoch whose sentences it follows, as VTG does.
public struct PGRMV: Sendable, Hashable {
  /// Field 1, true east velocity, m/s (west negative).
  public var east: Double?
  /// Field 2, true north velocity, m/s (south negative).
  public var north: Double?
  /// Field 3, up velocity, m/s (down negative).
  public var up: Double?

  /// Makes a PGRMV with every field absent.
  @inlinable
  public init() {}
}

extension PGRMV {
  /// Decodes fields 1… of a PGRMV body; `reader` has read the address.
  @usableFromInline
  init(_ reader: inout FieldReader) throws(NMEAError) {
    self.init()
    // 515 m/s (1000 knots) is Garmin's stated limit; a little beyond it is still a velocity.
    east = try reader.decimal("east velocity", -1000...1000)
    north = try reader.decimal("north velocity", -1000...1000)
    up = try reader.decimal("up velocity", -1000...1000)
  }
}

extension NMEAEncoder {
  /// PGRMV: east, north and up velocity, m/s with one decimal (as Garmin sends them).
  func write(_ pgrmv: PGRMV, _ output: inout [UInt8]) {
    // "$P" + "GRMV": the writer's two talker bytes and three type letters.
    var writer = SentenceWriter(
      taking: &output, talker: Talker(UInt8(ascii: "P"), UInt8(ascii: "G")), type: "RMV")
    writer.decimal(pgrmv.east, decimals: 1)
    writer.decimal(pgrmv.north, decimals: 1)
    writer.decimal(pgrmv.up, decimals: 1)
    output = writer.finish()
  }
}
