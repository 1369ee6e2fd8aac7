import NMEA
import Receivers

/// How an engine hands out what its reader thread reads (see ``ReceiverEngine``).
extension ReceiverEngine {
  /// Decodes a read once and hands it, or a state, to every subscriber (on the reader
  /// thread). Before the input's end, what the decoder still held goes out.
  func dispatch(_ event: ReceiverEvent) {
    let handlers = state.withLock { state in
      if case .state(let device) = event {
        state.lastState = device
        if case .ended = device { state.ended = true }
      }
      return state.handlers
    }
    switch event {
    case .data(let bytes, let at) where handlers.count == 1:
      // One subscriber: it decodes the read straight into its pipeline.
      withUnsafeMutablePointer(to: &decoder) { decoder in
        decoder.pointee.hold(bytes)
        let read = EngineRead(bytes: bytes, at: Int64(truncatingIfNeeded: at), decoder: decoder)
        handlers[0](.read(read))
        decoder.pointee.dropHeld()
      }
      decoded.store(decoder.sentences, ordering: .releasing)
    case .data(let bytes, let at):
      let items = decoder.decode(bytes)
      decoded.store(decoder.sentences, ordering: .releasing)
      let read = EngineRead(bytes: bytes, at: Int64(truncatingIfNeeded: at), items: items)
      for handler in handlers { handler(.read(read)) }
    case .state(let device):
      if case .ended = device { finishDecoding(handlers) }
      for handler in handlers { handler(.state(device)) }
    }
  }

  /// Hands what the decoder still holds to `handlers` (the input ended, or the last
  /// subscriber leaves: what was read before it left is its).
  func finishDecoding(_ handlers: [Handler]) {
    let rest = decoder.finish()
    decoded.store(decoder.sentences, ordering: .releasing)
    guard !rest.isEmpty else { return }
    for handler in handlers { handler(.finished(rest)) }
  }
}
