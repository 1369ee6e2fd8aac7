// Writing GSA and GSV sentences.

extension NMEAEncoder {
  /// GSA: 12 satellite fields (more when more satellites are listed), the DOPs, and the
  /// system ID when set.
  func write(_ gsa: GSA, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: gsa.talker, type: "GSA")
    writer.letter(gsa.selectionMode?.rawValue)
    writer.integer(gsa.fixMode.map { Int($0.rawValue) })
    for id in gsa.satellites { writer.integer(Int(id), width: 2) }
    for _ in gsa.satellites.count..<max(12, gsa.satellites.count) { writer.empty() }
    writer.decimal(gsa.pdop, decimals: format.dopDecimals)
    writer.decimal(gsa.hdop, decimals: format.dopDecimals)
    writer.decimal(gsa.vdop, decimals: format.dopDecimals)
    if let systemID = gsa.systemID { writer.hexDigit(systemID) }
    output = writer.finish()
  }

  /// GSV: the counts, a group of four fields per satellite, and the signal ID when set.
  func write(_ gsv: GSV, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: gsv.talker, type: "GSV")
    writer.integer(gsv.totalMessages)
    writer.integer(gsv.messageNumber)
    writer.integer(gsv.satellitesInView, width: 2)
    for satellite in gsv.satellites {
      writer.integer(Int(satellite.id), width: 2)
      writer.integer(satellite.elevation.map { Int($0) }, width: 2)
      writer.integer(satellite.azimuth.map { Int($0) }, width: 3)
      writer.integer(satellite.snr.map { Int($0) }, width: 2)
    }
    if let signalID = gsv.signalID { writer.hexDigit(signalID) }
    output = writer.finish()
  }
}
