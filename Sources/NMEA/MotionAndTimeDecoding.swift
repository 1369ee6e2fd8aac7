// Field decoding for VTG (course and speed), ZDA (time and date) and GST (error statistics).

extension VTG {
  /// Decodes fields 1… of a VTG body; `reader` has read the address.
  ///
  /// NMEA before 2.0 sent VTG without unit letters (`$GPVTG,054.7,034.4,005.5,010.2`): when
  /// field 2 is a number, the four fields are read as true course, magnetic course, knots and
  /// km/h.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    courseTrue = try reader.salvage { r throws(NMEAError) in try r.decimal("course true", 0...360) }
    reader.advance()
    if !reader.isEmpty, reader.singleByte.map({ $0 & 0xDF }) != UInt8(ascii: "T") {
      guard scanDecimal(reader.bytes, reader.start, reader.end, signed: false) != nil else {
        // Neither a unit letter nor the old layout's number: nothing after it can be placed.
        courseTrue = nil
        try reader.fail(reader.unitError("course true unit", UInt8(ascii: "T")))
        return
      }
      reader.number -= 1
      reader.nextStart = reader.start
      courseMagnetic = try reader.salvage { r throws(NMEAError) in
        try r.decimal("course magnetic", 0...360)
      }
      speedKnots = try reader.salvage { r throws(NMEAError) in try r.decimal("speed in knots") }
      speedKmh = try reader.salvage { r throws(NMEAError) in try r.decimal("speed in km/h") }
      return
    }
    // A value and its unit go together: a wrong unit letter loses the value too.
    courseMagnetic = try reader.salvage(2) { r throws(NMEAError) in
      let value = try r.decimal("course magnetic", 0...360)
      try r.unit("course magnetic unit", UInt8(ascii: "M"))
      return value
    }
    speedKnots = try reader.salvage(2) { r throws(NMEAError) in
      let value = try r.decimal("speed in knots")
      try r.unit("speed unit", UInt8(ascii: "N"))
      return value
    }
    speedKmh = try reader.salvage(2) { r throws(NMEAError) in
      let value = try r.decimal("speed in km/h")
      try r.unit("speed unit", UInt8(ascii: "K"))
      return value
    }
    mode = try reader.salvage { r throws(NMEAError) in try r.mode("mode") }
  }
}

extension ZDA {
  /// Decodes fields 1… of a ZDA body; `reader` has read the address.
  ///
  /// The date is present when day, month and year all are; one or two of them alone is an
  /// error, and so is a year of other than four digits (`$GPZDA,195719,16,04,14,-02,00`: the
  /// 14 of a two-digit year would be the year 14). Salvaged, such a date is absent as a whole.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    time = try reader.salvage { r throws(NMEAError) in try r.time("time") }
    date = try reader.salvage(3) { r throws(NMEAError) in try r.zdaDate() }
    localZoneHours = try reader.salvage { r throws(NMEAError) in
      try r.integer("local zone hours", -13...13)
    }
    localZoneMinutes = try reader.salvage { r throws(NMEAError) in
      try r.integer("local zone minutes", 0...59)
    }
  }
}

extension FieldReader {
  /// The next three fields as a ZDA date (day, month, four-digit year), or nil when all are
  /// empty.
  @inline(__always)
  mutating func zdaDate() throws(NMEAError) -> NMEADate? {
    let day = try integer("day", 1...31)
    let dayField = (number, start, end)
    let month = try integer("month", 1...12)
    let year = try integer("year", 1...9999)
    if year != nil && end - start != 4 {
      throw error(.malformed, "year", "a four-digit year")
    }
    switch (day, month, year) {
    case (nil, nil, nil): return nil
    case (let day?, let month?, let year?):
      guard day <= daysInMonth(UInt8(month), Int16(year)) else {
        throw error(.outOfRange, "day", "no such day in that month", field: dayField)
      }
      return NMEADate(year: Int16(year), month: UInt8(month), day: UInt8(day))
    default:
      throw error(.missing, "date", "day, month and year must all be given or none")
    }
  }
}

extension GST {
  /// Decodes fields 1… of a GST body; `reader` has read the address.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    time = try reader.salvage { r throws(NMEAError) in try r.time("time") }
    rangeRMS = try reader.salvage { r throws(NMEAError) in try r.decimal("range RMS") }
    semiMajor = try reader.salvage { r throws(NMEAError) in try r.decimal("semi-major error") }
    semiMinor = try reader.salvage { r throws(NMEAError) in try r.decimal("semi-minor error") }
    orientation = try reader.salvage { r throws(NMEAError) in
      try r.decimal("orientation", -360...360)
    }
    latitudeError = try reader.salvage { r throws(NMEAError) in try r.decimal("latitude error") }
    longitudeError = try reader.salvage { r throws(NMEAError) in
      try r.decimal("longitude error")
    }
    altitudeError = try reader.salvage { r throws(NMEAError) in try r.decimal("altitude error") }
  }
}
