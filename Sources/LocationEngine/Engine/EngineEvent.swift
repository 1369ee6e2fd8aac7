import NMEA
import Receivers

/// What a ``ReceiverEngine`` hands each subscriber, on the reader thread, in order.
package enum EngineEvent {
  /// One read of the source, decoded once by the engine for every subscriber.
  case read(EngineRead)
  /// The end of the input: what the engine's decoder still held (a last line without a line
  /// end, as the framer says), before the `ended` state or as the last subscriber leaves.
  case finished([EngineRead.Item])
  /// The device state changed.
  case state(DeviceState)
}

/// One read and its sentences, decoded by the engine (``ReadDecoder``).
package struct EngineRead {
  /// What the decoder made of part of a read, in the order a ``SentenceVisitor`` hears it.
  package enum Item {
    /// A decoded sentence (a salvaged one comes after its ``fieldError(_:sentenceKept:)``).
    case sentence(Sentence)
    /// A sentence with an impossible field, kept without it or dropped.
    case fieldError(NMEAError, sentenceKept: Bool)
  }

  /// The bytes as they arrived (valid only during the call: the sentence tap frames them).
  package let bytes: UnsafeRawBufferPointer
  /// When they arrived, monotonic nanoseconds.
  package let at: Int64
  /// The read's sentences and field errors.
  package let items: [Item]
}

/// An engine's one decoder: each read is decoded once, whatever the number of subscribers,
/// with the first subscriber's checksum policy. Used on the reader thread only.
package struct ReadDecoder {
  private var decoder: NMEADecoder
  private var items: [EngineRead.Item] = []

  package init(policy: ChecksumPolicy) {
    decoder = NMEADecoder(policy: policy, fieldErrors: .salvageFields)
    items.reserveCapacity(64)
  }

  /// Sentences framed so far.
  package var sentences: Int { decoder.counters.framing.sentences }

  /// The sentences and field errors of `chunk` (the buffer is reused by the next call).
  package mutating func decode(_ chunk: UnsafeRawBufferPointer) -> [EngineRead.Item] {
    var gathered = take()
    decoder.feed(chunk) { Self.record($0, into: &gathered) }
    items = gathered
    return items
  }

  /// What the decoder still holds, at the end of the input.
  package mutating func finish() -> [EngineRead.Item] {
    var gathered = take()
    decoder.finish { Self.record($0, into: &gathered) }
    items = gathered
    return items
  }

  private mutating func take() -> [EngineRead.Item] {
    var gathered: [EngineRead.Item] = []
    swap(&gathered, &items)
    gathered.removeAll(keepingCapacity: true)
    return gathered
  }

  /// A decoder event as ``NMEADecoder/feed(_:visiting:)`` would tell it to a visitor.
  private static func record(_ event: DecodeEvent, into items: inout [EngineRead.Item]) {
    switch event {
    case .sentence(let sentence, _):
      items.append(.sentence(sentence))
    case .invalid(let error, _):
      items.append(.fieldError(error, sentenceKept: false))
    case .salvaged(let sentence, let error, _):
      items.append(.fieldError(error, sentenceKept: true))
      items.append(.sentence(sentence))
    case .rejected:
      break
    }
  }
}
