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
    courseTrue = try reader.decimal("course true", 0...360)
    reader.advance()
    if !reader.isEmpty, reader.singleByte.map({ $0 & 0xDF }) != UInt8(ascii: "T") {
      guard scanDecimal(reader.bytes, reader.start, reader.end, signed: false) != nil else {
        throw reader.unitError("course true unit", UInt8(ascii: "T"))
      }
      reader.number -= 1
      reader.nextStart = reader.start
      courseMagnetic = try reader.decimal("course magnetic", 0...360)
      speedKnots = try reader.decimal("speed in knots")
      speedKmh = try reader.decimal("speed in km/h")
      return
    }
    courseMagnetic = try reader.decimal("course magnetic", 0...360)
    try reader.unit("course magnetic unit", UInt8(ascii: "M"))
    speedKnots = try reader.decimal("speed in knots")
    try reader.unit("speed unit", UInt8(ascii: "N"))
    speedKmh = try reader.decimal("speed in km/h")
    try reader.unit("speed unit", UInt8(ascii: "K"))
    mode = try reader.mode("mode")
  }
}

extension ZDA {
  /// Decodes fields 1… of a ZDA body; `reader` has read the address.
  ///
  /// The date is present when day, month and year all are; one or two of them alone is an
  /// error.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    time = try reader.time("time")
    let day = try reader.integer("day", 1...31)
    let dayField = (reader.number, reader.start, reader.end)
    let month = try reader.integer("month", 1...12)
    let year = try reader.integer("year", 1...9999)
    switch (day, month, year) {
    case (nil, nil, nil): break
    case (let day?, let month?, let year?):
      guard day <= daysInMonth(UInt8(month), Int16(year)) else {
        throw reader.error(
          .outOfRange, "day", "no such day in that month",
          field: dayField)
      }
      date = NMEADate(year: Int16(year), month: UInt8(month), day: UInt8(day))
    default:
      throw reader.error(.missing, "date", "day, month and year must all be given or none")
    }
    localZoneHours = try reader.integer("local zone hours", -13...13)
    localZoneMinutes = try reader.integer("local zone minutes", 0...59)
  }
}

extension GST {
  /// Decodes fields 1… of a GST body; `reader` has read the address.
  @inline(__always)
  @usableFromInline
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    time = try reader.time("time")
    rangeRMS = try reader.decimal("range RMS")
    semiMajor = try reader.decimal("semi-major error")
    semiMinor = try reader.decimal("semi-minor error")
    orientation = try reader.decimal("orientation", -360...360)
    latitudeError = try reader.decimal("latitude error")
    longitudeError = try reader.decimal("longitude error")
    altitudeError = try reader.decimal("altitude error")
  }
}
