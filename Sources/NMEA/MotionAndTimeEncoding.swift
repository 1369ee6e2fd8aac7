// Writing VTG, ZDA, GST and TXT sentences.

extension NMEAEncoder {
  /// VTG with its unit letters, and the mode when set (NMEA 2.3).
  func write(_ vtg: VTG, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: vtg.talker, type: "VTG")
    writer.decimal(vtg.courseTrue, decimals: format.angleDecimals)
    writer.letter(UInt8(ascii: "T"))
    writer.decimal(vtg.courseMagnetic, decimals: format.angleDecimals)
    writer.letter(UInt8(ascii: "M"))
    writer.decimal(vtg.speedKnots, decimals: format.speedDecimals)
    writer.letter(UInt8(ascii: "N"))
    writer.decimal(vtg.speedKmh, decimals: format.speedDecimals)
    writer.letter(UInt8(ascii: "K"))
    if let mode = vtg.mode { writer.letter(mode.letter) }
    output = writer.finish()
  }

  /// ZDA: time, day, month, four-digit year, local zone.
  func write(_ zda: ZDA, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: zda.talker, type: "ZDA")
    writer.time(zda.time, decimals: format.timeDecimals)
    writer.integer(zda.date.map { Int($0.day) }, width: 2)
    writer.integer(zda.date.map { Int($0.month) }, width: 2)
    writer.integer(zda.date.map { Int($0.year) }, width: 4)
    writer.integer(zda.localZoneHours, width: 2)
    writer.integer(zda.localZoneMinutes, width: 2)
    output = writer.finish()
  }

  /// GST: time and the seven error statistics.
  func write(_ gst: GST, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: gst.talker, type: "GST")
    writer.time(gst.time, decimals: format.timeDecimals)
    writer.decimal(gst.rangeRMS, decimals: format.metreDecimals)
    writer.decimal(gst.semiMajor, decimals: format.metreDecimals)
    writer.decimal(gst.semiMinor, decimals: format.metreDecimals)
    writer.decimal(gst.orientation, decimals: format.angleDecimals)
    writer.decimal(gst.latitudeError, decimals: format.metreDecimals)
    writer.decimal(gst.longitudeError, decimals: format.metreDecimals)
    writer.decimal(gst.altitudeError, decimals: format.metreDecimals)
    output = writer.finish()
  }

  /// TXT: the counts and identifier (two digits) and the text, whose reserved characters
  /// (`$ ! *`, line ends, non-printable bytes) become `?`.
  func write(_ txt: TXT, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: txt.talker, type: "TXT")
    writer.integer(txt.totalMessages, width: 2)
    writer.integer(txt.messageNumber, width: 2)
    writer.integer(txt.identifier, width: 2)
    writer.text(txt.text.utf8, allowCommas: true)
    output = writer.finish()
  }
}
