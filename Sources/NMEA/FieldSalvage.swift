// Reading a sentence whose fields are not all readable: the bad ones absent, the rest kept.

/// What a decoder does with a sentence that has an impossible field.
public enum FieldErrorPolicy: Sendable, Hashable {
  /// The whole sentence is invalid (``DecodeEvent/invalid(_:_:)``, ``NMEACounters/invalidSentences``).
  case rejectSentence
  /// Only the bad fields are lost (a field and the ones it goes with: a value and its unit or
  /// hemisphere, a date's day, month and year): the sentence is handed on with them absent
  /// (``DecodeEvent/salvaged(_:_:_:)``, ``NMEACounters/salvagedSentences``). RMC, GGA, GLL,
  /// GNS, VTG, ZDA, GSA and GST are salvaged this way; a GSV or TXT with an impossible field
  /// is still invalid (its counts order the satellites and text of the sentences after it).
  case salvageFields
}

extension FieldReader {
  /// Reads `fields` fields with `read`; when salvaging and `read` throws, records the error,
  /// skips to the end of those fields and returns nil (the value is absent).
  @inline(__always)
  mutating func salvage<T>(
    _ fields: Int = 1, _ read: (inout FieldReader) throws(NMEAError) -> T?
  ) throws(NMEAError) -> T? {
    guard salvaging else { return try read(&self) }
    let last = number &+ fields
    do throws(NMEAError) {
      return try read(&self)
    } catch {
      spoiledCount &+= 1
      while number < last { advance() }
      return nil
    }
  }

  /// Throws `error`, or when salvaging records it and returns (the caller leaves the value
  /// absent).
  @inline(__always)
  mutating func fail(_ error: NMEAError) throws(NMEAError) {
    guard salvaging else { throw error }
    spoiledCount &+= 1
  }
}

extension Sentence {
  /// Decodes `raw` again with its bad fields absent (``FieldErrorPolicy/salvageFields``) and
  /// hands it to `emit`; returns how many fields (or groups) were lost, or nil when the type
  /// is not salvaged or the sentence cannot be read even so.
  @usableFromInline @inline(never)
  static func salvage(
    _ raw: RawSentence, addressLength: Int, _ emit: (Sentence) -> Void
  ) -> Int? {
    let body = raw.body
    guard !raw.isEncapsulated, addressLength == 5, body[0] != UInt8(ascii: "P") else {
      return nil
    }
    let talker = Talker(body[0], body[1])
    var reader = FieldReader(body, addressEnd: addressLength)
    reader.salvaging = true
    do throws(NMEAError) {
      switch SentenceType(body[2], body[3], body[4]) {
      case .rmc: emit(.rmc(try RMC(&reader, talker: talker)))
      case .gga: emit(.gga(try GGA(&reader, talker: talker)))
      case .gll: emit(.gll(try GLL(&reader, talker: talker)))
      case .gns: emit(.gns(try GNS(&reader, talker: talker)))
      case .vtg: emit(.vtg(try VTG(&reader, talker: talker)))
      case .zda: emit(.zda(try ZDA(&reader, talker: talker)))
      case .gsa: emit(.gsa(try GSA(&reader, talker: talker)))
      case .gst: emit(.gst(try GST(&reader, talker: talker)))
      case .hdt: emit(.hdt(try HDT(&reader, talker: talker)))
      case .ths: emit(.ths(try THS(&reader, talker: talker)))
      case .hdg: emit(.hdg(try HDG(&reader, talker: talker)))
      case .hdm: emit(.hdm(try HDM(&reader, talker: talker)))
      case .gsv, .txt, nil: return nil
      }
    } catch {
      return nil
    }
    return max(1, reader.spoiledCount)
  }

}

extension SentenceVisitor {
  /// Hands any decoded sentence to the method for its type.
  @inlinable
  public mutating func visit(sentence: Sentence) {
    switch sentence {
    case .rmc(let rmc): visit(rmc)
    case .gga(let gga): visit(gga)
    case .gll(let gll): visit(gll)
    case .gns(let gns): visit(gns)
    case .vtg(let vtg): visit(vtg)
    case .zda(let zda): visit(zda)
    case .gsa(let gsa): visit(gsa)
    case .gst(let gst): visit(gst)
    case .gsv(let gsv): visit(gsv)
    case .hdt(let hdt): visit(hdt)
    case .ths(let ths): visit(ths)
    case .hdg(let hdg): visit(hdg)
    case .hdm(let hdm): visit(hdm)
    case .txt, .pgrmv, .proprietary, .unknown: visit(other: sentence)
    }
  }
}
