// Typed sentences to bytes: the inverse of the decoder, for simulators and test data.

/// Builds NMEA 0183 sentences from the typed values: `$…*hh\r\n`, with the checksum and
/// NMEA's field formats (`ddmm.mmmmm`, `hhmmss.ss`, `ddmmyy`, zero-padded counts).
///
/// Decoding an encoded sentence gives the value back when every number fits the chosen
/// ``Format`` (for example a value decoded from a sentence with no more decimals than the
/// format has). Absent values are empty fields. The optional trailing fields of newer NMEA
/// versions are written only when set: an RMC without a mode is NMEA 2.2 (12 fields), with a
/// mode 2.3, with a navigational status 4.1; likewise GLL, VTG and GNS, and GSA's system ID and
/// GSV's signal ID.
///
/// ```swift
/// var rmc = RMC(talker: .gnss)
/// rmc.status = .valid
/// let bytes = NMEAEncoder().encode(.rmc(rmc))  // "$GNRMC,,A,,,,,,,,,*55\r\n"
/// ```
public struct NMEAEncoder: Sendable, Hashable {
  /// How many decimals each kind of number gets (each clamped to 0…12, times to 0…9).
  public struct Format: Sendable, Hashable {
    /// Decimals of the minutes of latitude and longitude (5: `4807.03812`, about 2 cm).
    public var coordinateDecimals = 5
    /// Decimals of the seconds of times (2: `123519.00`); extra nanoseconds are truncated.
    public var timeDecimals = 2
    /// Decimals of speeds in knots and km/h.
    public var speedDecimals = 3
    /// Decimals of angles: courses, magnetic variation, error-ellipse orientation.
    public var angleDecimals = 2
    /// Decimals of dilutions of precision.
    public var dopDecimals = 2
    /// Decimals of lengths in metres: altitude, geoid separation, GST errors.
    public var metreDecimals = 1
    /// Decimals of the age of differential data, seconds.
    public var ageDecimals = 1

    /// The formats of a u-blox M9 (the defaults).
    public init() {}

    /// Enough decimals to give back any value decoded from a real receiver's sentence.
    public static let lossless: Format = {
      var format = Format()
      format.coordinateDecimals = 10
      format.timeDecimals = 9
      format.speedDecimals = 6
      format.angleDecimals = 6
      format.dopDecimals = 6
      format.metreDecimals = 6
      format.ageDecimals = 6
      return format
    }()
  }

  /// The number formats.
  public var format: Format

  /// Makes an encoder with the given number formats.
  public init(format: Format = Format()) { self.format = format }

  /// The sentence as bytes, `$` to `\r\n`.
  ///
  /// Proprietary and unknown sentences are written as their stored line (with a checksum
  /// added when it had none) plus `\r\n`.
  public func encode(_ sentence: Sentence) -> [UInt8] {
    var bytes: [UInt8] = []
    encode(sentence, appendingTo: &bytes)
    return bytes
  }

  /// Appends the sentence's bytes, `$` to `\r\n`, to `output` (for writing many sentences
  /// into one buffer).
  public func encode(_ sentence: Sentence, appendingTo output: inout [UInt8]) {
    switch sentence {
    case .rmc(let value): write(value, &output)
    case .gga(let value): write(value, &output)
    case .gll(let value): write(value, &output)
    case .gns(let value): write(value, &output)
    case .gsa(let value): write(value, &output)
    case .gsv(let value): write(value, &output)
    case .vtg(let value): write(value, &output)
    case .zda(let value): write(value, &output)
    case .gst(let value): write(value, &output)
    case .hdt(let value): write(value, &output)
    case .ths(let value): write(value, &output)
    case .hdg(let value): write(value, &output)
    case .hdm(let value): write(value, &output)
    case .txt(let value): write(value, &output)
    case .pgrmv(let value): write(value, &output)
    case .proprietary(let raw): writeRaw(raw.line, &output)
    case .unknown(let raw): writeRaw(raw.line, &output)
    }
  }

  /// A stored line as it was received, with `*hh` added when it had none, and `\r\n`.
  func writeRaw(_ line: String, _ output: inout [UInt8]) {
    let bytes = Array(line.utf8)
    output.append(contentsOf: bytes)
    let count = bytes.count
    let hasChecksum =
      count >= 4 && bytes[count - 3] == UInt8(ascii: "*") && hexValue(bytes[count - 2]) != nil
      && hexValue(bytes[count - 1]) != nil
    if !hasChecksum && count >= 1 {
      let sum = bytes.dropFirst().reduce(UInt8(0), ^)
      output.append(contentsOf: [
        UInt8(ascii: "*"), hexDigits[Int(sum >> 4)], hexDigits[Int(sum & 0x0F)],
      ])
    }
    output.append(contentsOf: [0x0D, 0x0A])
  }

  /// Latitude and longitude as four fields.
  func position(_ writer: inout SentenceWriter, _ latitude: Double?, _ longitude: Double?) {
    writer.coordinate(
      latitude, degreeDigits: 2, decimals: format.coordinateDecimals,
      positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S"))
    writer.coordinate(
      longitude, degreeDigits: 3, decimals: format.coordinateDecimals,
      positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"))
  }

  func write(_ rmc: RMC, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: rmc.talker, type: "RMC")
    writer.time(rmc.time, decimals: format.timeDecimals)
    writer.letter(rmc.status?.rawValue)
    position(&writer, rmc.latitude, rmc.longitude)
    writer.decimal(rmc.speedKnots, decimals: format.speedDecimals)
    writer.decimal(rmc.course, decimals: format.angleDecimals)
    writer.date(rmc.date)
    writer.decimal(rmc.magneticVariation?.magnitude, decimals: format.angleDecimals)
    writer.letter(
      rmc.magneticVariation.map { $0 < 0 ? UInt8(ascii: "W") : UInt8(ascii: "E") })
    if rmc.mode != nil || rmc.navigationStatus != nil { writer.letter(rmc.mode?.letter) }
    if let status = rmc.navigationStatus { writer.letter(status.letter) }
    output = writer.finish()
  }

  func write(_ gga: GGA, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: gga.talker, type: "GGA")
    writer.time(gga.time, decimals: format.timeDecimals)
    position(&writer, gga.latitude, gga.longitude)
    writer.integer(gga.quality.map { Int($0.number) })
    writer.integer(gga.satellitesUsed, width: 2)
    writer.decimal(gga.hdop, decimals: format.dopDecimals)
    writer.decimal(gga.altitudeMSL, decimals: format.metreDecimals)
    writer.letter(gga.altitudeMSL.map { _ in UInt8(ascii: "M") })
    writer.decimal(gga.geoidSeparation, decimals: format.metreDecimals)
    writer.letter(gga.geoidSeparation.map { _ in UInt8(ascii: "M") })
    writer.decimal(gga.dgpsAge, decimals: format.ageDecimals)
    writer.integer(gga.dgpsStation, width: 4)
    output = writer.finish()
  }

  func write(_ gll: GLL, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: gll.talker, type: "GLL")
    position(&writer, gll.latitude, gll.longitude)
    writer.time(gll.time, decimals: format.timeDecimals)
    writer.letter(gll.status?.rawValue)
    if let mode = gll.mode { writer.letter(mode.letter) }
    output = writer.finish()
  }

  func write(_ gns: GNS, _ output: inout [UInt8]) {
    var writer = SentenceWriter(taking: &output, talker: gns.talker, type: "GNS")
    writer.time(gns.time, decimals: format.timeDecimals)
    position(&writer, gns.latitude, gns.longitude)
    writer.text((0..<gns.modes.count).map { gns.modes.letter(at: $0) })
    writer.integer(gns.satellitesUsed, width: 2)
    writer.decimal(gns.hdop, decimals: format.dopDecimals)
    writer.decimal(gns.altitudeMSL, decimals: format.metreDecimals)
    writer.decimal(gns.geoidSeparation, decimals: format.metreDecimals)
    writer.decimal(gns.dgpsAge, decimals: format.ageDecimals)
    writer.integer(gns.dgpsStation, width: 4)
    if let status = gns.navigationStatus { writer.letter(status.letter) }
    output = writer.finish()
  }
}
