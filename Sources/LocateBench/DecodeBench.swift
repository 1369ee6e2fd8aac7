// `LocateBench decode FILE`: decode throughput of NMEADecoder on a file.
import Foundation
import NMEA

/// `LocateBench decode FILE [--quiet] [--events]`: reads FILE in 1 MiB reads, decodes every
/// sentence with ``NMEADecoder`` (strict checksums) and reads the positions of RMC and GGA (as
/// the pynmea2 driver does); prints bytes, sentences, MB/s and sentences/s (in-process clock),
/// and the counters. The sentences go to a ``SentenceVisitor`` (what the location service
/// uses), or with `--events` through `feed(_:_:)`'s ``DecodeEvent`` enum.
func decodeBench(_ arguments: [String]) -> Int32 {
  guard let path = arguments.first, arguments.count <= 3 else {
    printError("usage: LocateBench decode FILE [--quiet] [--events]")
    return 64
  }
  let quiet = arguments.dropFirst().contains("--quiet")
  let events = arguments.dropFirst().contains("--events")
  var positions = PositionSum()
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else {
    printError("LocateBench decode: cannot open \(path): \(String(cString: strerror(errno)))")
    return 66
  }
  defer { close(descriptor) }
  let started = DispatchTime.now().uptimeNanoseconds
  var decoder = NMEADecoder()
  var sum = 0.0
  let capacity = 1 << 20
  let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 64)
  defer { buffer.deallocate() }
  while true {
    let count = read(descriptor, buffer.baseAddress, capacity)
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else {
      if count < 0 {
        printError("LocateBench decode: read: \(String(cString: strerror(errno)))")
        return 74
      }
      break
    }
    let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
    guard events else {
      decodeChunk(&decoder, chunk, &positions)
      continue
    }
    decoder.feed(chunk) { event in
      // Only RMC and GGA are bound (binding copies the payload; testing a case does not).
      switch event {
      case .sentence(.rmc, _), .sentence(.gga, _):
        if case .sentence(.rmc(let rmc), _) = event {
          sum += (rmc.latitude ?? 0) + (rmc.longitude ?? 0)
        } else if case .sentence(.gga(let gga), _) = event {
          sum += (gga.latitude ?? 0) + (gga.longitude ?? 0)
        }
      default: break
      }
    }
  }
  decodeEnd(&decoder, &positions)
  sum += positions.sum
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
  let counters = decoder.counters
  let bytes = counters.framing.bytes
  let invalid = counters.invalidSentences
  let decoded = counters.framing.sentences - invalid
  let framing = counters.framing
  let rejected =
    framing.badChecksums + framing.missingChecksums + framing.malformedChecksums
    + framing.truncatedLines + framing.overLongLines
  let sentences = decoded + invalid
  print(
    "bytes=\(bytes) sentences=\(sentences) decoded=\(decoded) invalid=\(invalid)"
      + " rejected=\(rejected) seconds=\(format(seconds, 3))"
      + " MB/s=\(format(Double(bytes) / 1e6 / seconds, 1))"
      + " sentences/s=\(format(Double(sentences) / seconds, 0))")
  if !quiet {
    print(
      "bad_checksums=\(framing.badChecksums) missing_checksums=\(framing.missingChecksums)"
        + " malformed_checksums=\(framing.malformedChecksums)"
        + " truncated=\(framing.truncatedLines) over_long=\(framing.overLongLines)"
        + " junk_bytes=\(framing.junkBytes) checksum=\(format(sum, 3))")
    let addresses = counters.byAddress.sorted { $0.key < $1.key }
    print(addresses.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
  }
  return 0
}

/// Decodes one chunk into the visitor: the decoding alone, under a fixed symbol name so that
/// `make budget` counts its instructions and nothing else (callgrind's `--toggle-collect`: not
/// the process's start-up, which grows with what LocateBench links).
@inline(never) @_silgen_name("locate_bench_decode")
func decodeChunk(
  _ decoder: inout NMEADecoder, _ chunk: UnsafeRawBufferPointer, _ visitor: inout PositionSum
) {
  decoder.feed(chunk, visiting: &visitor)
}

/// The end of the input, as ``decodeChunk(_:_:_:)`` counts it.
@inline(never) @_silgen_name("locate_bench_decode_end")
func decodeEnd(_ decoder: inout NMEADecoder, _ visitor: inout PositionSum) {
  decoder.finish(visiting: &visitor)
}

/// `value` with `places` decimals.
func format(_ value: Double, _ places: Int) -> String { String(format: "%.\(places)f", value) }

/// Adds up the positions of RMC and GGA sentences.
struct PositionSum: SentenceVisitor {
  var sum = 0.0

  mutating func visit(_ rmc: borrowing RMC) { sum += (rmc.latitude ?? 0) + (rmc.longitude ?? 0) }
  mutating func visit(_ gga: borrowing GGA) { sum += (gga.latitude ?? 0) + (gga.longitude ?? 0) }
}
