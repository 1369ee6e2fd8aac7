// libFuzzer's custom mutator: half the mutations edit NMEA sentences as sentences (fields
// swapped, dropped, blanked, taken from another sentence of the type; sentences reordered,
// duplicated into other epochs, re-timed), with their checksums fixed so that they reach the
// fix assembly; the other half are libFuzzer's own byte mutations.

import Glibc

/// libFuzzer's built-in mutation (`LLVMFuzzerMutate`), for the byte-level half: looked up at
/// run time, since only a `--sanitize=fuzzer` build has it (executables export their symbols).
private let libFuzzerMutate: (@convention(c) (UnsafeMutablePointer<UInt8>, Int, Int) -> Int)? = {
  guard let symbol = dlsym(nil, "LLVMFuzzerMutate") else { return nil }
  return unsafeBitCast(
    symbol, to: (@convention(c) (UnsafeMutablePointer<UInt8>, Int, Int) -> Int).self)
}()

/// libFuzzer's hook for custom mutations (it calls this instead of its own when present).
@_cdecl("LLVMFuzzerCustomMutator")
public func customMutator(
  _ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32
) -> Int {
  var random = MutationRandom(seed: seed)
  if random.below(2) == 0, let mutate = libFuzzerMutate { return mutate(data, size, maxSize) }
  var mutator = SentenceMutator(Array(UnsafeBufferPointer(start: data, count: size)))
  guard mutator.mutate(&random) else { return libFuzzerMutate?(data, size, maxSize) ?? size }
  let bytes = mutator.bytes
  let count = min(bytes.count, maxSize)
  for index in 0..<count { data[index] = bytes[index] }
  return count
}

/// A small deterministic generator (SplitMix64) seeded by libFuzzer.
struct MutationRandom {
  private var state: UInt64

  init(seed: UInt32) { state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1 }

  /// A number in `0..<bound` (bound > 0).
  mutating func below(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Int(z % UInt64(max(bound, 1)))
  }
}

/// An input seen as lines, its NMEA sentences editable field by field.
struct SentenceMutator {
  /// The input's lines, each with its line end (the last may have none).
  private(set) var lines: [[UInt8]]

  init(_ bytes: [UInt8]) {
    lines = []
    var line: [UInt8] = []
    for byte in bytes {
      line.append(byte)
      if byte == 0x0A {
        lines.append(line)
        line = []
      }
    }
    if !line.isEmpty { lines.append(line) }
  }

  /// The input again.
  var bytes: [UInt8] { lines.flatMap { $0 } }

  /// The indices of lines that hold a `$` sentence with a `*hh` checksum.
  private var sentences: [Int] {
    lines.indices.filter { MutableSentence(lines[$0]) != nil }
  }

  /// Applies one sentence-level mutation; false when the input has no sentence to work on.
  mutating func mutate(_ random: inout MutationRandom) -> Bool {
    let found = sentences
    guard !found.isEmpty else { return false }
    let index = found[random.below(found.count)]
    guard var sentence = MutableSentence(lines[index]) else { return false }
    switch random.below(8) {
    case 0:  // swap two fields
      let a = random.below(sentence.fields.count)
      let b = random.below(sentence.fields.count)
      sentence.fields.swapAt(a, b)
    case 1:  // drop a field
      if sentence.fields.count > 1 {
        sentence.fields.remove(at: random.below(sentence.fields.count))
      }
    case 2:  // blank a field
      sentence.fields[random.below(sentence.fields.count)] = []
    case 3:  // a field from another sentence of any type, at the same place
      let other = found[random.below(found.count)]
      if let donor = MutableSentence(lines[other]), !donor.fields.isEmpty {
        let field = random.below(sentence.fields.count)
        sentence.fields[field] = donor.fields[min(field, donor.fields.count - 1)]
      }
    case 4:  // reorder: swap two sentences
      let other = found[random.below(found.count)]
      lines.swapAt(index, other)
      return true
    case 5:  // duplicate a sentence into another epoch
      let target = found[random.below(found.count)]
      lines.insert(lines[index], at: target)
      return true
    case 6:  // re-time: give it the time field of another sentence (another epoch's)
      let other = found[random.below(found.count)]
      if let donor = MutableSentence(lines[other]), sentence.fields.count > 1,
        donor.fields.count > 1
      {
        sentence.fields[1] = donor.fields[1]
      }
    default:  // remove a sentence
      lines.remove(at: index)
      return true
    }
    lines[index] = sentence.line
    return true
  }
}

/// One `$…*hh` sentence: the body's fields (the address first) and what follows the checksum.
struct MutableSentence {
  var prefix: [UInt8]
  var fields: [[UInt8]]
  var suffix: [UInt8]

  /// The sentence in `line`, or nil when it has no `$` and `*`.
  init?(_ line: [UInt8]) {
    guard let dollar = line.firstIndex(of: UInt8(ascii: "$")),
      let star = line[dollar...].firstIndex(of: UInt8(ascii: "*"))
    else { return nil }
    prefix = Array(line[...dollar])
    fields = line[(dollar + 1)..<star].split(separator: 0x2C, omittingEmptySubsequences: false)
      .map(Array.init)
    let afterChecksum = min(line.count, star + 3)
    suffix = Array(line[afterChecksum...])
  }

  /// The sentence with a checksum that matches its body.
  var line: [UInt8] {
    let body = Array(fields.joined(separator: [0x2C]))
    let sum = body.reduce(UInt8(0), ^)
    let hex = Array("0123456789ABCDEF".utf8)
    return prefix + body + [UInt8(ascii: "*"), hex[Int(sum >> 4)], hex[Int(sum & 15)]] + suffix
  }
}
