// What the framer reports: lines, the reasons it refused some, and its counts.

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

extension FramingIssue {
  /// Whether a line refused for `issue` is nonetheless NMEA: a well-formed sentence without a
  /// checksum (``looksLikeSentence(_:)``). It proves the line's baud rate as well as a
  /// checksummed one does, whatever the checksum policy does with it.
  @inlinable
  public func isUncheckedSentence(_ line: UnsafeRawBufferPointer) -> Bool {
    self == .missingChecksum && Self.looksLikeSentence(line)
  }

  /// Whether `line` has the shape of an NMEA sentence: `$` or `!`, an address of 5 to 9
  /// upper-case letters and digits, a comma, and printable ASCII to its end. Noise read at a
  /// wrong baud rate almost never has it.
  @inlinable
  public static func looksLikeSentence(_ line: UnsafeRawBufferPointer) -> Bool {
    guard line.count >= 8, line[0] == UInt8(ascii: "$") || line[0] == UInt8(ascii: "!") else {
      return false
    }
    var index = 1
    while index < line.count, index <= 10 {
      let byte = line[index]
      if byte == UInt8(ascii: ",") { break }
      guard (byte &- UInt8(ascii: "A")) < 26 || (byte &- UInt8(ascii: "0")) < 10 else {
        return false
      }
      index += 1
    }
    guard (6...10).contains(index), index < line.count else { return false }
    for byte in line[index...] where byte < 0x20 || byte > 0x7E { return false }
    return true
  }
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
