import Foundation
@_exported import TestSupport

@testable import NMEA

/// gpsd's captures, read in place (``GpsdCaptures``: ../shared, else Debian's gpsd 3.22).
enum Fixtures {
  /// The names of the test bed's captures that are here (57, or Debian's 45), without `.log`.
  static let captureNames: [String] = GpsdCaptures.names

  /// The bytes of our own recorded drive (``Paths/simulatedDrive``), in every clone.
  static var simulatedDrive: [UInt8] {
    Array((try? Data(contentsOf: URL(fileURLWithPath: Paths.simulatedDrive))) ?? Data())
  }

  /// The bytes of `NAME.log` as the receiver sent them: without the `#` comment lines that
  /// gpsd's test harness adds at the top (gpsfake skips them too).
  static func capture(_ name: String) throws -> [UInt8] {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: GpsdCaptures.log(name))))
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    where line.first != UInt8(ascii: "#") {
      output.append(contentsOf: line)
      output.append(0x0A)
    }
    if bytes.last != 0x0A, let last = bytes.split(separator: 0x0A).last,
      last.first != UInt8(ascii: "#")
    {
      output.append(contentsOf: last)
    }
    return output
  }

  /// Text after a `$` in the `#` comment header of `NAME.log`: gpsfake sent the header to
  /// gpsd too, and gpsd 3.22 echoed some of it (`$GPRMC.` from "Only sends $GPRMC."). These
  /// are not receiver output.
  static func commentEchoes(_ name: String) throws -> Set<String> {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: GpsdCaptures.log(name))))
    var echoes: Set<String> = []
    for line in bytes.split(separator: 0x0A) where line.first == UInt8(ascii: "#") {
      var line = line[...]
      while line.last == 0x0D { line = line.dropLast() }
      for index in line.indices where line[index] == UInt8(ascii: "$") {
        echoes.insert(String(decoding: line[index...], as: UTF8.self))
      }
    }
    return echoes
  }

  /// The sentences gpsd 3.22 echoed for `NAME.log`: lines of `expected-full-322/NAME.out` that
  /// start with `$` or `!`.
  static func gpsdEcho(_ name: String) throws -> [String] {
    let url = URL(fileURLWithPath: GpsdCaptures.transcript(name))
    let bytes = Array(try Data(contentsOf: url))
    return bytes.split(separator: 0x0A).map { line in
      var line = line[...]
      while line.last == 0x0D { line = line.dropLast() }
      return String(decoding: line, as: UTF8.self)
    }.filter { $0.hasPrefix("$") || $0.hasPrefix("!") }
  }
}

/// One decoder event, copied out of the callback so tests can compare and keep it.
enum Event: Hashable, CustomStringConvertible {
  case sentence(Sentence, line: String)
  case invalid(NMEAError, line: String)
  case salvaged(Sentence, NMEAError, line: String)
  case rejected(FramingIssue, bytes: [UInt8])

  var description: String {
    switch self {
    case .sentence(_, let line): return "ok \(line)"
    case .salvaged(_, let error, let line): return "salvaged \(error) in \(line)"
    case .invalid(let error, let line): return "invalid \(error) in \(line)"
    case .rejected(let issue, let bytes):
      return "rejected \(issue) \(String(decoding: bytes, as: UTF8.self).debugDescription)"
    }
  }

  init(_ event: DecodeEvent) {
    switch event {
    case .sentence(let sentence, let raw): self = .sentence(sentence, line: raw.text)
    case .invalid(let error, let raw): self = .invalid(error, line: raw.text)
    case .salvaged(let sentence, let error, let raw):
      self = .salvaged(sentence, error, line: raw.text)
    case .rejected(let issue, let bytes): self = .rejected(issue, bytes: Array(bytes))
    }
  }
}

/// Decodes `bytes` fed in chunks of `chunkSize` (whole when `nil`), with `finish()`.
func decodeAll(
  _ bytes: [UInt8], chunkSize: Int? = nil, policy: ChecksumPolicy = .strict,
  maxLineLength: Int = 1024
) -> (events: [Event], counters: NMEACounters) {
  var decoder = NMEADecoder(policy: policy, maxLineLength: maxLineLength)
  var events: [Event] = []
  bytes.withUnsafeBytes { buffer in
    let size = max(1, chunkSize ?? buffer.count)
    var offset = 0
    while offset < buffer.count {
      let end = min(buffer.count, offset + size)
      decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[offset..<end])) {
        events.append(Event($0))
      }
      offset = end
    }
  }
  decoder.finish { events.append(Event($0)) }
  return (events, decoder.counters)
}

/// Decodes one sentence given as text (a line end is added).
func decodeLine(_ line: String, policy: ChecksumPolicy = .strict) -> [Event] {
  decodeAll(Array((line + "\r\n").utf8), policy: policy).events
}

/// `$BODY*hh` with the right checksum.
func withChecksum(_ body: String) -> String {
  NMEAText.checksummed(body)
}

/// A copy of `value` changed by `change`: builds expected sentences in argument tables.
func with<T>(_ value: T, _ change: (inout T) -> Void) -> T {
  var copy = value
  change(&copy)
  return copy
}

/// The one event of a one-line input, when it is a decoded sentence.
func decodedSentence(_ line: String, policy: ChecksumPolicy = .strict) -> Sentence? {
  let events = decodeLine(line, policy: policy)
  guard events.count == 1, case .sentence(let sentence, _) = events[0] else { return nil }
  return sentence
}

/// The one event of a one-line input, when it is an invalid sentence.
func decodeError(_ line: String) -> NMEAError? {
  let events = decodeLine(line)
  guard events.count == 1, case .invalid(let error, _) = events[0] else { return nil }
  return error
}
