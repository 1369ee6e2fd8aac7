extension Sentence {
  /// Decodes a framed sentence into its typed form.
  ///
  /// Standard types this module knows become typed values; `$P…` becomes
  /// ``ProprietarySentence``; any other address becomes ``UnknownSentence`` (never an error).
  /// - Throws: ``NMEAError`` naming the sentence and field when a field is impossible.
  public init(_ raw: RawSentence) throws(NMEAError) {
    // TODO(nmea): typed field decoding for RMC GGA GLL GNS GSA GSV VTG ZDA GST TXT.
    let address = String(decoding: raw.address, as: UTF8.self)
    if raw.address.first == UInt8(ascii: "P") {
      self = .proprietary(
        ProprietarySentence(manufacturer: String(address.dropFirst().prefix(3)), line: raw.text))
    } else {
      let bytes = Array(raw.address)
      let talker = bytes.count >= 5 ? Talker(bytes[0], bytes[1]) : nil
      self = .unknown(UnknownSentence(address: address, talker: talker, line: raw.text))
    }
  }
}
