// Fast paths for RMC, GGA, GLL, VTG and GST: well-formed sentences only; `false` sends the
// sentence to the general decoder, which handles every quirk and error.

extension RMC {
  /// Fills this empty RMC from a well-formed body whose address ends at `addressEnd`;
  /// `false` when the body needs the general decoder.
  @usableFromInline @inline(__always)
  mutating func decodeFast(_ body: UnsafeRawBufferPointer, addressEnd: Int) -> Bool {
    var fields = FastFields(body, addressEnd: addressEnd)
    guard fields.time(&time) else { return false }
    switch fields.character() {
    case 0: break
    case UInt8(ascii: "A"): status = .valid
    case UInt8(ascii: "V"): status = .void
    default: return false
    }
    guard
      fields.coordinate(
        &latitude, limit: 90, positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S")),
      fields.coordinate(
        &longitude, limit: 180, positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W")),
      fields.decimal(&speedKnots), fields.decimal(&course, maximum: 360), fields.date(&date)
    else { return false }
    var variation: Double?
    guard fields.decimal(&variation, maximum: 180) else { return false }
    switch fields.character() {
    case 0: guard variation == nil else { return false }
    case UInt8(ascii: "E"): magneticVariation = variation
    case UInt8(ascii: "W"): magneticVariation = variation.map { $0 == 0 ? 0 : -$0 }
    default: return false
    }
    guard fields.hasMoreFields else { return true }
    guard let modeLetter = fields.letter() else { return false }
    mode = modeLetter == 0 ? nil : FAAMode(modeLetter)
    guard fields.hasMoreFields else { return true }
    guard let statusLetter = fields.letter() else { return false }
    navigationStatus = statusLetter == 0 ? nil : NavigationStatus(statusLetter)
    return !fields.hasMoreFields
  }
}

extension GGA {
  /// Fills this empty GGA from a well-formed body whose address ends at `addressEnd`;
  /// `false` when the body needs the general decoder.
  @usableFromInline @inline(__always)
  mutating func decodeFast(_ body: UnsafeRawBufferPointer, addressEnd: Int) -> Bool {
    var fields = FastFields(body, addressEnd: addressEnd)
    guard fields.time(&time),
      fields.coordinate(
        &latitude, limit: 90, positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S")),
      fields.coordinate(
        &longitude, limit: 180, positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"))
    else { return false }
    let fix = fields.integer(maximum: 9)
    let used = fields.integer(maximum: 999)
    guard fix >= FastFields.empty, used >= FastFields.empty else { return false }
    quality = fix < 0 ? nil : GGAQuality(UInt8(truncatingIfNeeded: fix))
    satellitesUsed = used < 0 ? nil : used
    guard fields.decimal(&hdop), fields.signedDecimal(&altitudeMSL),
      fields.unit(UInt8(ascii: "M")), fields.signedDecimal(&geoidSeparation),
      fields.unit(UInt8(ascii: "M")), fields.decimal(&dgpsAge)
    else { return false }
    let station = fields.integer(maximum: 9999)
    guard station >= FastFields.empty else { return false }
    dgpsStation = station < 0 ? nil : station
    return !fields.hasMoreFields
  }
}

extension GLL {
  /// Fills this empty GLL from a well-formed body whose address ends at `addressEnd`;
  /// `false` when the body needs the general decoder.
  @usableFromInline @inline(__always)
  mutating func decodeFast(_ body: UnsafeRawBufferPointer, addressEnd: Int) -> Bool {
    var fields = FastFields(body, addressEnd: addressEnd)
    guard
      fields.coordinate(
        &latitude, limit: 90, positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S")),
      fields.coordinate(
        &longitude, limit: 180, positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W")),
      fields.time(&time)
    else { return false }
    switch fields.character() {
    case 0: break
    case UInt8(ascii: "A"): status = .valid
    case UInt8(ascii: "V"): status = .void
    default: return false
    }
    guard fields.hasMoreFields else { return true }
    guard let modeLetter = fields.letter() else { return false }
    mode = modeLetter == 0 ? nil : FAAMode(modeLetter)
    return !fields.hasMoreFields
  }
}

extension VTG {
  /// Fills this empty VTG from a well-formed body (with unit letters) whose address ends at
  /// `addressEnd`; `false` when the body needs the general decoder.
  @usableFromInline @inline(__always)
  mutating func decodeFast(_ body: UnsafeRawBufferPointer, addressEnd: Int) -> Bool {
    var fields = FastFields(body, addressEnd: addressEnd)
    guard fields.decimal(&courseTrue, maximum: 360), fields.unit(UInt8(ascii: "T")),
      fields.decimal(&courseMagnetic, maximum: 360), fields.unit(UInt8(ascii: "M")),
      fields.decimal(&speedKnots), fields.unit(UInt8(ascii: "N")),
      fields.decimal(&speedKmh), fields.unit(UInt8(ascii: "K"))
    else { return false }
    guard fields.hasMoreFields else { return true }
    guard let modeLetter = fields.letter() else { return false }
    mode = modeLetter == 0 ? nil : FAAMode(modeLetter)
    return !fields.hasMoreFields
  }
}

extension GST {
  /// Fills this empty GST from a well-formed body whose address ends at `addressEnd`;
  /// `false` when the body needs the general decoder.
  @usableFromInline @inline(__always)
  mutating func decodeFast(_ body: UnsafeRawBufferPointer, addressEnd: Int) -> Bool {
    var fields = FastFields(body, addressEnd: addressEnd)
    guard fields.time(&time), fields.decimal(&rangeRMS), fields.decimal(&semiMajor),
      fields.decimal(&semiMinor), fields.decimal(&orientation, maximum: 360),
      fields.decimal(&latitudeError), fields.decimal(&longitudeError),
      fields.decimal(&altitudeError)
    else { return false }
    return !fields.hasMoreFields
  }
}
