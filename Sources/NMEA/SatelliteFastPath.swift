// Fast paths for the two most frequent sentences, GSV and GSA (four of five sentences of a
// multi-GNSS receiver): well-formed sentences only; `false` sends the sentence to the general
// decoder, which handles every quirk and error.

extension GSV {
  /// Fills this empty GSV from a well-formed body whose address ends at `addressEnd`;
  /// `false` when the body needs the general decoder (this GSV is then half filled).
  @usableFromInline @inline(__always)
  mutating func decodeFast(_ body: UnsafeRawBufferPointer, addressEnd: Int) -> Bool {
    var fields = FastFields(body, addressEnd: addressEnd)
    let total = fields.integer(maximum: 99)
    let number = fields.integer(maximum: 99)
    let inView = fields.integer(maximum: 999)
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
      let id = fields.integer(maximum: 65535)
      guard id >= FastFields.empty else { return false }
      if id >= 0 { satellites.append(UInt16(truncatingIfNeeded: id)) }
      read &+= 1
    }
    guard fields.decimal(&pdop), fields.decimal(&hdop), fields.decimal(&vdop)
    else { return false }
    if fields.hasMoreFields {
      let system = fields.integer(maximum: 9)
      guard system == FastFields.empty || (system >= 0 && fields.digitCount == 1) else {
        return false
      }
      systemID = system < 0 ? nil : UInt8(system)
    }
    return !fields.hasMoreFields
  }
}

extension FastFields {
  /// The next four fields as one satellite when they are written as most receivers write
  /// them, `ii,ee,aaa,ss,`: two-digit ID, elevation and SNR, a three-digit azimuth, each field
  /// followed by a comma (so another field follows), elevation at most 90 and azimuth at most
  /// 360; `nil` (nothing read) for any other shape, which ``integer(maximum:)`` then reads
  /// field by field. What it returns is what those four reads give.
  ///
  /// The 13 bytes are read as two overlapping 8-byte words (bytes 0–7 and 5–12) and tested
  /// at once: commas where they belong, digits everywhere else. Pairs of digits are then
  /// combined in place (each byte times ten plus the next).
  @inline(__always)
  mutating func fixedWidthSatellite() -> SatelliteInView? {
    let start = index
    guard start &+ 13 <= count else { return nil }
    let first = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
    let second = UInt64(
      littleEndian: UnsafeRawPointer(base + (start &+ 5)).loadUnaligned(as: UInt64.self))
    let zeros: UInt64 = 0x3030_3030_3030_3030
    let highs: UInt64 = 0x8080_8080_8080_8080
    // Bytes 0–7 `ii,ee,aa`: commas at 2 and 5. Bytes 5–12 `,aaa,ss,`: commas at 0, 4 and 7.
    let firstDigits = (first ^ zeros) & 0xFFFF_00FF_FF00_FFFF
    let secondDigits = (second ^ zeros) & 0x00FF_FF00_FFFF_FF00
    // A byte is a digit when its value minus "0" is below 10 (no carry comes into a byte from
    // one below that is itself below 10).
    let notDigits =
      ((firstDigits &+ 0x7676_7676_7676_7676) | firstDigits
        | (secondDigits &+ 0x7676_7676_7676_7676) | secondDigits) & highs
    let misplacedCommas =
      ((first & 0x0000_FF00_00FF_0000) ^ 0x0000_2C00_002C_0000)
      | ((second & 0xFF00_00FF_0000_00FF) ^ 0x2C00_002C_0000_002C)
    guard notDigits | misplacedCommas == 0 else { return nil }
    // Byte k becomes ten times digit k plus digit k + 1 (at most 99: no carries).
    let firstPairs = firstDigits &* 10 &+ firstDigits &>> 8
    let secondPairs = secondDigits &* 10 &+ secondDigits &>> 8
    let elevation = firstPairs &>> 24 & 0xFF
    let azimuth = (secondPairs &>> 8 & 0xFF) &* 10 &+ (secondDigits &>> 24 & 0xFF)
    guard elevation <= 90, azimuth <= 360 else { return nil }
    index = start &+ 13
    return SatelliteInView(
      id: UInt16(truncatingIfNeeded: firstPairs & 0xFF),
      elevation: Int16(truncatingIfNeeded: elevation),
      azimuth: Int16(truncatingIfNeeded: azimuth),
      snr: Int16(truncatingIfNeeded: secondPairs &>> 40 & 0xFF))
  }

  /// The next two fields when both are two digits, `dd,dd,` (GSA's satellite IDs as most
  /// receivers write them), read in one 8-byte load; `nil` (nothing read) for any other shape.
  /// What it returns is what two ``integer(maximum:)`` reads give.
  @inline(__always)
  mutating func twoDigitPair() -> (UInt16, UInt16)? {
    let start = index
    guard start &+ 8 <= count else { return nil }
    let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
    // Digits at 0, 1, 3 and 4, commas at 2 and 5; bytes 6 and 7 are not looked at.
    let digits = (word ^ 0x3030_3030_3030_3030) & 0x0000_00FF_FF00_FFFF
    let notDigits = ((digits &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
    let misplacedCommas = (word & 0x0000_FF00_00FF_0000) ^ 0x0000_2C00_002C_0000
    guard notDigits | misplacedCommas == 0 else { return nil }
    let pairs = digits &* 10 &+ digits &>> 8
    index = start &+ 6
    return (
      UInt16(truncatingIfNeeded: pairs & 0xFF), UInt16(truncatingIfNeeded: pairs &>> 24 & 0xFF)
    )
  }
}
