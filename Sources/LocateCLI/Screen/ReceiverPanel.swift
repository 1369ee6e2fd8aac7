import JSON
import LocationEngine
import NMEA
import Receivers

/// The receiver: its device and state, the talkers and each sentence type's rate, and what
/// was ignored or invalid (bad checksums, sentences and fields that cannot be true, junk).
enum ReceiverPanel {
  /// The lines, most needed first.
  static func lines(_ model: ScreenModel, palette: ScreenPalette) -> [[(String, CellStyle)]] {
    var first: [(String, CellStyle)] = [(TextSafety.visible(model.source), palette.label)]
    switch model.device {
    case .connected(_, let baud?)?: first.append(("  \(baud) baud", palette.value))
    case nil: first.append(("  opening", palette.faint))
    default: break
    }
    if let device = model.device {
      let (word, style) = state(device, palette: palette)
      first.append(("  " + word, style))
    }
    if let sharing = model.sharing { first.append(("  " + sharing, palette.accent)) }
    if let rate = model.fixRate {
      first.append(("  fixes at " + JSONText.fixed(rate, rate < 2 ? 2 : 1) + " Hz", palette.faint))
    }
    guard let counters = model.counters else {
      return [first, [("no sentences counted yet", palette.faint)]]
    }
    let addresses = model.addresses
    let talkers = Set(
      addresses.keys.filter { !$0.hasPrefix("P") && $0.count >= 5 }.map {
        String($0.prefix(2))
      }
    ).sorted()
    var types: [String: (count: Int, rate: Double)] = [:]
    for (address, count) in addresses {
      let type = address.hasPrefix("P") ? address : String(address.dropFirst(2))
      let rate = model.rates.perSecond[address] ?? 0
      types[type, default: (0, 0)].count += count
      types[type, default: (0, 0)].rate += rate
    }
    var second: [(String, CellStyle)] = [
      ("talkers ", palette.faint),
      (talkers.isEmpty ? "-" : talkers.joined(separator: " "), palette.value),
      ("  a second:", palette.faint),
    ]
    for (type, entry) in types.sorted(by: { $0.key < $1.key }) {
      second.append(("  " + TextSafety.visible(type), palette.value))
      second.append((" " + ScreenText.rate(entry.rate), palette.faint))
    }
    let framing = counters.framing
    let checksums = framing.badChecksums + framing.missingChecksums + framing.malformedChecksums
    func count(_ label: String, _ value: Int) -> [(String, CellStyle)] {
      [("  " + label + " ", palette.faint), ("\(value)", value > 0 ? palette.fair : palette.faint)]
    }
    var third: [(String, CellStyle)] = [("\(framing.sentences) sentences", palette.value)]
    third += count("bad checksum", checksums)
    third += count("invalid", counters.invalidSentences)
    third += count("fields ignored", counters.ignoredFields)
    third += count("cut", framing.truncatedLines + framing.overLongLines)
    third += count("junk bytes", framing.junkBytes)
    return [first, second, third]
  }

  /// A word for a device state, coloured by how good it is.
  static func state(_ state: DeviceState, palette: ScreenPalette) -> (String, CellStyle) {
    switch state {
    case .connected: return ("connected", palette.good)
    case .available: return ("available", palette.value)
    case .silent(_, let seconds):
      return ("silent " + JSONText.fixed(seconds, 0) + " s", palette.fair)
    case .garbled: return ("no NMEA", palette.bad)
    case .unplugged: return ("unplugged", palette.bad)
    case .denied: return ("permission denied", palette.bad)
    case .busy: return ("busy", palette.bad)
    case .unavailable: return ("not found", palette.bad)
    case .ended: return ("ended", palette.faint)
    }
  }
}
