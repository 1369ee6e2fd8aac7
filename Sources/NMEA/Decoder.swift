/// What the decoder hands out for each framed line.
///
/// Binding a payload in a pattern (`case .sentence(.gsv(let gsv), _)`) copies it (a sentence
/// is up to 160 bytes); a handler that wants only some types can test the case first
/// (`case .sentence(.rmc, _):`) and bind only those, which is cheaper at millions of events.
public enum DecodeEvent {
  /// A decoded sentence, with the raw line it came from (valid only during the callback).
  case sentence(Sentence, RawSentence)
  /// A well-framed sentence with an impossible field.
  case invalid(NMEAError, RawSentence)
  /// With ``FieldErrorPolicy/salvageFields``: a sentence with impossible fields, handed on with
  /// them absent; the error is the first one's.
  case salvaged(Sentence, NMEAError, RawSentence)
  /// A line the framer dropped, with the bytes seen of it (valid only during the callback).
  case rejected(FramingIssue, UnsafeRawBufferPointer)
}

/// Bytes in, typed sentences out: an ``NMEAFramer`` followed by field decoding, with counters.
///
/// The decoder does not allocate per sentence for the types it decodes (TXT text, proprietary
/// and unknown sentences are copied into strings).
public struct NMEADecoder {
  /// The framer.
  public var framer: NMEAFramer { storedFramer }
  /// Whether the framer holds the start of a line that the next chunk should complete (see
  /// ``NMEAFramer/isInsideLine``).
  public var isInsideLine: Bool { storedFramer.isInsideLine }
  /// Sentence counts and errors so far.
  public var counters: NMEACounters { storedCounters }
  // Stored apart from their read-only public views so that the inlinable, generic
  // `feed(_:visiting:)` can update them in a client's module.
  @usableFromInline var storedFramer: NMEAFramer
  @usableFromInline var storedCounters = NMEACounters()
  /// What becomes of a sentence with an impossible field.
  public let fieldErrors: FieldErrorPolicy

  /// Makes a decoder with a checksum policy, a line-length cap (see ``NMEAFramer``) and a
  /// policy for sentences with impossible fields (whole sentences rejected by default).
  public init(
    policy: ChecksumPolicy = .strict, maxLineLength: Int = 1024,
    fieldErrors: FieldErrorPolicy = .rejectSentence
  ) {
    storedFramer = NMEAFramer(policy: policy, maxLineLength: maxLineLength)
    self.fieldErrors = fieldErrors
    storedCounters.salvagesFields = fieldErrors == .salvageFields
  }

  /// Feeds one chunk; `handle` is called for each line it completes, in order.
  public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ handle: (DecodeEvent) -> Void) {
    // The counters move out and back (no copy of their tables) around the framer's callback.
    var counters = NMEACounters(salvagesFields: false)
    swap(&counters, &storedCounters)
    storedFramer.feed(chunk) { event in Self.decode(event, &counters, handle) }
    counters.framing = storedFramer.counters
    swap(&counters, &storedCounters)
  }

  /// Feeds one chunk and hands each decoded sentence to the visitor's method for its type, in
  /// order: the fastest way to read sentences (see ``SentenceVisitor``). Dropped lines and
  /// sentences with an impossible field are counted as by ``feed(_:_:)``; of the dropped
  /// lines, only well-formed sentences without a checksum are reported.
  ///
  /// Inlinable, so that it is specialized for the visitor's type in the visitor's module: the
  /// visitor's methods are then called directly (or inlined), not through its witness table,
  /// and a sentence is handed over where it was decoded instead of copied to a generic slot.
  @inlinable
  public mutating func feed<Visitor: SentenceVisitor>(
    _ chunk: UnsafeRawBufferPointer, visiting visitor: inout Visitor
  ) {
    var counters = NMEACounters(salvagesFields: false)
    swap(&counters, &storedCounters)
    withUnsafeMutablePointer(to: &counters) { counters in
      withUnsafeMutablePointer(to: &visitor) { visitor in
        var sink = VisitingSink(counters: counters, visitor: visitor)
        storedFramer.frame(chunk, &sink)
      }
    }
    counters.framing = storedFramer.counters
    swap(&counters, &storedCounters)
  }

  /// Ends the input for ``feed(_:visiting:)``: a last line without a line end is handled as
  /// the framer says, and only a sentence reaches the visitor.
  @inlinable
  public mutating func finish<Visitor: SentenceVisitor>(visiting visitor: inout Visitor) {
    var counters = NMEACounters(salvagesFields: false)
    swap(&counters, &storedCounters)
    withUnsafeMutablePointer(to: &counters) { counters in
      withUnsafeMutablePointer(to: &visitor) { visitor in
        var sink = VisitingSink(counters: counters, visitor: visitor)
        storedFramer.finish(&sink)
      }
    }
    counters.framing = storedFramer.counters
    swap(&counters, &storedCounters)
  }

  /// Decodes one framer event, counting it, and hands a sentence to the visitor (a sentence
  /// with an impossible field: the error first, then the sentence when it is salvaged).
  @inlinable @inline(__always)
  static func visit<Visitor: SentenceVisitor>(
    _ event: FramerEvent, _ counters: inout NMEACounters, _ visitor: inout Visitor
  ) {
    guard case .sentence(let raw) = event else {
      if case .rejected(let issue, let line) = event, issue.isUncheckedSentence(line) {
        visitor.visit(uncheckedSentence: line)
      }
      return
    }
    visitor.visit(framedLine: raw.line)
    let length = addressLength(raw.body)
    do throws(NMEAError) {
      try Sentence.decode(raw, addressLength: length, visiting: &visitor)
      counters.addresses.count(raw.body, addressLength: length)
    } catch {
      damaged(raw, length, error, &counters, &visitor)
    }
  }

  /// A sentence with an impossible field, for ``visit(_:_:_:)``: salvaged when the policy
  /// says so and its type allows, otherwise invalid; the visitor hears of it either way.
  @inlinable @inline(never)
  static func damaged<Visitor: SentenceVisitor>(
    _ raw: RawSentence, _ length: Int, _ error: NMEAError, _ counters: inout NMEACounters,
    _ visitor: inout Visitor
  ) {
    guard let sentence = salvaged(raw, length, &counters) else {
      visitor.visit(fieldError: error, sentenceKept: false)
      return
    }
    visitor.visit(fieldError: error, sentenceKept: true)
    visitor.visit(sentence: sentence)
  }

  /// The sentence `raw` salvaged (when the decoder salvages — the policy rides in the
  /// counters, so the per-sentence closure carries nothing more — and its type allows),
  /// counted as salvaged; otherwise nil, counted as invalid.
  @usableFromInline @inline(never)
  static func salvaged(
    _ raw: RawSentence, _ length: Int, _ counters: inout NMEACounters
  ) -> Sentence? {
    var salvaged: Sentence?
    var lost = 0
    if counters.salvagesFields {
      lost = Sentence.salvage(raw, addressLength: length) { salvaged = $0 } ?? 0
    }
    guard let salvaged else {
      counters.invalidSentences += 1
      return nil
    }
    counters.addresses.count(raw.body, addressLength: length)
    counters.salvagedSentences += 1
    counters.ignoredFields += lost
    return salvaged
  }

  /// Ends the input (a last line without a line end is handled as the framer says).
  public mutating func finish(_ handle: (DecodeEvent) -> Void) {
    var counters = NMEACounters(salvagesFields: false)
    swap(&counters, &storedCounters)
    storedFramer.finish { event in Self.decode(event, &counters, handle) }
    counters.framing = storedFramer.counters
    swap(&counters, &storedCounters)
  }

  /// Decodes one framer event and hands the result to `handle`, counting it.
  @inline(__always)
  static func decode(
    _ event: FramerEvent, _ counters: inout NMEACounters, _ handle: (DecodeEvent) -> Void
  ) {
    switch event {
    case .rejected(let issue, let bytes):
      handle(.rejected(issue, bytes))
    case .sentence(let raw):
      let length = addressLength(raw.body)
      do throws(NMEAError) {
        try Sentence.decode(raw, addressLength: length) { sentence in
          counters.addresses.count(raw.body, addressLength: length)
          handle(.sentence(sentence, raw))
        }
      } catch {
        if let sentence = salvaged(raw, length, &counters) {
          handle(.salvaged(sentence, error, raw))
        } else {
          handle(.invalid(error, raw))
        }
      }
    }
  }
}

/// The framer's events decoded into a visitor (``NMEADecoder/feed(_:visiting:)``), counted in
/// `counters`: a sink whose ``take(_:)`` the framer inlines.
@usableFromInline
struct VisitingSink<Visitor: SentenceVisitor>: FramerSink {
  /// The decoder's counters, borrowed for the chunk.
  @usableFromInline let counters: UnsafeMutablePointer<NMEACounters>
  /// The visitor, borrowed for the chunk.
  @usableFromInline let visitor: UnsafeMutablePointer<Visitor>

  // Pointers only: a sink with a value that needs destroying (the counters themselves) had
  // its destruction outlined through its generic type's metadata, instantiated at run time
  // (0.2 M instructions, once per process).
  @inlinable
  init(counters: UnsafeMutablePointer<NMEACounters>, visitor: UnsafeMutablePointer<Visitor>) {
    self.counters = counters
    self.visitor = visitor
  }

  @inlinable @inline(__always)
  mutating func take(_ event: FramerEvent) {
    NMEADecoder.visit(event, &counters.pointee, &visitor.pointee)
  }
}
