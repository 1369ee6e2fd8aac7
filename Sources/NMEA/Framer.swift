/// A streaming NMEA 0183 framer: byte chunks of any size in, complete sentences out.
///
/// - Line ends: LF, CRLF or CR alone.
/// - `$` or `!` always starts a new sentence; one that interrupts an unfinished line drops that
///   line as ``FramingIssue/truncated`` (a serial overrun glues a cut-off sentence to the next).
///   A line that already ends in a complete `*hh` when the next `$` arrives lost only its line
///   end, and is accepted.
/// - NUL and 0x1A (DOS end of file) are skipped wherever they appear (counted as junk); they
///   never end the input. NUL does not change the XOR checksum, so a sentence with a NUL
///   inserted (a UART break) still passes.
/// - Any other byte outside printable ASCII inside a line (a UBX or SiRF binary frame) cuts the
///   line off; outside a line such bytes are counted as junk. A lone `$` cut off by binary
///   bytes (a `0x24` inside a UBX frame) is junk too, not a truncated line.
/// - Lines longer than `maxLineLength` bytes are dropped (reported once, with their first
///   `maxLineLength` bytes); the framer then skips to the next line end or start character, so
///   memory stays bounded whatever the input.
///
/// Lines that lie wholly inside one chunk are handed out in place, without copying, with the
/// checksum computed in the same pass that finds the line end; only lines split across chunks
/// are gathered in an internal buffer, allocated once.
public struct NMEAFramer {
  /// The checksum policy applied to every line.
  public let policy: ChecksumPolicy
  /// The longest line accepted, from the start character to the line end (default 1024, at
  /// least 16; NMEA allows 82, high-precision receivers send up to about 120).
  public let maxLineLength: Int
  /// What has been seen so far.
  public var counters: FramingCounters { storedCounters }
  // Stored apart from its read-only public view so that the inlinable `frame(_:_:)` can
  // update it in a client's module.
  @usableFromInline var storedCounters = FramingCounters()

  @usableFromInline enum State { case idle, carry, skipping }
  @usableFromInline var state = State.idle
  /// The line in progress when it began in an earlier chunk (at most `maxLineLength` bytes).
  @usableFromInline var carry: [UInt8]
  /// The XOR of `carry` after its start character.
  @usableFromInline var carrySum: UInt8 = 0

  /// Whether a line begun in an earlier chunk is in progress: the next chunk's first complete
  /// sentence began before it (what a time service needs to know when the sentence began).
  public var isInsideLine: Bool { state == .carry }

  /// Makes a framer with the given checksum policy and line-length cap.
  public init(policy: ChecksumPolicy = .strict, maxLineLength: Int = 1024) {
    self.policy = policy
    self.maxLineLength = max(16, maxLineLength)
    carry = []
    carry.reserveCapacity(self.maxLineLength)
  }

  /// Feeds one chunk; `handle` is called for each line completed by it, in order.
  public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ handle: (FramerEvent) -> Void) {
    withoutActuallyEscaping(handle) { handle in
      var sink = ClosureSink(handle)
      frame(chunk, &sink)
    }
  }

  /// ``feed(_:_:)`` into any sink, inlinable: ``NMEADecoder/feed(_:visiting:)`` is specialized
  /// in its client's module, and this with it, so that its per-sentence work is inlined where
  /// a line is complete (no event built, passed to a closure and taken apart per line). The
  /// usual path is inlined; the rare ones are calls (specialized, not inlined).
  @inlinable @inline(__always)
  mutating func frame<Sink: FramerSink>(_ chunk: UnsafeRawBufferPointer, _ sink: inout Sink) {
    let count = chunk.count
    storedCounters.bytes += count
    guard count > 0, let raw = chunk.baseAddress else { return }
    let base = raw.assumingMemoryBound(to: UInt8.self)
    var index = 0
    while index < count {
      switch state {
      case .idle:
        let byte = base[index]
        if byte == UInt8(ascii: "$") || byte == UInt8(ascii: "!") {
          index = line(base, count, start: index, &sink)
        } else {
          if byte != 0x0A && byte != 0x0D { storedCounters.junkBytes += 1 }
          index += 1
        }
      case .carry:
        index = continueCarry(base, count, from: index, &sink)
      case .skipping:
        let byte = base[index]
        if byte == UInt8(ascii: "$") || byte == UInt8(ascii: "!") {
          state = .idle
        } else {
          if byte == 0x0A || byte == 0x0D { state = .idle }
          index += 1
        }
      }
    }
  }

  /// Ends the input: a last line without a line end is accepted if it ends in a valid `*hh`,
  /// otherwise reported as ``FramingIssue/truncated``.
  public mutating func finish(_ handle: (FramerEvent) -> Void) {
    withoutActuallyEscaping(handle) { handle in
      var sink = ClosureSink(handle)
      finish(&sink)
    }
  }

  /// ``finish(_:)`` into any sink.
  @inlinable
  mutating func finish<Sink: FramerSink>(_ sink: inout Sink) {
    if state == .carry {
      var gathered: [UInt8] = []
      swap(&gathered, &carry)
      let sum = carrySum
      gathered.withUnsafeBytes { interrupted($0, sum: sum, &sink) }
      gathered.removeAll(keepingCapacity: true)
      swap(&gathered, &carry)
    }
    state = .idle
  }

  /// Frames the line starting at `base[start]` (a start character) in this chunk; returns
  /// where to go on.
  @inlinable @inline(__always)
  mutating func line<Sink: FramerSink>(
    _ base: UnsafePointer<UInt8>, _ count: Int, start: Int, _ sink: inout Sink
  ) -> Int {
    let (end, sum) = scanOrdinaryBytes(base, count, from: start + 1)
    let line = UnsafeRawBufferPointer(start: base + start, count: end - start)
    if line.count > maxLineLength {
      reject(.overLong, UnsafeRawBufferPointer(rebasing: line[0..<maxLineLength]), &sink)
      state = .skipping
      return end
    }
    if end == count {
      startCarry(line, sum: sum)
      return end
    }
    let special = base[end]
    if special == 0x0A || special == 0x0D {
      complete(line, sum: sum, &sink)
      // Skip a CRLF's LF here rather than in the idle state.
      return end + 1 < count && special == 0x0D && base[end + 1] == 0x0A ? end + 2 : end + 1
    }
    if special == UInt8(ascii: "$") || special == UInt8(ascii: "!") {
      interrupted(line, sum: sum, &sink)
      return end
    }
    if special == 0x00 || special == 0x1A {
      storedCounters.junkBytes += 1
      startCarry(line, sum: sum)
      return end + 1
    }
    cutOff(line, &sink)
    return end + 1
  }

  /// Keeps the start of a line that the next chunk goes on with (its XOR after the start
  /// character is `sum`).
  @usableFromInline
  mutating func startCarry(_ line: UnsafeRawBufferPointer, sum: UInt8) {
    carry.removeAll(keepingCapacity: true)
    carry.append(contentsOf: line)
    carrySum = sum
    state = .carry
  }

  /// Goes on with a line gathered in `carry`; returns where to go on.
  @inlinable @inline(never)
  mutating func continueCarry<Sink: FramerSink>(
    _ base: UnsafePointer<UInt8>, _ count: Int, from start: Int, _ sink: inout Sink
  ) -> Int {
    let (end, sum) = scanOrdinaryBytes(base, count, from: start)
    let part = UnsafeRawBufferPointer(start: base + start, count: end - start)
    if carry.count + part.count > maxLineLength {
      carry.append(contentsOf: part[0..<(maxLineLength - carry.count)])
      var gathered: [UInt8] = []
      swap(&gathered, &carry)
      gathered.withUnsafeBytes { reject(.overLong, $0, &sink) }
      gathered.removeAll(keepingCapacity: true)
      swap(&gathered, &carry)
      state = .skipping
      return end
    }
    carry.append(contentsOf: part)
    carrySum ^= sum
    if end == count { return end }
    let special = base[end]
    if special == 0x00 || special == 0x1A {
      storedCounters.junkBytes += 1
      return end + 1
    }
    state = .idle
    let lineSum = carrySum
    var next = end + 1
    // The gathered line moves out of `self` while the handlers (which mutate self) run.
    var gathered: [UInt8] = []
    swap(&gathered, &carry)
    gathered.withUnsafeBytes { line in
      if special == 0x0A || special == 0x0D {
        complete(line, sum: lineSum, &sink)
      } else if special == UInt8(ascii: "$") || special == UInt8(ascii: "!") {
        interrupted(line, sum: lineSum, &sink)
        next = end
      } else {
        cutOff(line, &sink)
      }
    }
    gathered.removeAll(keepingCapacity: true)
    swap(&gathered, &carry)
    return next
  }

  /// A line cut off by a binary byte: truncated (a lone start character is junk), and the
  /// binary byte is junk.
  @inlinable @inline(never)
  mutating func cutOff<Sink: FramerSink>(_ line: UnsafeRawBufferPointer, _ sink: inout Sink) {
    state = .idle
    if line.count > 1 {
      reject(.truncated, line, &sink)
    } else {
      storedCounters.junkBytes += 1
    }
    storedCounters.junkBytes += 1
  }

  /// A line interrupted by a new start character or the end of input: accepted when it
  /// already ends in a complete, valid `*hh` (only the line end was lost), else truncated.
  @inlinable @inline(never)
  mutating func interrupted<Sink: FramerSink>(
    _ line: UnsafeRawBufferPointer, sum: UInt8, _ sink: inout Sink
  ) {
    state = .idle
    let n = line.count
    if n >= 4, line[n - 3] == UInt8(ascii: "*"), hexValue(line[n - 2]) != nil,
      hexValue(line[n - 1]) != nil
    {
      complete(line, sum: sum, &sink)
    } else if n > 1 {
      reject(.truncated, line, &sink)
    }
  }

  /// Checks the checksum of a complete line and hands it out or rejects it. `sum` is the XOR
  /// of the line after its start character.
  @inlinable @inline(__always)
  mutating func complete<Sink: FramerSink>(
    _ line: UnsafeRawBufferPointer, sum: UInt8, _ sink: inout Sink
  ) {
    state = .idle
    let n = line.count
    if n >= 4, line[n - 3] == UInt8(ascii: "*") {
      guard let high = hexValue(line[n - 2]), let low = hexValue(line[n - 1]) else {
        return reject(.malformedChecksum, line, &sink)
      }
      let expected = high << 4 | low
      let actual = sum ^ UInt8(ascii: "*") ^ line[n - 2] ^ line[n - 1]
      guard actual == expected else {
        return reject(.badChecksum(expected: expected, found: actual), line, &sink)
      }
      storedCounters.sentences += 1
      let body = UnsafeRawBufferPointer(rebasing: line[1..<n - 3])
      sink.take(.sentence(RawSentence(line: line, body: body, hasChecksum: true)))
      return
    }
    if n <= 1 { return }  // a lone "$": nothing to report
    completeUnchecked(line, &sink)
  }

  /// ``complete(_:sum:_:)`` for a line of more than one byte without a `*hh` at its end.
  @inlinable @inline(never)
  mutating func completeUnchecked<Sink: FramerSink>(
    _ line: UnsafeRawBufferPointer, _ sink: inout Sink
  ) {
    if line.contains(UInt8(ascii: "*")) { return reject(.malformedChecksum, line, &sink) }
    guard policy == .lenient else { return reject(.missingChecksum, line, &sink) }
    storedCounters.sentences += 1
    let body = UnsafeRawBufferPointer(rebasing: line[1..<line.count])
    sink.take(.sentence(RawSentence(line: line, body: body, hasChecksum: false)))
  }

  /// Counts and reports a refused line.
  @inlinable @inline(never)
  mutating func reject<Sink: FramerSink>(
    _ issue: FramingIssue, _ line: UnsafeRawBufferPointer, _ sink: inout Sink
  ) {
    switch issue {
    case .badChecksum: storedCounters.badChecksums += 1
    case .missingChecksum: storedCounters.missingChecksums += 1
    case .malformedChecksum: storedCounters.malformedChecksums += 1
    case .truncated: storedCounters.truncatedLines += 1
    case .overLong: storedCounters.overLongLines += 1
    }
    sink.take(.rejected(issue, line))
  }
}

/// Where ``NMEAFramer`` sends its events: a closure (``NMEAFramer/feed(_:_:)``), or a type
/// whose ``take(_:)`` is inlined where the framer completes a line.
@usableFromInline
protocol FramerSink {
  /// One event: a sentence or a refused line.
  mutating func take(_ event: FramerEvent)
}

/// The events to a closure.
@usableFromInline
struct ClosureSink: FramerSink {
  @usableFromInline let handle: (FramerEvent) -> Void

  @inlinable
  init(_ handle: @escaping (FramerEvent) -> Void) { self.handle = handle }

  @inlinable
  func take(_ event: FramerEvent) { handle(event) }
}
