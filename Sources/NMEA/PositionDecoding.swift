// Field decoding for the sentences that carry a position: RMC, GGA, GLL, GNS.

extension RMC {
  /// Decodes fields 1… of an RMC body; `reader` has read the address.
  ///
  /// Quirk: the Motorola T805 (`motorola-t805.log`) sends no variation direction and puts
  /// the mode letter in field 11 (`…,181207,0,A`). When field 11 is a letter other than
  /// `E`/`W` and is the last field, it is read as the mode, and a variation of 0 is kept
  /// (any other value, its sign unknown, is absent). A variation over 180° is absent: the
  /// Caterpillar MS352 (`cat-ms352.log`) sends 999.9 for "unknown".
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    time = try reader.time("time")
    status = try reader.status("status")
    latitude = try reader.latitude("latitude", "latitude hemisphere")
    longitude = try reader.longitude("longitude", "longitude hemisphere")
    speedKnots = try reader.decimal("speed over ground")
    course = try reader.decimal("course over ground", 0...360)
    date = try reader.date("date")
    // Over 180° is a receiver's "unknown" (the Caterpillar MS352 sends 999.9000).
    let variation = try reader.decimal("magnetic variation").flatMap { $0 <= 180 ? $0 : nil }
    reader.advance()
    switch reader.singleByte.map({ $0 & 0xDF }) {
    case UInt8(ascii: "E"):
      magneticVariation = variation
    case UInt8(ascii: "W"):
      magneticVariation = variation.map { $0 == 0 ? 0 : -$0 }
    case .some(let letter) where isLetter(letter) && !reader.hasMoreFields:
      magneticVariation = variation == 0 ? 0 : nil
      mode = FAAMode(reader.bytes[reader.start])
      return
    default:
      guard reader.isEmpty else {
        throw reader.error(.malformed, "magnetic variation direction", "E or W")
      }
      // A variation without its direction has an unknown sign, except 0.
      magneticVariation = variation == 0 ? 0 : nil
    }
    mode = try reader.mode("mode")
    navigationStatus = try reader.navigationStatus("navigational status")
  }
}

extension GGA {
  /// Decodes fields 1… of a GGA body; `reader` has read the address.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    time = try reader.time("time")
    latitude = try reader.latitude("latitude", "latitude hemisphere")
    longitude = try reader.longitude("longitude", "longitude hemisphere")
    quality = try reader.integer("fix quality", 0...9).map { GGAQuality(UInt8($0)) }
    satellitesUsed = try reader.integer("satellites used", 0...999)
    hdop = try reader.decimal("HDOP")
    altitudeMSL = try reader.decimal("altitude", anyNumber)
    try reader.unit("altitude unit", UInt8(ascii: "M"))
    geoidSeparation = try reader.decimal("geoid separation", anyNumber)
    try reader.unit("geoid separation unit", UInt8(ascii: "M"))
    dgpsAge = try reader.decimal("age of differential data")
    dgpsStation = try reader.integer("differential station", 0...9999)
  }
}

extension GLL {
  /// Decodes fields 1… of a GLL body; `reader` has read the address.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    latitude = try reader.latitude("latitude", "latitude hemisphere")
    longitude = try reader.longitude("longitude", "longitude hemisphere")
    time = try reader.time("time")
    status = try reader.status("status")
    mode = try reader.mode("mode")
  }
}

extension GNS {
  /// Decodes fields 1… of a GNS body; `reader` has read the address.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    time = try reader.time("time")
    latitude = try reader.latitude("latitude", "latitude hemisphere")
    longitude = try reader.longitude("longitude", "longitude hemisphere")
    reader.advance()
    for index in reader.start..<reader.end {
      let letter = reader.bytes[index]
      guard isLetter(letter) else { throw reader.error(.malformed, "mode indicators", "letters") }
      modes.append(letter)
    }
    satellitesUsed = try reader.integer("satellites used", 0...999)
    hdop = try reader.decimal("HDOP")
    altitudeMSL = try reader.decimal("altitude", anyNumber)
    geoidSeparation = try reader.decimal("geoid separation", anyNumber)
    dgpsAge = try reader.decimal("age of differential data")
    dgpsStation = try reader.integer("differential station", 0...9999)
    navigationStatus = try reader.navigationStatus("navigational status")
  }
}
