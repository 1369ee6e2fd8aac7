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
    var decoded = Sentence.unknown(UnknownSentence(address: "", talker: nil, line: ""))
    try Self.decode(raw, addressLength: addressLength(raw.body)) { decoded = $0 }
    self = decoded
  }

  /// Decodes `raw` (whose address is `addressLength` bytes) and hands the sentence to `emit`.
  ///
  /// Each call of `emit` passes a value whose case is known there, so that once inlined the
  /// caller neither copies it through a generic enum nor destroys it dynamically.
  /// `fastPaths: false` (for tests) decodes every sentence with the general readers.
  @usableFromInline @inline(__always)
  static func decode(
    _ raw: RawSentence, addressLength: Int, fastPaths: Bool = true, _ emit: (Sentence) -> Void
  ) throws(NMEAError) {
    let body = raw.body
    let isDollar = !raw.isEncapsulated
    if isDollar, addressLength == 5, body[0] != UInt8(ascii: "P") {
      let talker = Talker(body[0], body[1])
      var reader = FieldReader(body, addressEnd: addressLength)
      switch SentenceType(body[2], body[3], body[4]) {
      case .gsv:
        var gsv = GSV(talker: talker)
        if fastPaths && gsv.decodeFast(body, addressEnd: addressLength) {
          emit(.gsv(gsv))
        } else {
          emit(.gsv(try GSV(&reader, talker: talker)))
        }
      case .gsa:
        var gsa = GSA(talker: talker)
        if fastPaths && gsa.decodeFast(body, addressEnd: addressLength) {
          emit(.gsa(gsa))
        } else {
          emit(.gsa(try GSA(&reader, talker: talker)))
        }
      case .rmc:
        var rmc = RMC(talker: talker)
        if fastPaths && rmc.decodeFast(body, addressEnd: addressLength) {
          emit(.rmc(rmc))
        } else {
          emit(.rmc(try RMC(&reader, talker: talker)))
        }
      case .gga:
        var gga = GGA(talker: talker)
        if fastPaths && gga.decodeFast(body, addressEnd: addressLength) {
          emit(.gga(gga))
        } else {
          emit(.gga(try GGA(&reader, talker: talker)))
        }
      case .gll:
        var gll = GLL(talker: talker)
        if fastPaths && gll.decodeFast(body, addressEnd: addressLength) {
          emit(.gll(gll))
        } else {
          emit(.gll(try GLL(&reader, talker: talker)))
        }
      case .vtg:
        var vtg = VTG(talker: talker)
        if fastPaths && vtg.decodeFast(body, addressEnd: addressLength) {
          emit(.vtg(vtg))
        } else {
          emit(.vtg(try VTG(&reader, talker: talker)))
        }
      case .gns: emit(.gns(try GNS(&reader, talker: talker)))
      case .gst:
        var gst = GST(talker: talker)
        if fastPaths && gst.decodeFast(body, addressEnd: addressLength) {
          emit(.gst(gst))
        } else {
          emit(.gst(try GST(&reader, talker: talker)))
        }
      case .zda: emit(.zda(try ZDA(&reader, talker: talker)))
      case .hdt:
        var hdt = HDT(talker: talker)
        if fastPaths && hdt.decodeFast(body, addressEnd: addressLength) {
          emit(.hdt(hdt))
        } else {
          emit(.hdt(try HDT(&reader, talker: talker)))
        }
      case .ths:
        var ths = THS(talker: talker)
        if fastPaths && ths.decodeFast(body, addressEnd: addressLength) {
          emit(.ths(ths))
        } else {
          emit(.ths(try THS(&reader, talker: talker)))
        }
      case .hdg: emit(.hdg(try HDG(&reader, talker: talker)))
      case .hdm: emit(.hdm(try HDM(&reader, talker: talker)))
      case .txt: emit(.txt(try TXT(&reader, talker: talker)))
      case nil: emit(.unknown(UnknownSentence(raw, addressLength: addressLength)))
      }
    } else if isDollar, addressLength == 5, isGarminVelocity(body) {
      var reader = FieldReader(body, addressEnd: addressLength)
      emit(.pgrmv(try PGRMV(&reader)))
    } else if isDollar, addressLength >= 1, body[0] == UInt8(ascii: "P") {
      let manufacturer = UnsafeRawBufferPointer(rebasing: body[1..<min(4, addressLength)])
      emit(
        .proprietary(
          ProprietarySentence(
            manufacturer: String(decoding: manufacturer, as: UTF8.self), line: raw.text)))
    } else {
      emit(.unknown(UnknownSentence(raw, addressLength: addressLength)))
    }
  }
}

/// Whether a five-byte address is `PGRMV`.
@inlinable @inline(__always)
func isGarminVelocity(_ body: UnsafeRawBufferPointer) -> Bool {
  body[0] == UInt8(ascii: "P") && body[1] == UInt8(ascii: "G") && body[2] == UInt8(ascii: "R")
    && body[3] == UInt8(ascii: "M") && body[4] == UInt8(ascii: "V")
}

/// The length of the address field of `body` (up to the first comma).
@inlinable @inline(__always)
func addressLength(_ body: UnsafeRawBufferPointer) -> Int {
  if body.count > 5 && body[5] == UInt8(ascii: ",") { return 5 }
  var index = 0
  while index < body.count && body[index] != UInt8(ascii: ",") { index += 1 }
  return index
}

/// The sentence types this module decodes, by their three-letter formatter.
@usableFromInline
enum SentenceType {
  case rmc, gga, gll, gns, gsa, gsv, vtg, zda, gst, hdt, ths, hdg, hdm, txt

  /// The type for three formatter bytes, or `nil`.
  @inlinable @inline(__always)
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
    case 0x48_44_54: self = .hdt
    case 0x54_48_53: self = .ths
    case 0x48_44_47: self = .hdg
    case 0x48_44_4D: self = .hdm
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
