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
    time = try reader.salvage { r throws(NMEAError) in try r.time("time") }
    status = try reader.salvage { r throws(NMEAError) in try r.status("status") }
    latitude = try reader.salvage(2) { r throws(NMEAError) in
      try r.latitude("latitude", "latitude hemisphere")
    }
    longitude = try reader.salvage(2) { r throws(NMEAError) in
      try r.longitude("longitude", "longitude hemisphere")
    }
    speedKnots = try reader.salvage { r throws(NMEAError) in try r.decimal("speed over ground") }
    course = try reader.salvage { r throws(NMEAError) in
      try r.decimal("course over ground", 0...360)
    }
    date = try reader.salvage { r throws(NMEAError) in try r.date("date") }
    // Over 180° is a receiver's "unknown" (the Caterpillar MS352 sends 999.9000).
    let sent = try reader.salvage { r throws(NMEAError) in try r.decimal("magnetic variation") }
    let variation = sent.flatMap { $0 <= 180 ? $0 : nil }
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
      if reader.isEmpty {
        // A variation without its direction has an unknown sign, except 0.
        magneticVariation = variation == 0 ? 0 : nil
      } else {
        try reader.fail(reader.error(.malformed, "magnetic variation direction", "E or W"))
      }
    }
    mode = try reader.salvage { r throws(NMEAError) in try r.mode("mode") }
    navigationStatus = try reader.salvage { r throws(NMEAError) in
      try r.navigationStatus("navigational status")
    }
  }
}

extension GGA {
  /// Decodes fields 1… of a GGA body; `reader` has read the address.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    time = try reader.salvage { r throws(NMEAError) in try r.time("time") }
    latitude = try reader.salvage(2) { r throws(NMEAError) in
      try r.latitude("latitude", "latitude hemisphere")
    }
    longitude = try reader.salvage(2) { r throws(NMEAError) in
      try r.longitude("longitude", "longitude hemisphere")
    }
    quality = try reader.salvage { r throws(NMEAError) in try r.integer("fix quality", 0...9) }
      .map { GGAQuality(UInt8($0)) }
    satellitesUsed = try reader.salvage { r throws(NMEAError) in
      try r.integer("satellites used", 0...999)
    }
    hdop = try reader.salvage { r throws(NMEAError) in try r.decimal("HDOP") }
    // A value and its unit go together: a wrong unit letter loses the value too.
    altitudeMSL = try reader.salvage(2) { reader throws(NMEAError) in
      let value = try reader.decimal("altitude", anyNumber)
      try reader.unit("altitude unit", UInt8(ascii: "M"))
      return value
    }
    geoidSeparation = try reader.salvage(2) { reader throws(NMEAError) in
      let value = try reader.decimal("geoid separation", anyNumber)
      try reader.unit("geoid separation unit", UInt8(ascii: "M"))
      return value
    }
    dgpsAge = try reader.salvage { r throws(NMEAError) in try r.decimal("age of differential data")
    }
    dgpsStation = try reader.salvage { r throws(NMEAError) in
      try r.integer("differential station", 0...9999)
    }
  }
}

extension GLL {
  /// Decodes fields 1… of a GLL body; `reader` has read the address.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    latitude = try reader.salvage(2) { r throws(NMEAError) in
      try r.latitude("latitude", "latitude hemisphere")
    }
    longitude = try reader.salvage(2) { r throws(NMEAError) in
      try r.longitude("longitude", "longitude hemisphere")
    }
    time = try reader.salvage { r throws(NMEAError) in try r.time("time") }
    status = try reader.salvage { r throws(NMEAError) in try r.status("status") }
    mode = try reader.salvage { r throws(NMEAError) in try r.mode("mode") }
  }
}

extension GNS {
  /// Decodes fields 1… of a GNS body; `reader` has read the address.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    time = try reader.salvage { r throws(NMEAError) in try r.time("time") }
    latitude = try reader.salvage(2) { r throws(NMEAError) in
      try r.latitude("latitude", "latitude hemisphere")
    }
    longitude = try reader.salvage(2) { r throws(NMEAError) in
      try r.longitude("longitude", "longitude hemisphere")
    }
    reader.advance()
    for index in reader.start..<reader.end {
      let letter = reader.bytes[index]
      guard isLetter(letter) else {
        // Without its mode letters the sentence says nothing of its validity: none are kept.
        modes = ModeIndicators()
        try reader.fail(reader.error(.malformed, "mode indicators", "letters"))
        break
      }
      modes.append(letter)
    }
    satellitesUsed = try reader.salvage { r throws(NMEAError) in
      try r.integer("satellites used", 0...999)
    }
    hdop = try reader.salvage { r throws(NMEAError) in try r.decimal("HDOP") }
    altitudeMSL = try reader.salvage { r throws(NMEAError) in try r.decimal("altitude", anyNumber) }
    geoidSeparation = try reader.salvage { r throws(NMEAError) in
      try r.decimal("geoid separation", anyNumber)
    }
    dgpsAge = try reader.salvage { r throws(NMEAError) in try r.decimal("age of differential data")
    }
    dgpsStation = try reader.salvage { r throws(NMEAError) in
      try r.integer("differential station", 0...9999)
    }
    navigationStatus = try reader.salvage { r throws(NMEAError) in
      try r.navigationStatus("navigational status")
    }
  }
}
