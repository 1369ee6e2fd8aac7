// Fast paths for the two most frequent sentences, GSV and GSA (four of five sentences of a
// multi-GNSS receiver): well-formed sentences only; `false` sends the sentence to the general
// decoder, which handles every quirk and error.

extension GSV {
  /// Fills this empty GSV from a well-formed body whose address ends at `addressEnd`;
  /// `false` when the body needs the general decoder (this GSV is then half filled).
  @usableFromInline @inline(__always)
  mutating func decodeFast(_ body: UnsafeRawBufferPointer, addressEnd: Int) -> Bool {
    var fields = FastFields(body, addressEnd: addressEnd)
    let total: Int
    let number: Int
    let inView: Int
    if let header = fields.gsvHeader() {
      (total, number, inView) = header
    } else {
      total = fields.integer(maximum: 99)
      number = fields.integer(maximum: 99)
      inView = fields.integer(maximum: 999)
    }
    guard total >= 1, number >= 1, number <= total, inView >= FastFields.empty else {
      return false
    }
    totalMessages = total
    messageNumber = number
    satellitesInView = inView < 0 ? nil : inView
    while fields.hasMoreFields {
      if let satellite = fields.fixedWidthSatellite() {
        satellites.append(satellite)
        continue
      }
      if let digit = fields.lastDigit() {
        // The usual end: a one-digit signal ID.
        signalID = digit
        break
      }
      let id = fields.integer(maximum: 65535)
      if !fields.hasMoreFields {
        // The last field alone: the signal ID (one digit here; hexadecimal letters go the
        // general way).
        guard id == FastFields.empty || (id >= 0 && fields.digitCount == 1) else { return false }
        signalID = id < 0 ? nil : UInt8(id)
        break
      }
      let elevation = fields.integer(maximum: 90)
      let azimuth = fields.integer(maximum: 360)
      let snr = fields.integer(maximum: 99)
      guard id >= FastFields.empty, elevation >= FastFields.empty,
        azimuth >= FastFields.empty, snr >= FastFields.empty
      else { return false }
      if id >= 0 {
        satellites.append(
          SatelliteInView(
            id: UInt16(truncatingIfNeeded: id),
            elevation: elevation < 0 ? nil : Int16(truncatingIfNeeded: elevation),
            azimuth: azimuth < 0 ? nil : Int16(truncatingIfNeeded: azimuth),
            snr: snr < 0 ? nil : Int16(truncatingIfNeeded: snr)))
      }
    }
    return true
  }
}

extension GSA {
  /// Fills this empty GSA from a well-formed body (12 satellite fields, 3 DOPs, an optional
  /// one-digit system ID) whose address ends at `addressEnd`; `false` when the body needs the
  /// general decoder (this GSA is then half filled).
  @usableFromInline @inline(__always)
  mutating func decodeFast(_ body: UnsafeRawBufferPointer, addressEnd: Int) -> Bool {
    var fields = FastFields(body, addressEnd: addressEnd)
    switch fields.character() {
    case 0: break
    case UInt8(ascii: "A"): selectionMode = .automatic
    case UInt8(ascii: "M"): selectionMode = .manual
    default: return false
    }
    let fix = fields.integer(maximum: 3)
    guard fix == FastFields.empty || fix >= 1 else { return false }
    fixMode = fix < 0 ? nil : GSAFixMode(rawValue: UInt8(truncatingIfNeeded: fix))
    var read = 0
    while read < 12 {
      if read < 11, let (first, second) = fields.twoDigitPair() {
        satellites.append(first)
        satellites.append(second)
        read &+= 2
        continue
      }
      if fields.skipEmptyField() {
        read &+= 1
        continue
      }
      let id = fields.integer(maximum: 65535)
      guard id >= FastFields.empty else { return false }
      if id >= 0 { satellites.append(UInt16(truncatingIfNeeded: id)) }
      read &+= 1
    }
    guard fields.twoPlaceDecimal(&pdop) || fields.decimal(&pdop),
      fields.twoPlaceDecimal(&hdop) || fields.decimal(&hdop),
      fields.twoPlaceDecimal(&vdop) || fields.decimal(&vdop)
    else { return false }
    if let digit = fields.lastDigit() {
      systemID = digit
    } else if fields.hasMoreFields {
      let system = fields.integer(maximum: 9)
      guard system == FastFields.empty || (system >= 0 && fields.digitCount == 1) else {
        return false
      }
      systemID = system < 0 ? nil : UInt8(system)
    }
    return !fields.hasMoreFields
  }
}
