import FoundationEssentials
import NMEA

// Heading sentences in the pipeline (see ``HeadingRule``): each is handed over by the decoder
// like the fix sentences, counts as NMEA for authorization, and becomes a `.heading` event
// when a client wants headings.
extension LocationPipeline {
  package mutating func visit(_ hdt: borrowing HDT) {
    sawHeadingSentence()
    guard let value = hdt.heading else { return }
    emitHeading(heading.trueHeading(value, at: now))
  }

  package mutating func visit(_ ths: borrowing THS) {
    sawHeadingSentence()
    guard let value = ths.heading, ths.status != .invalid else { return }
    emitHeading(heading.trueHeading(value, at: now))
  }

  package mutating func visit(_ hdg: borrowing HDG) {
    sawHeadingSentence()
    guard let value = hdg.heading else { return }
    emitHeading(
      heading.magneticHeading(value + (hdg.deviation ?? 0), variation: hdg.variation, at: now))
  }

  package mutating func visit(_ hdm: borrowing HDM) {
    sawHeadingSentence()
    guard let value = hdm.heading else { return }
    emitHeading(heading.magneticHeading(value, variation: nil, at: now))
  }

  private mutating func sawHeadingSentence() {
    sawSentence()
    heading.sentenceSeen(source: config.device ?? "")
  }

  /// A heading that passed the filter becomes an event, timestamped (see ``CLHeading``).
  private mutating func emitHeading(_ fields: HeadingReading?) {
    guard var fields else { return }
    fields.timestamp = headingTime()
    events.append(.heading(fields))
  }

  /// Live: the wall clock of the read. Replay: the last epoch's time plus the stream time since.
  private func headingTime() -> Date {
    guard config.isReplay, let epoch = heading.lastEpoch else { return wallNow }
    let since = Double(now - epoch.completedAt) / 1e9
    return factory.peek(epoch, wallNow: wallNow).timestamp.addingTimeInterval(since)
  }
}
