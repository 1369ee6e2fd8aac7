/// What the decoder hands out for each framed line.
public enum DecodeEvent {
  /// A decoded sentence, with the raw line it came from (valid only during the callback).
  case sentence(Sentence, RawSentence)
  /// A well-framed sentence with an impossible field.
  case invalid(NMEAError, RawSentence)
  /// A line the framer dropped, with the bytes seen of it (valid only during the callback).
  case rejected(FramingIssue, UnsafeRawBufferPointer)
}

/// Bytes in, typed sentences out: an ``NMEAFramer`` followed by field decoding, with counters.
///
/// The decoder does not allocate per sentence for the types it decodes (TXT text, proprietary
/// and unknown sentences are copied into strings).
public struct NMEADecoder {
  /// The framer.
  public private(set) var framer: NMEAFramer
  /// Sentence counts and errors so far.
  public private(set) var counters = NMEACounters()

  /// Makes a decoder with a checksum policy and a line-length cap (see ``NMEAFramer``).
  public init(policy: ChecksumPolicy = .strict, maxLineLength: Int = 1024) {
    framer = NMEAFramer(policy: policy, maxLineLength: maxLineLength)
  }

  /// Feeds one chunk; `handle` is called for each line it completes, in order.
  public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ handle: (DecodeEvent) -> Void) {
    var counters = self.counters
    framer.feed(chunk) { event in Self.decode(event, &counters, handle) }
    counters.framing = framer.counters
    self.counters = counters
  }

  /// Ends the input (a last line without a line end is handled as the framer says).
  public mutating func finish(_ handle: (DecodeEvent) -> Void) {
    var counters = self.counters
    framer.finish { event in Self.decode(event, &counters, handle) }
    counters.framing = framer.counters
    self.counters = counters
  }

  static func decode(
    _ event: FramerEvent, _ counters: inout NMEACounters, _ handle: (DecodeEvent) -> Void
  ) {
    switch event {
    case .rejected(let issue, let bytes):
      handle(.rejected(issue, bytes))
    case .sentence(let raw):
      do {
        let sentence = try Sentence(raw)
        counters.count(raw)
        handle(.sentence(sentence, raw))
      } catch {
        counters.invalidSentences += 1
        handle(.invalid(error, raw))
      }
    }
  }
}

/// Counts a user can see: sentences by talker and type, and every kind of damage.
public struct NMEACounters: Sendable, Hashable {
  /// The framer's counts (bytes, junk, checksums, truncated and over-long lines).
  public var framing = FramingCounters()
  /// Well-framed sentences with an impossible field.
  public var invalidSentences = 0
  /// Decoded sentences by address (`GPRMC`, `GNGSA`, `PGRME`, …).
  public var byAddress: [String: Int] {
    addressCounts.reduce(into: [:]) { $0[$1.key.text] = $1.value }
  }
  var addressCounts: [AddressKey: Int] = [:]

  /// Makes zeroed counters.
  public init() {}

  mutating func count(_ raw: RawSentence) {
    addressCounts[AddressKey(raw.address), default: 0] += 1
  }
}

/// An address of up to 8 bytes packed in an integer, so counting allocates only for new keys.
struct AddressKey: Hashable, Sendable {
  let packed: UInt64
  init(_ bytes: UnsafeRawBufferPointer) {
    var value: UInt64 = 0
    for byte in bytes.prefix(8) { value = value << 8 | UInt64(byte) }
    packed = value
  }
  var text: String {
    var bytes: [UInt8] = []
    var value = packed
    while value != 0 {
      bytes.append(UInt8(value & 0xFF))
      value >>= 8
    }
    return String(decoding: bytes.reversed(), as: UTF8.self)
  }
}
