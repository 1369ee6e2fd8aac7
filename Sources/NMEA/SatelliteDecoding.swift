// Field decoding for the satellite sentences: GSA (DOP and active satellites) and GSV
// (satellites in view).

extension GSA {
  /// Decodes fields 1… of a GSA body; `reader` has read the address.
  ///
  /// NMEA has 12 satellite fields, then PDOP, HDOP, VDOP and (4.11) the system ID. Receivers
  /// that use more than 12 satellites send more fields: the satellite list is whatever lies
  /// between field 2 and the last three (or four) fields. A last field with a decimal point
  /// is taken as VDOP (no system ID). A sentence cut short (`$GPGSA,A,1,,,,*32`, iTrek) has
  /// its missing fields absent.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    switch try reader.salvage(1, { r throws(NMEAError) in try r.letter("selection mode") })
      .map({ $0 & 0xDF })
    {
    case nil: break
    case UInt8(ascii: "A"): selectionMode = .automatic
    case UInt8(ascii: "M"): selectionMode = .manual
    default: try reader.fail(reader.error(.malformed, "selection mode", "A or M"))
    }
    if let mode = try reader.salvage(1, { r throws(NMEAError) in try r.integer("fix mode", 1...3) })
    {
      fixMode = GSAFixMode(rawValue: UInt8(mode))
    }
    // Fast path: 12 satellite fields, 3 DOPs, maybe a system ID, and nothing after. Anything
    // else is read again by the general rule (strictly: a field error here means only that).
    let saved = reader
    do throws(NMEAError) {
      var fast = self
      var strict = reader
      strict.salvaging = false
      for _ in 0..<12 {
        if let id = try strict.integer("satellite ID", 0...65535) {
          fast.satellites.append(UInt16(id))
        }
      }
      fast.pdop = try strict.decimal("PDOP")
      fast.hdop = try strict.decimal("HDOP")
      fast.vdop = try strict.decimal("VDOP")
      if strict.hasMoreFields { fast.systemID = try strict.hexDigitID("system ID") }
      if !strict.hasMoreFields {
        self = fast
        strict.salvaging = reader.salvaging
        reader = strict
        return
      }
    } catch {}
    reader = saved
    let remaining = reader.remainingFieldCount()
    var satelliteFields = 12
    var hasSystemID = remaining >= 16
    if remaining > 16 {
      hasSystemID = !lastFieldHasPoint(reader.bytes)
      satelliteFields = remaining - (hasSystemID ? 4 : 3)
    }
    for _ in 0..<satelliteFields {
      if let id = try reader.salvage(
        1,
        { r throws(NMEAError) in
          try r.integer("satellite ID", 0...65535)
        })
      {
        satellites.append(UInt16(id))
      }
    }
    pdop = try reader.salvage { r throws(NMEAError) in try r.decimal("PDOP") }
    hdop = try reader.salvage { r throws(NMEAError) in try r.decimal("HDOP") }
    vdop = try reader.salvage { r throws(NMEAError) in try r.decimal("VDOP") }
    if hasSystemID {
      systemID = try reader.salvage { r throws(NMEAError) in try r.hexDigitID("system ID") }
    }
  }
}

/// Whether the last field of `body` contains a `.`.
func lastFieldHasPoint(_ body: UnsafeRawBufferPointer) -> Bool {
  var index = body.count - 1
  while index >= 0 && body[index] != UInt8(ascii: ",") {
    if body[index] == UInt8(ascii: ".") { return true }
    index -= 1
  }
  return false
}

extension GSV {
  /// Decodes fields 1… of a GSV body; `reader` has read the address.
  ///
  /// After the three count fields come groups of four (ID, elevation, azimuth, SNR), and in
  /// NMEA 4.10+ a last signal-ID field: one field left over after the groups is the signal ID.
  /// Groups whose ID is empty (padding, as the Furuno GT-88 sends) are skipped. Two or three
  /// fields left over form a last, short group whose missing fields are absent.
  @inline(__always)
  @usableFromInline
  init(_ fields: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    var reader = fields  // a local copy the optimiser keeps in registers
    defer { fields = reader }
    let total = try reader.requiredInteger("number of sentences", 1...99)
    totalMessages = total
    let number = try reader.requiredInteger("sentence number", 1...99)
    guard number <= total else {
      throw reader.error(.outOfRange, "sentence number", "over the number of sentences")
    }
    messageNumber = number
    satellitesInView = try reader.integer("satellites in view", 0...999)
    while reader.hasMoreFields {
      reader.advance()
      if !reader.hasMoreFields {
        signalID = try reader.currentHexDigitID("signal ID")
        break
      }
      let id = try reader.currentInteger("satellite ID", 0...65535)
      let elevation = try reader.integer("elevation", -90...90)
      let azimuth = try reader.integer("azimuth", 0...360)
      let snr = try reader.integer("SNR", 0...99)
      if let id {
        satellites.append(
          SatelliteInView(
            id: UInt16(id), elevation: elevation.map { Int16($0) },
            azimuth: azimuth.map { Int16($0) }, snr: snr.map { Int16($0) }))
      }
    }
  }
}
