// Field decoding for HDT, THS, HDG and HDM: the general readers, which name every error, and
// a fast path for HDT and THS (gyrocompasses send them at 10–20 Hz).

extension HDT {
  /// Decodes fields 1… of an HDT body; `reader` has read the address.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    heading = try reader.decimal("heading", 0...360)
    try reader.unit("heading unit", UInt8(ascii: "T"))
  }

  /// Fills this empty HDT from a well-formed body (`123.45,T`); `false` when the body needs
  /// the general decoder.
  @usableFromInline @inline(__always)
  mutating func decodeFast(_ body: UnsafeRawBufferPointer, addressEnd: Int) -> Bool {
    var fields = FastFields(body, addressEnd: addressEnd)
    guard fields.decimal(&heading, maximum: 360), fields.unit(UInt8(ascii: "T")) else {
      return false
    }
    return !fields.hasMoreFields
  }
}

extension THS {
  /// Decodes fields 1… of a THS body; `reader` has read the address.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    heading = try reader.decimal("heading", 0...360)
    status = try reader.letter("mode").map { HeadingStatus($0) }
  }

  /// Fills this empty THS from a well-formed body (`123.45,A`); `false` when the body needs
  /// the general decoder.
  @usableFromInline @inline(__always)
  mutating func decodeFast(_ body: UnsafeRawBufferPointer, addressEnd: Int) -> Bool {
    var fields = FastFields(body, addressEnd: addressEnd)
    guard fields.decimal(&heading, maximum: 360), let letter = fields.letter() else {
      return false
    }
    status = letter == 0 ? nil : HeadingStatus(letter)
    return !fields.hasMoreFields
  }
}

extension HDG {
  /// Decodes fields 1… of an HDG body; `reader` has read the address.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    heading = try reader.decimal("heading", 0...360)
    deviation = try reader.eastWest("deviation", "deviation direction")
    variation = try reader.eastWest("variation", "variation direction")
  }
}

extension HDM {
  /// Decodes fields 1… of an HDM body; `reader` has read the address.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    heading = try reader.decimal("heading", 0...360)
    try reader.unit("heading unit", UInt8(ascii: "M"))
  }
}

extension FieldReader {
  /// The next two fields as an angle of at most 180° and its direction letter (`E`, `W`,
  /// either case), west negative. Both empty is absent; an angle without its direction is
  /// absent unless it is 0 (its sign is unknown).
  @inline(__always)
  mutating func eastWest(
    _ name: StaticString, _ directionName: StaticString
  ) throws(NMEAError) -> Double? {
    let value = try decimal(name, 0...180)
    advance()
    switch singleByte.map({ $0 & 0xDF }) {
    case UInt8(ascii: "E"): return value
    case UInt8(ascii: "W"): return value.map { $0 == 0 ? 0 : -$0 }
    default:
      guard isEmpty else { throw error(.malformed, directionName, "E or W") }
      return value == 0 ? 0 : nil
    }
  }
}
