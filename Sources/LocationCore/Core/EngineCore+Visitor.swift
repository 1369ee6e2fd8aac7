import FoundationEssentials
import NMEA

// The decoder hands each sentence to the engine's core by reference, one method per type
// (NMEADecoder.feed(_:visiting:)): no `Sentence` enum is built, matched or copied on the way.
extension EngineCore: SentenceVisitor {
  package mutating func visit(_ rmc: borrowing RMC) {
    sawSentence()
    merged(assembler.add(rmc, at: now, read: reads))
  }

  package mutating func visit(_ gga: borrowing GGA) {
    sawSentence()
    merged(assembler.add(gga, at: now, read: reads))
  }

  package mutating func visit(_ gll: borrowing GLL) {
    sawSentence()
    merged(assembler.add(gll, at: now, read: reads))
  }

  package mutating func visit(_ gns: borrowing GNS) {
    sawSentence()
    merged(assembler.add(gns, at: now, read: reads))
  }

  package mutating func visit(_ gsa: borrowing GSA) {
    sawSentence()
    merged(assembler.add(gsa, at: now, read: reads))
    satellitesChanged()
  }

  package mutating func visit(_ gsv: borrowing GSV) {
    sawSentence()
    merged(assembler.add(gsv, at: now, read: reads))
    satellitesChanged()
  }

  package mutating func visit(_ vtg: borrowing VTG) {
    sawSentence()
    merged(assembler.add(vtg, at: now, read: reads))
  }

  package mutating func visit(_ zda: borrowing ZDA) {
    sawSentence()
    merged(assembler.add(zda, at: now, read: reads))
  }

  package mutating func visit(_ gst: borrowing GST) {
    sawSentence()
    merged(assembler.add(gst, at: now, read: reads))
  }

  package mutating func visit(other sentence: Sentence) { handle(sentence) }

  package mutating func visit(fieldError error: NMEAError, sentenceKept: Bool) {
    ignored(error, sentenceKept: sentenceKept)
  }

  // A sentence the strict checksum policy dropped for want of a checksum: said once per
  // address, as ignored fields are (the client says why, and what accepts it).
  package mutating func visit(uncheckedSentence line: UnsafeRawBufferPointer) {
    ignored(.noChecksum(line), sentenceKept: false)
  }

  package mutating func visit(framedLine line: UnsafeRawBufferPointer) { framed(line) }

  // Heading sentences (see ``HeadingRule``) count as NMEA; each reading goes to the
  // subscribers' filters.
  package mutating func visit(_ hdt: borrowing HDT) {
    sawHeadingSentence()
    guard let value = hdt.heading else { return }
    let (now, variation) = (self.now, variationNow())
    heading(withHeading { $0.trueHeading(value, at: now, variation: variation) })
  }

  package mutating func visit(_ ths: borrowing THS) {
    sawHeadingSentence()
    guard let value = ths.heading, ths.status != .invalid else { return }
    let (now, variation) = (self.now, variationNow())
    heading(withHeading { $0.trueHeading(value, at: now, variation: variation) })
  }

  package mutating func visit(_ hdg: borrowing HDG) {
    sawHeadingSentence()
    guard let value = hdg.heading else { return }
    let (now, deviation, own) = (self.now, hdg.deviation ?? 0, hdg.variation)
    let variation = own == nil ? variationNow() : nil
    heading(
      withHeading {
        $0.magneticHeading(value + deviation, variation: own, otherwise: variation, at: now)
      })
  }

  package mutating func visit(_ hdm: borrowing HDM) {
    sawHeadingSentence()
    guard let value = hdm.heading else { return }
    let (now, variation) = (self.now, variationNow())
    heading(
      withHeading { $0.magneticHeading(value, variation: nil, otherwise: variation, at: now) })
  }

  private mutating func sawHeadingSentence() {
    sawSentence()
    let source = config.device ?? ""
    withHeading { $0.sentenceSeen(source: source) }
  }
}

extension EngineCore {
  /// A read: `bytes` decoded once by `decoder` into this core, as if read at monotonic time
  /// `at` (ns) and wall time `wall`. The decoder calls this module's visitor for every
  /// sentence from here, specialized in this module: from the runtime, each call would cross
  /// modules.
  package mutating func read(
    _ bytes: UnsafeRawBufferPointer, at: Int64, wall: Date, decoder: inout NMEADecoder
  ) {
    beginRead(at: at, wall: wall)
    decoder.feed(bytes, visiting: &self)
    readDecoded(carrying: decoder.isInsideLine)
  }

  /// The input ends: what `decoder` still held goes in.
  package mutating func finishDecoding(_ decoder: inout NMEADecoder) {
    decoder.finish(visiting: &self)
  }
}
