import Foundation

/// A capture's sentences by epoch, in order, to check each fix against what the receiver said
/// in its own epoch.
struct EpochSentences {
  /// One sentence: its line number in the capture (from 1), its text from `$`, its fields
  /// (the address first, the checksum cut off).
  struct Line {
    var number: Int
    var text: String
    var fields: [Substring]
  }

  /// One epoch: a run of sentences of one time of day (ms), untimed ones joining the run they
  /// follow (those before the first timed one, or after a timed-type sentence without its
  /// time, join the next run, as in the assembler).
  struct Group {
    var time: Int64
    var lines: [Line]
    var fields: [[Substring]] { lines.map(\.fields) }
  }

  private(set) var groups: [Group] = []
  private var cursor = 0

  /// Groups `bytes`. A sentence of a timed type sent without its time (a receiver without a
  /// fix) belongs to no epoch, and is left out.
  init(_ bytes: [UInt8]) {
    // Untimed sentences wait here for the next timed one while no epoch takes them: at the
    // start, and after a timed-type sentence without its time (the assembler's epoch ended).
    var waiting: [Line] = []
    var open = false
    var current: Int64? = nil
    // NUL bytes aside, as the framer drops them (a UTF-16 capture reads as its ASCII).
    let text = String(decoding: bytes.filter { $0 != 0 }, as: UTF8.self)
    var number = 0
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      number += 1
      // From the line's last `$` (or `!`): `$$GNGGA` is GNGGA, and binary before a sentence
      // (a u-blox's UBX between its NMEA lines) is not part of it.
      guard let start = raw.lastIndex(of: "$") ?? raw.lastIndex(of: "!") else { continue }
      let sentence = String(raw[start...])
      // What the strict checksum policy (the invariants' session's) takes: a valid `*hh`.
      guard Self.checksumValid(sentence) else { continue }
      let fields = (sentence.dropFirst().split(separator: "*", maxSplits: 1).first ?? "")
        .split(separator: ",", omittingEmptySubsequences: false)
      let line = Line(number: number, text: sentence, fields: fields)
      if Self.isTimedType(fields) && !Self.hasTime(fields) {
        waiting = []
        open = false
        current = nil
        continue
      }
      if let time = GpsdOracle.timeOfDay(ofSentence: sentence) {
        if current.map({ abs($0 - time) >= 10_000_000 }) ?? true {
          groups.append(Group(time: time / 1_000_000, lines: waiting))
          waiting = []
          open = true
        }
        current = time
        groups[groups.count - 1].time = time / 1_000_000
      }
      if open {
        groups[groups.count - 1].lines.append(line)
      } else {
        waiting.append(line)
      }
    }
  }

  /// The index of the next epoch (in the capture's order) at this time of day (within a
  /// millisecond: `222514.0009`), or nil when none is left.
  mutating func next(atMilliseconds time: Int64) -> Int? {
    guard let index = groups[cursor...].firstIndex(where: { abs($0.time - time) <= 1 }) else {
      return nil
    }
    cursor = index + 1
    return index
  }

  /// Whether `sentence` (from `$`) ends in `*hh`, the XOR of the bytes between `$` and `*`
  /// (line ends and trailing blanks aside).
  static func checksumValid(_ sentence: String) -> Bool {
    let bytes = Array(sentence.utf8.reversed().drop { $0 == 13 || $0 == 32 }.reversed())
    guard bytes.count >= 4, bytes[bytes.count - 3] == UInt8(ascii: "*"),
      let sent = UInt8(String(decoding: bytes.suffix(2), as: UTF8.self), radix: 16)
    else { return false }
    return bytes[1..<(bytes.count - 3)].reduce(0, ^) == sent
  }

  /// RMC, GGA, GLL, GNS, ZDA.
  static func isTimedType(_ fields: [Substring]) -> Bool {
    guard let address = fields.first, address.count == 5 else { return false }
    return ["RMC", "GGA", "GLL", "GNS", "ZDA"].contains(address.suffix(3))
  }

  /// Whether a timed-type sentence has its time field.
  static func hasTime(_ fields: [Substring]) -> Bool {
    let index = fields.first?.hasSuffix("GLL") == true ? 5 : 1
    return fields.count > index && !fields[index].isEmpty
  }

  /// Sentences of one type (`RMC`, `GGA`…, any talker; `PGRMV` by its whole address) among
  /// `fields`.
  static func of(_ type: String, _ fields: [[Substring]]) -> [[Substring]] {
    fields.filter {
      guard let address = $0.first else { return false }
      return type.count == 5 ? address == type : address.count == 5 && address.hasSuffix(type)
    }
  }

  /// The sentences of one type in a group, with their lines.
  static func lines(_ type: String, _ group: Group) -> [Line] {
    group.lines.filter { !of(type, [$0.fields]).isEmpty }
  }

  /// The number in a field, if it is one.
  static func number(_ field: Substring?) -> Double? {
    guard let field, !field.isEmpty else { return nil }
    return Double(field)
  }

  /// `ddmm.mmmm` and a hemisphere letter in degrees (south and west negative).
  static func coordinate(_ value: Substring?, _ hemisphere: Substring?) -> Double? {
    guard let raw = number(value), let hemisphere else { return nil }
    let degrees = (raw / 100).rounded(.down)
    let signed = degrees + (raw - degrees * 100) / 60
    return hemisphere == "S" || hemisphere == "W" ? -signed : signed
  }

  /// Whether two numbers agree to the precision NMEA carries.
  static func same(_ a: Double?, _ b: Double, tolerance: Double = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance * max(1, abs(b))
  }

  /// `file:line: sentence` for each line, for a failure message.
  static func cite(_ file: String, _ lines: [Line]) -> String {
    lines.map { "\n    \(file):\($0.number): \($0.text)" }.joined()
  }
}
