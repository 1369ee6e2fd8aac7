import NMEA

/// The sentences of each read as they came, for clients that relay them (`locate serve` to
/// gpsd's NMEA watchers): a second framer over the same bytes, with the decoder's checksum
/// policy, so exactly the sentences the decoder accepts pass, each ended with CR LF.
package struct SentenceTap {
  private var framer: NMEAFramer
  private var sentences: [UInt8] = []

  package init(policy: ChecksumPolicy) {
    framer = NMEAFramer(policy: policy)
    sentences.reserveCapacity(1024)
  }

  /// The sentences `chunk` completes, or nil when it completes none.
  package mutating func frame(_ chunk: UnsafeRawBufferPointer) -> [UInt8]? {
    sentences.removeAll(keepingCapacity: true)
    framer.feed(chunk) { event in
      guard case .sentence(let raw) = event else { return }
      sentences.append(contentsOf: raw.line)
      sentences.append(contentsOf: [0x0D, 0x0A])
    }
    return sentences.isEmpty ? nil : sentences
  }
}
