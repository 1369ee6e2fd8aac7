// `LocateBench corpus`: a seeded, realistic multi-GNSS NMEA corpus for the decode benchmark.
import Foundation
import NMEA

/// `LocateBench corpus --seed N --target-mb M --out FILE [--epochs N] [--corrupt-frac F]`.
///
/// A car drives from Greenwich at 1 Hz from 2024-03-10 07:58:00 UTC; each epoch is a u-blox
/// M9's output (see ``epochSentences(index:time:vehicle:constellations:random:state:)``),
/// written with ``NMEAEncoder``, CRLF line ends; a fraction of lines (0.5 % by default) is
/// damaged. Stops at the first epoch boundary at or past the target size (MB = 10^6 bytes).
/// The same arguments give the same bytes. Writes `FILE.json` with the counts.
func corpusBench(_ arguments: [String]) -> Int32 {
  var options: [String: String] = [:]
  var index = 0
  while index + 1 < arguments.count, arguments[index].hasPrefix("--") {
    options[String(arguments[index].dropFirst(2))] = arguments[index + 1]
    index += 2
  }
  guard index == arguments.count, let out = options["out"],
    Set(options.keys).isSubset(of: ["seed", "target-mb", "out", "epochs", "corrupt-frac"]),
    let seed = UInt64(options["seed"] ?? "1"),
    let corruptFraction = Double(options["corrupt-frac"] ?? "0.005")
  else {
    printError(
      "usage: LocateBench corpus --seed N (--target-mb M | --epochs N) --out FILE"
        + " [--corrupt-frac F]")
    return 64
  }
  let targetBytes = options["target-mb"].flatMap(Double.init).map { Int($0 * 1e6) }
  let epochLimit = options["epochs"].flatMap(Int.init) ?? (targetBytes == nil ? 3600 : Int.max)
  guard let file = FileHandle(forWritingAtPath: out) ?? createFile(out) else {
    printError("LocateBench corpus: cannot write \(out)")
    return 73
  }
  var generator = CorpusGenerator(seed: seed, corruptFraction: corruptFraction)
  var buffer: [UInt8] = []
  buffer.reserveCapacity(1 << 21)
  while generator.epochs < epochLimit && generator.bytes < (targetBytes ?? Int.max) {
    generator.epoch(into: &buffer)
    if buffer.count >= 1 << 20 {
      file.write(Data(buffer))
      buffer.removeAll(keepingCapacity: true)
    }
  }
  generator.flushGlued(into: &buffer)
  file.write(Data(buffer))
  try? file.truncate(atOffset: UInt64(generator.bytes))
  try? file.close()
  let manifest = generator.manifest(seed: seed)
  _ = FileManager.default.createFile(atPath: out + ".json", contents: Data(manifest.utf8))
  print(manifest, terminator: "")
  return 0
}

/// Creates (or empties) `path` and opens it for writing.
func createFile(_ path: String) -> FileHandle? {
  guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
  return FileHandle(forWritingAtPath: path)
}

/// The generator's state from epoch to epoch.
struct CorpusGenerator {
  var random: CorpusRandom
  var vehicle: Vehicle
  var constellations: [Constellation]
  var state = CorpusState()
  let corruptFraction: Double
  let encoder = NMEAEncoder()
  let startTime = 1_710_057_480  // 2024-03-10T07:58:00Z
  var epochs = 0
  var bytes = 0
  var lines = 0
  var clean: [String: Int] = [:]
  var damaged: [Damage: Int] = [:]
  var glued: [UInt8] = []

  init(seed: UInt64, corruptFraction: Double) {
    random = CorpusRandom(seed: seed)
    self.corruptFraction = corruptFraction
    vehicle = Vehicle(&random, latitude: 51.4778, longitude: -0.0015)
    constellations = [
      Constellation(&random, talker: .gps, systemID: 1, signalID: 1, ids: 1...32, visible: 11),
      Constellation(&random, talker: .glonass, systemID: 2, signalID: 1, ids: 65...96, visible: 8),
      Constellation(&random, talker: .galileo, systemID: 3, signalID: 7, ids: 1...36, visible: 9),
      Constellation(&random, talker: .beidou, systemID: 4, signalID: 1, ids: 1...63, visible: 12),
    ]
  }

  /// Appends one epoch's lines to `buffer`.
  mutating func epoch(into buffer: inout [UInt8]) {
    vehicle.step(&random)
    for index in constellations.indices { constellations[index].step(&random) }
    if random.unit() < 0.002 { state.differential.toggle() }
    state.differentialAge = state.differential ? 1 + Double(epochs % 30) * 0.5 : 0
    let sentences = epochSentences(
      index: epochs, time: startTime + epochs, vehicle: vehicle, constellations: &constellations,
      random: &random, state: state)
    var line: [UInt8] = []
    for sentence in sentences {
      line.removeAll(keepingCapacity: true)
      encoder.encode(sentence, appendingTo: &line)
      var output = line
      if corruptFraction > 0 && random.unit() < corruptFraction {
        let (bytes, kind, gluedOn) = damage(line, &random)
        damaged[kind, default: 0] += 1
        if gluedOn {
          glued += bytes
          continue
        }
        output = bytes
      } else {
        clean[String(decoding: line[1..<6], as: UTF8.self), default: 0] += 1
      }
      buffer += glued
      bytes += glued.count + output.count
      glued.removeAll()
      buffer += output
      lines += 1
    }
    epochs += 1
  }

  /// Ends a glued line left at the very end with CRLF.
  mutating func flushGlued(into buffer: inout [UInt8]) {
    guard !glued.isEmpty else { return }
    buffer += glued + [0x0D, 0x0A]
    bytes += glued.count + 2
    lines += 1
    glued.removeAll()
  }

  /// The counts as JSON.
  func manifest(seed: UInt64) -> String {
    let types = clean.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
    let kinds = Damage.allCases.map { "\"\($0.rawValue)\": \(damaged[$0] ?? 0)" }
    return """
      {"generator": "LocateBench corpus", "seed": \(seed), "epochs": \(epochs), \
      "corrupt_frac": \(corruptFraction), "bytes": \(bytes), "lines": \(lines),
       "clean_sentences_by_type": {\(types.joined(separator: ", "))},
       "corrupted": {\(kinds.joined(separator: ", "))}}

      """
  }
}
