// The decoder's fastest output: each sentence handed to a method for its type, without the
// `Sentence` enum around it.

/// Receives decoded sentences one type at a time, each borrowed where the decoder built it
/// (``NMEADecoder/feed(_:visiting:)``).
///
/// Wrapping a sentence in ``Sentence`` (or ``DecodeEvent``) and matching it again copied the
/// whole enum — about 160 bytes, the size of its largest case — once or twice per sentence;
/// that was a third of the decoder's time. A visitor gets the typed value by reference instead.
/// Every method has a default that ignores the sentence: implement only the types you use.
///
/// ```swift
/// struct Positions: SentenceVisitor {
///   var last: (Double, Double)?
///   mutating func visit(_ rmc: borrowing RMC) {
///     if let lat = rmc.latitude, let lon = rmc.longitude { last = (lat, lon) }
///   }
/// }
/// var positions = Positions()
/// decoder.feed(chunk, visiting: &positions)
/// ```
public protocol SentenceVisitor {
  /// An RMC sentence.
  mutating func visit(_ rmc: borrowing RMC)
  /// A GGA sentence.
  mutating func visit(_ gga: borrowing GGA)
  /// A GLL sentence.
  mutating func visit(_ gll: borrowing GLL)
  /// A GNS sentence.
  mutating func visit(_ gns: borrowing GNS)
  /// A GSA sentence.
  mutating func visit(_ gsa: borrowing GSA)
  /// A GSV sentence.
  mutating func visit(_ gsv: borrowing GSV)
  /// A VTG sentence.
  mutating func visit(_ vtg: borrowing VTG)
  /// A ZDA sentence.
  mutating func visit(_ zda: borrowing ZDA)
  /// A GST sentence.
  mutating func visit(_ gst: borrowing GST)
  /// An HDT sentence.
  mutating func visit(_ hdt: borrowing HDT)
  /// A THS sentence.
  mutating func visit(_ ths: borrowing THS)
  /// An HDG sentence.
  mutating func visit(_ hdg: borrowing HDG)
  /// An HDM sentence.
  mutating func visit(_ hdm: borrowing HDM)
  /// A TXT sentence, a proprietary (`$P…`) one, or one of a type this module does not decode
  /// (``Sentence/txt(_:)``, ``Sentence/proprietary(_:)``, ``Sentence/unknown(_:)``).
  mutating func visit(other sentence: Sentence)
  /// A sentence with an impossible field: `error` names the first one. With
  /// ``FieldErrorPolicy/salvageFields`` and `sentenceKept`, the sentence follows (to its
  /// method) with the bad fields absent; otherwise it is lost.
  mutating func visit(fieldError error: NMEAError, sentenceKept: Bool)
  /// A well-formed sentence the strict ``ChecksumPolicy`` dropped for want of a checksum
  /// (``FramingIssue/isUncheckedSentence(_:)``); `line` is valid only during the call.
  mutating func visit(uncheckedSentence line: UnsafeRawBufferPointer)
  /// Every sentence the framer passed (its checksum checked as the ``ChecksumPolicy`` says),
  /// before it is decoded, whatever decoding then makes of it: its whole line from `$` or `!`,
  /// without the line end, valid only during the call. For relays of the sentences as they
  /// came (`locate serve` to gpsd's NMEA watchers), from the one framing of the bytes.
  mutating func visit(framedLine line: UnsafeRawBufferPointer)
}

extension SentenceVisitor {
  /// Ignores the line.
  @inlinable public mutating func visit(framedLine line: UnsafeRawBufferPointer) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ rmc: borrowing RMC) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ gga: borrowing GGA) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ gll: borrowing GLL) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ gns: borrowing GNS) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ gsa: borrowing GSA) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ gsv: borrowing GSV) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ vtg: borrowing VTG) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ zda: borrowing ZDA) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ gst: borrowing GST) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ hdt: borrowing HDT) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ ths: borrowing THS) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ hdg: borrowing HDG) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(_ hdm: borrowing HDM) {}
  /// Ignores the sentence.
  @inlinable public mutating func visit(other sentence: Sentence) {}
  /// Ignores the error.
  @inlinable public mutating func visit(fieldError error: NMEAError, sentenceKept: Bool) {}
  /// Ignores the dropped sentence.
  @inlinable public mutating func visit(uncheckedSentence line: UnsafeRawBufferPointer) {}
}

extension Sentence {
  /// Decodes `raw` (whose address is `addressLength` bytes) and hands the typed value to the
  /// visitor (see ``decode(_:addressLength:fastPaths:_:)`` for the rules).
  @inlinable @inline(__always)
  static func decode<Visitor: SentenceVisitor>(
    _ raw: RawSentence, addressLength: Int, visiting visitor: inout Visitor
  ) throws(NMEAError) {
    let body = raw.body
    guard !raw.isEncapsulated, addressLength == 5, body[0] != UInt8(ascii: "P") else {
      try decode(raw, addressLength: addressLength) { visitor.visit(other: $0) }
      return
    }
    let talker = Talker(body[0], body[1])
    // Made where a sentence needs it, not before the fast paths, which seldom fall back.
    func fields() -> FieldReader { FieldReader(body, addressEnd: addressLength) }
    switch SentenceType(body[2], body[3], body[4]) {
    case .gsv:
      var gsv = GSV(talker: talker)
      if gsv.decodeFast(body, addressEnd: addressLength) {
        visitor.visit(gsv)
      } else {
        var reader = fields()
        visitor.visit(try GSV(&reader, talker: talker))
      }
    case .gsa:
      var gsa = GSA(talker: talker)
      if gsa.decodeFast(body, addressEnd: addressLength) {
        visitor.visit(gsa)
      } else {
        var reader = fields()
        visitor.visit(try GSA(&reader, talker: talker))
      }
    case .rmc:
      var rmc = RMC(talker: talker)
      if rmc.decodeFast(body, addressEnd: addressLength) {
        visitor.visit(rmc)
      } else {
        var reader = fields()
        visitor.visit(try RMC(&reader, talker: talker))
      }
    case .gga:
      var gga = GGA(talker: talker)
      if gga.decodeFast(body, addressEnd: addressLength) {
        visitor.visit(gga)
      } else {
        var reader = fields()
        visitor.visit(try GGA(&reader, talker: talker))
      }
    case .gll:
      var gll = GLL(talker: talker)
      if gll.decodeFast(body, addressEnd: addressLength) {
        visitor.visit(gll)
      } else {
        var reader = fields()
        visitor.visit(try GLL(&reader, talker: talker))
      }
    case .vtg:
      var vtg = VTG(talker: talker)
      if vtg.decodeFast(body, addressEnd: addressLength) {
        visitor.visit(vtg)
      } else {
        var reader = fields()
        visitor.visit(try VTG(&reader, talker: talker))
      }
    case .gst:
      var gst = GST(talker: talker)
      if gst.decodeFast(body, addressEnd: addressLength) {
        visitor.visit(gst)
      } else {
        var reader = fields()
        visitor.visit(try GST(&reader, talker: talker))
      }
    case .gns:
      var reader = fields()
      visitor.visit(try GNS(&reader, talker: talker))
    case .zda:
      var reader = fields()
      visitor.visit(try ZDA(&reader, talker: talker))
    case .hdt:
      var hdt = HDT(talker: talker)
      if hdt.decodeFast(body, addressEnd: addressLength) {
        visitor.visit(hdt)
      } else {
        var reader = fields()
        visitor.visit(try HDT(&reader, talker: talker))
      }
    case .ths:
      var ths = THS(talker: talker)
      if ths.decodeFast(body, addressEnd: addressLength) {
        visitor.visit(ths)
      } else {
        var reader = fields()
        visitor.visit(try THS(&reader, talker: talker))
      }
    case .hdg:
      var reader = fields()
      visitor.visit(try HDG(&reader, talker: talker))
    case .hdm:
      var reader = fields()
      visitor.visit(try HDM(&reader, talker: talker))
    case .txt, nil:
      try decode(raw, addressLength: addressLength) { visitor.visit(other: $0) }
    }
  }
}
