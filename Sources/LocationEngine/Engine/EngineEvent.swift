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

/// One read and its sentences, decoded once by the engine (``ReadDecoder``).
///
/// With several subscribers the engine decodes the read into ``Item``s that each of them
/// visits. With one, nothing is gathered: its ``visit(into:)`` runs the engine's decoder
/// straight into its pipeline (no sentence copied into an array and out again: that cost a
/// replay 22 % more instructions, 536.5 M against 440.5 M under callgrind for
/// `LocateBench service` on a 5 MB corpus). Valid only during the handler's call.
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
  /// The read's sentences and field errors, when the engine gathered them for several
  /// subscribers.
  private let items: [Item]
  /// The engine's decoder holding this read undecoded, for its one subscriber.
  private let decoder: UnsafeMutablePointer<ReadDecoder>?

  /// A read decoded into `items`, for several subscribers.
  init(bytes: UnsafeRawBufferPointer, at: Int64, items: [Item]) {
    self.bytes = bytes
    self.at = at
    self.items = items
    decoder = nil
  }

  /// A read that `decoder` holds (``ReadDecoder/hold(_:)``) for one subscriber.
  init(bytes: UnsafeRawBufferPointer, at: Int64, decoder: UnsafeMutablePointer<ReadDecoder>) {
    self.bytes = bytes
    self.at = at
    items = []
    self.decoder = decoder
  }

  /// Hands the read's sentences and field errors to `pipeline`, in order (once).
  func visit(into pipeline: inout LocationPipeline) {
    if let decoder {
      decoder.pointee.decodeHeld(visiting: &pipeline)
    } else {
      pipeline.take(items)
    }
  }
}

/// An engine's one decoder: each read is decoded once, whatever the number of subscribers,
/// with the first subscriber's checksum policy. Used on the reader thread only.
package struct ReadDecoder {
  private var decoder: NMEADecoder
  private var items: [EngineRead.Item] = []
  /// A read handed undecoded to the one subscriber (``hold(_:)``).
  private var held: UnsafeRawBufferPointer?

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

  /// Keeps `chunk` to be decoded into its one subscriber's pipeline
  /// (``decodeHeld(visiting:)``) during the handler's call; ``dropHeld()`` decodes it for
  /// nobody if the subscriber did not (the framer must see every byte).
  mutating func hold(_ chunk: UnsafeRawBufferPointer) { held = chunk }

  /// Decodes the held read into `pipeline` (nothing when none is held).
  mutating func decodeHeld(visiting pipeline: inout LocationPipeline) {
    guard let chunk = held else { return }
    held = nil
    decoder.feed(chunk, visiting: &pipeline)
  }

  /// Decodes a held read that its subscriber did not take, for framing and counting only.
  mutating func dropHeld() {
    guard let chunk = held else { return }
    held = nil
    decoder.feed(chunk) { _ in }
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
