// From a framed sentence to its typed form: dispatch on the address, TXT, proprietary and
// unknown sentences.

extension Sentence {
  /// Decodes a framed sentence into its typed form.
  ///
  /// `$` sentences with a five-character address of a type this module knows (any talker)
  /// become typed values; `$P…` becomes ``ProprietarySentence``; anything else, including
  /// every `!` sentence, becomes ``UnknownSentence`` (never an error). Empty fields are absent
  /// values; fields missing at the end of a short sentence are absent too.
  /// - Throws: ``NMEAError`` naming the sentence and field when a field is impossible.
  public init(_ raw: RawSentence) throws(NMEAError) {
    let body = raw.body
    var reader = FieldReader(body)
    let addressLength = reader.end
    let isDollar = !raw.isEncapsulated
    if isDollar, addressLength == 5, body[0] != UInt8(ascii: "P") {
      let talker = Talker(body[0], body[1])
      switch SentenceType(body[2], body[3], body[4]) {
      case .gsv: self = .gsv(try GSV(&reader, talker: talker))
      case .gsa: self = .gsa(try GSA(&reader, talker: talker))
      case .rmc: self = .rmc(try RMC(&reader, talker: talker))
      case .gga: self = .gga(try GGA(&reader, talker: talker))
      case .gll: self = .gll(try GLL(&reader, talker: talker))
      case .vtg: self = .vtg(try VTG(&reader, talker: talker))
      case .gns: self = .gns(try GNS(&reader, talker: talker))
      case .gst: self = .gst(try GST(&reader, talker: talker))
      case .zda: self = .zda(try ZDA(&reader, talker: talker))
      case .txt: self = .txt(try TXT(&reader, talker: talker))
      case nil: self = .unknown(UnknownSentence(raw, addressLength: addressLength))
      }
    } else if isDollar, addressLength >= 1, body[0] == UInt8(ascii: "P") {
      let manufacturer = UnsafeRawBufferPointer(rebasing: body[1..<min(4, addressLength)])
      self = .proprietary(
        ProprietarySentence(
          manufacturer: String(decoding: manufacturer, as: UTF8.self), line: raw.text))
    } else {
      self = .unknown(UnknownSentence(raw, addressLength: addressLength))
    }
  }
}

/// The sentence types this module decodes, by their three-letter formatter.
enum SentenceType {
  case rmc, gga, gll, gns, gsa, gsv, vtg, zda, gst, txt

  /// The type for three formatter bytes, or `nil`.
  @inline(__always)
  init?(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
    switch UInt32(first) << 16 | UInt32(second) << 8 | UInt32(third) {
    case 0x47_53_56: self = .gsv
    case 0x47_53_41: self = .gsa
    case 0x52_4D_43: self = .rmc
    case 0x47_47_41: self = .gga
    case 0x47_4C_4C: self = .gll
    case 0x56_54_47: self = .vtg
    case 0x47_4E_53: self = .gns
    case 0x47_53_54: self = .gst
    case 0x5A_44_41: self = .zda
    case 0x54_58_54: self = .txt
    default: return nil
    }
  }
}

extension UnknownSentence {
  /// Keeps a sentence of a type this module does not decode; the talker is set when the
  /// address is five upper-case letters or digits.
  init(_ raw: RawSentence, addressLength: Int) {
    let address = UnsafeRawBufferPointer(rebasing: raw.body[0..<addressLength])
    let standard = addressLength == 5 && address.allSatisfy { isUpperOrDigit($0) }
    self.init(
      address: String(decoding: address, as: UTF8.self),
      talker: standard ? Talker(address[0], address[1]) : nil, line: raw.text)
  }
}

/// `A`–`Z` or `0`–`9`.
func isUpperOrDigit(_ byte: UInt8) -> Bool {
  byte &- UInt8(ascii: "A") < 26 || byte &- UInt8(ascii: "0") < 10
}

extension TXT {
  /// Decodes fields 1… of a TXT body; `reader` has read the address.
  ///
  /// The text is everything after field 3, commas included (Unicore receivers put
  /// comma-separated values there). A TXT with one field only (the Telit SL869's
  /// `$GPTXT,TELIT SW Version: …`) is all text.
  init(_ reader: inout FieldReader, talker: Talker) throws(NMEAError) {
    self.init(talker: talker)
    if reader.remainingFieldCount() > 1 {
      totalMessages = try reader.integer("number of sentences", 0...99)
      messageNumber = try reader.integer("sentence number", 0...99)
      identifier = try reader.integer("text identifier", 0...99)
    }
    reader.advance()
    let rest = UnsafeRawBufferPointer(rebasing: reader.bytes[reader.start..<reader.bytes.count])
    text = String(decoding: rest, as: UTF8.self)
  }
}
