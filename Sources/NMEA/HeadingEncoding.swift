// Writing HDT, THS, HDG and HDM sentences.

extension NMEAEncoder {
  /// HDT: the heading and `T`.
  func write(_ hdt: HDT, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: hdt.talker, type: "HDT")
    writer.decimal(hdt.heading, decimals: format.angleDecimals)
    writer.letter(UInt8(ascii: "T"))
    output = writer.finish()
  }

  /// THS: the heading and the mode letter.
  func write(_ ths: THS, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: ths.talker, type: "THS")
    writer.decimal(ths.heading, decimals: format.angleDecimals)
    writer.letter(ths.status?.letter)
    output = writer.finish()
  }

  /// HDG: the sensor heading, then deviation and variation each with `E` or `W`.
  func write(_ hdg: HDG, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: hdg.talker, type: "HDG")
    writer.decimal(hdg.heading, decimals: format.angleDecimals)
    for angle in [hdg.deviation, hdg.variation] {
      writer.decimal(angle.map(abs), decimals: format.angleDecimals)
      writer.letter(angle.map { $0 < 0 ? UInt8(ascii: "W") : UInt8(ascii: "E") })
    }
    output = writer.finish()
  }

  /// HDM: the heading and `M`.
  func write(_ hdm: HDM, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: hdm.talker, type: "HDM")
    writer.decimal(hdm.heading, decimals: format.angleDecimals)
    writer.letter(UInt8(ascii: "M"))
    output = writer.finish()
  }
}
