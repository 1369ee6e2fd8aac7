/// Why the framer refused a line.
public enum FramingIssue: Sendable, Hashable {
  /// The `*hh` checksum did not match the XOR of the body.
  case badChecksum(expected: UInt8, found: UInt8)
  /// No `*hh` and the policy is ``ChecksumPolicy/strict``.
  case missingChecksum
  /// A `*` not followed by exactly two hex digits and the line end.
  case malformedChecksum
  /// The line was cut off: a new `$`/`!` began, a binary byte arrived, or the input ended.
  case truncated
  /// The line grew beyond the framer's maximum length and was dropped.
  case overLong
}

/// What the framer hands to its caller for each line.
public enum FramerEvent {
  /// A complete sentence whose checksum passed the policy.
  case sentence(RawSentence)
  /// A line that was dropped, and the bytes seen of it (at most the maximum line length).
  case rejected(FramingIssue, UnsafeRawBufferPointer)
}

/// Counts kept by the framer since it was made.
public struct FramingCounters: Sendable, Hashable {
  /// Sentences handed out.
  public var sentences = 0
  /// Lines dropped for a wrong checksum.
  public var badChecksums = 0
  /// Lines dropped for lack of a checksum (strict policy only).
  public var missingChecksums = 0
  /// Lines dropped for a malformed checksum field.
  public var malformedChecksums = 0
  /// Lines cut off by a new start character, a binary byte or the end of input.
  public var truncatedLines = 0
  /// Lines dropped for exceeding the maximum length.
  public var overLongLines = 0
  /// Bytes outside any sentence, other than line ends (binary frames, noise, NUL, ^Z).
  public var junkBytes = 0
  /// Every byte fed so far.
  public var bytes = 0

  /// Makes zeroed counters.
  public init() {}
}

/// A streaming NMEA 0183 framer: byte chunks of any size in, complete sentences out.
///
/// - Line ends: LF, CRLF or CR alone.
/// - `$` or `!` always starts a new sentence; one that interrupts an unfinished line drops that
///   line as ``FramingIssue/truncated`` (a serial overrun glues a cut-off sentence to the next).
///   A line that already ends in a complete `*hh` when the next `$` arrives lost only its line
///   end, and is accepted.
/// - NUL and 0x1A (DOS end of file) are skipped wherever they appear; they never end the input.
/// - Any other byte outside printable ASCII inside a line (a UBX or SiRF binary frame) cuts the
///   line off; outside a line such bytes are counted as junk.
/// - Lines longer than `maxLineLength` bytes are dropped, and memory stays bounded.
///
/// Lines that lie wholly inside one chunk are handed out in place, without copying; only lines
/// split across chunks are gathered in an internal buffer, allocated once.
public struct NMEAFramer {
  /// The checksum policy applied to every line.
  public let policy: ChecksumPolicy
  /// The longest line accepted, from the start character to the line end (default 1024; NMEA
  /// allows 82, high-precision receivers send up to about 120).
  public let maxLineLength: Int
  /// What has been seen so far.
  public private(set) var counters = FramingCounters()

  @usableFromInline enum State { case idle, direct, carry, skipping }
  @usableFromInline var state = State.idle
  @usableFromInline var carry: [UInt8]

  /// Makes a framer with the given checksum policy and line-length cap.
  public init(policy: ChecksumPolicy = .strict, maxLineLength: Int = 1024) {
    self.policy = policy
    self.maxLineLength = max(16, maxLineLength)
    carry = []
    carry.reserveCapacity(self.maxLineLength + 1)
  }

  /// Feeds one chunk; `handle` is called for each line completed by it, in order.
  public mutating func feed(
    _ chunk: UnsafeRawBufferPointer, _ handle: (FramerEvent) -> Void
  ) {
    counters.bytes += chunk.count
    let count = chunk.count
    var index = 0
    var start = 0  // start of the current line when state == .direct
    while index < count {
      let byte = chunk[index]
      switch state {
      case .idle:
        if byte == 0x24 || byte == 0x21 {  // $ !
          state = .direct
          start = index
        } else if byte != 0x0A && byte != 0x0D {
          counters.junkBytes += 1
        }
        index += 1
      case .direct:
        // Fast path: run over ordinary printable bytes.
        var scan = index
        while scan < count, byteClass[Int(chunk[scan])] == 0 { scan += 1 }
        if scan - start > maxLineLength {
          reject(
            .overLong, UnsafeRawBufferPointer(rebasing: chunk[start..<start + maxLineLength]),
            handle)
          state = .skipping
          index = scan
          continue
        }
        index = scan
        if index >= count { break }
        let special = chunk[index]
        let line = UnsafeRawBufferPointer(rebasing: chunk[start..<index])
        switch byteClass[Int(special)] {
        case 1:  // line end
          complete(line, handle)
          state = .idle
          index += 1
        case 2:  // a new start character
          interrupted(line, handle)
          start = index
          index += 1
        case 3:  // NUL or ^Z inside a line: gather what we have and skip the byte
          carry.removeAll(keepingCapacity: true)
          carry.append(contentsOf: line)
          counters.junkBytes += 1
          state = .carry
          index += 1
        default:  // binary
          reject(.truncated, line, handle)
          counters.junkBytes += 1
          state = .idle
          index += 1
        }
      case .carry:
        switch byteClass[Int(byte)] {
        case 0:
          if carry.count >= maxLineLength {
            carry.withUnsafeBytes { reject(.overLong, $0, handle) }
            state = .skipping
          } else {
            carry.append(byte)
          }
        case 1:
          carry.withUnsafeBytes { complete($0, handle) }
          state = .idle
        case 2:
          carry.withUnsafeBytes { interrupted($0, handle) }
          carry.removeAll(keepingCapacity: true)
          carry.append(byte)
        case 3:
          counters.junkBytes += 1
        default:
          carry.withUnsafeBytes { reject(.truncated, $0, handle) }
          counters.junkBytes += 1
          state = .idle
        }
        index += 1
      case .skipping:
        if byte == 0x24 || byte == 0x21 {
          state = .direct
          start = index
        } else if byte == 0x0A || byte == 0x0D {
          state = .idle
        }
        index += 1
      }
    }
    if state == .direct {
      // The line continues in the next chunk: keep what we have.
      let partial = UnsafeRawBufferPointer(rebasing: chunk[start..<count])
      if partial.count > maxLineLength {
        reject(.overLong, UnsafeRawBufferPointer(rebasing: partial[0..<maxLineLength]), handle)
        state = .skipping
      } else {
        carry.removeAll(keepingCapacity: true)
        carry.append(contentsOf: partial)
        state = .carry
      }
    }
  }

  /// Ends the input: a last line without a line end is accepted if it ends in a valid `*hh`,
  /// otherwise reported as ``FramingIssue/truncated``.
  public mutating func finish(_ handle: (FramerEvent) -> Void) {
    if state == .carry {
      carry.withUnsafeBytes { interrupted($0, handle) }
    }
    carry.removeAll(keepingCapacity: true)
    state = .idle
  }

  /// A line interrupted by a new start character or the end of input: accepted when it
  /// already ends in a complete, valid `*hh` (only the line end was lost), else truncated.
  @usableFromInline
  mutating func interrupted(_ line: UnsafeRawBufferPointer, _ handle: (FramerEvent) -> Void) {
    let n = line.count
    if n >= 4, line[n - 3] == UInt8(ascii: "*"), hexValue(line[n - 2]) != nil,
      hexValue(line[n - 1]) != nil
    {
      complete(line, handle)
    } else if n > 1 {
      reject(.truncated, line, handle)
    }
  }

  /// Checks the checksum of a complete line and hands it out or rejects it.
  @usableFromInline
  mutating func complete(_ line: UnsafeRawBufferPointer, _ handle: (FramerEvent) -> Void) {
    let n = line.count
    if n >= 4, line[n - 3] == UInt8(ascii: "*") {
      guard let high = hexValue(line[n - 2]), let low = hexValue(line[n - 1]) else {
        return reject(.malformedChecksum, line, handle)
      }
      let body = UnsafeRawBufferPointer(rebasing: line[1..<n - 3])
      let expected = high << 4 | low
      let actual = nmeaChecksum(body)
      guard actual == expected else {
        return reject(.badChecksum(expected: expected, found: actual), line, handle)
      }
      counters.sentences += 1
      handle(.sentence(RawSentence(line: line, body: body, hasChecksum: true)))
      return
    }
    if line.contains(UInt8(ascii: "*")) { return reject(.malformedChecksum, line, handle) }
    if n <= 1 { return }  // a lone "$": nothing to report
    guard policy == .lenient else { return reject(.missingChecksum, line, handle) }
    counters.sentences += 1
    let body = UnsafeRawBufferPointer(rebasing: line[1..<n])
    handle(.sentence(RawSentence(line: line, body: body, hasChecksum: false)))
  }

  @usableFromInline
  mutating func reject(
    _ issue: FramingIssue, _ line: UnsafeRawBufferPointer, _ handle: (FramerEvent) -> Void
  ) {
    switch issue {
    case .badChecksum: counters.badChecksums += 1
    case .missingChecksum: counters.missingChecksums += 1
    case .malformedChecksum: counters.malformedChecksums += 1
    case .truncated: counters.truncatedLines += 1
    case .overLong: counters.overLongLines += 1
    }
    handle(.rejected(issue, line))
  }
}

/// Byte classes for the framer: 0 printable, 1 line end, 2 start, 3 skipped, 4 binary.
@usableFromInline
let byteClass: [UInt8] = (0..<256).map { byte -> UInt8 in
  switch byte {
  case 0x0A, 0x0D: return 1
  case 0x24, 0x21: return 2
  case 0x00, 0x1A: return 3
  case 0x20...0x7E: return 0
  default: return 4
  }
}
