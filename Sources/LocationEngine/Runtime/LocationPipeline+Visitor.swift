import NMEA

// The decoder hands each sentence to the pipeline by reference, one method per type
// (NMEADecoder.feed(_:visiting:)): no `Sentence` enum is built, matched or copied on the way.
extension LocationPipeline: SentenceVisitor {
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
  }

  package mutating func visit(_ gsv: borrowing GSV) {
    sawSentence()
    merged(assembler.add(gsv, at: now, read: reads))
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

  /// A read's sentences and field errors, decoded by the engine (``EngineRead``), in order.
  package mutating func take(_ items: [EngineRead.Item]) {
    for item in items {
      switch item {
      case .sentence(let sentence): visit(sentence: sentence)
      case .fieldError(let error, let kept): ignored(error, sentenceKept: kept)
      }
    }
  }
}
