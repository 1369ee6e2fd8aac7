import NMEA
import Receivers

/// What a ``ReceiverEngine`` hands each subscriber, in order: on the reader's thread (for a
/// capture file, on the engine's delivery stage, see ``DeliveryStage``; for a fed engine, on
/// the feeding thread).
enum EngineEvent {
  /// First, to a subscriber that joins a running engine: what the engine knows so far.
  case joined(CoreView)
  /// One read of the source, decoded and assembled once by the engine for every subscriber.
  case read(EngineRead)
  /// What the engine's core made of a device state, the line going quiet or the end of the
  /// input.
  case events([CoreEvent])

  /// The core's events it carries (a read's or a state's; none for a join).
  var coreEvents: [CoreEvent] {
    switch self {
    case .joined: []
    case .read(let read): read.events
    case .events(let events): events
    }
  }
}

/// One read and what the engine's ``EngineCore`` made of it (decoded straight into the core:
/// no sentence is gathered or copied). Plain values, made by the reader and not touched by it
/// again: the delivery stage hands them out while the reader reads on.
struct EngineRead {
  /// When they arrived, monotonic nanoseconds.
  let at: Int64
  /// How many bytes were read.
  let count: Int
  /// The read's sentences as they came, each with CR LF, when some subscriber taps them
  /// (``EngineCore/tapsSentences``) and the read completed any.
  let sentences: [UInt8]?
  /// The core's events of the read, for each subscriber's policies.
  let events: [CoreEvent]
}
