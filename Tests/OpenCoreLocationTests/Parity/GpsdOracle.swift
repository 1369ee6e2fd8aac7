import Foundation

/// gpsd 3.22's verdict for one epoch: the last TPV it emitted while that epoch's time of day
/// was the latest one it had been sent.
struct GpsdEpoch {
  /// Nanoseconds since midnight of the epoch (from the sentence that set it).
  var timeOfDay: Int64
  /// The TPV's fields.
  var mode: Int
  var time: Int64?
  var lat: Double?
  var lon: Double?
  var altMSL: Double?
  var speed: Double?
  var track: Double?
}

/// Reads a gpsd regression transcript (`expected-full-322/NAME.out`).
enum GpsdOracle {
  /// The time of day a timed sentence carries (RMC GGA GNS ZDA field 1, GLL field 5), in ns.
  static func timeOfDay(ofSentence line: String) -> Int64? {
    let body = line.dropFirst().split(separator: "*", maxSplits: 1).first ?? ""
    let fields = body.split(separator: ",", omittingEmptySubsequences: false)
    guard let address = fields.first, address.count == 5 else { return nil }
    let index: Int
    switch address.suffix(3) {
    case "RMC", "GGA", "GNS", "ZDA": index = 1
    case "GLL": index = 5
    default: return nil
    }
    guard fields.count > index else { return nil }
    return parseTime(String(fields[index]))
  }

  /// `hhmmss[.fff]` → ns since midnight.
  static func parseTime(_ text: String) -> Int64? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 6, bytes[0..<6].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
    func two(_ i: Int) -> Int64 { Int64(bytes[i] - 48) * 10 + Int64(bytes[i + 1] - 48) }
    var nanos: Int64 = 0
    if bytes.count > 7, bytes[6] == UInt8(ascii: ".") {
      var scale: Int64 = 100_000_000
      for byte in bytes[7...] {
        guard byte >= 48 && byte <= 57, scale > 0 else { break }
        nanos += Int64(byte - 48) * scale
        scale /= 10
      }
    }
    return (two(0) * 3600 + two(2) * 60 + two(4)) * 1_000_000_000 + nanos
  }

  /// ISO 8601 `YYYY-MM-DDTHH:MM:SS.fffZ` → ns since 1970.
  static func parseISO(_ text: String) -> Int64? {
    let parts = text.split(whereSeparator: { "-T:Z".contains($0) })
    guard parts.count >= 6, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2]), let hour = Int64(parts[3]), let minute = Int64(parts[4]),
      let seconds = Double(parts[5])
    else { return nil }
    let days = Int64(civilDay(year: year, month: month, day: day))
    return (days * 86_400 + hour * 3600 + minute * 60) * 1_000_000_000
      + Int64((seconds * 1e9).rounded())
  }

  static func civilDay(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
  }

  /// The epochs of a transcript, in order, keyed by their latest time of day (TPVs sent before
  /// any timed sentence are skipped: they belong to no epoch).
  static func epochs(_ transcript: String) -> [GpsdEpoch] {
    var epochs: [GpsdEpoch] = []
    var current: Int64? = nil
    var open = false
    for line in transcript.split(whereSeparator: \.isNewline).map(String.init) {
      if line.hasPrefix("$") || line.hasPrefix("!") {
        if let time = timeOfDay(ofSentence: line) {
          // Times less than 10 ms apart are one epoch, as in FixAssembler.
          if let known = current, abs(known - time) < 10_000_000 {
          } else {
            open = false
          }
          current = time
        }
        continue
      }
      guard line.hasPrefix("{\"class\":\"TPV\""), let time = current,
        let data = line.data(using: .utf8),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
      else { continue }
      let epoch = GpsdEpoch(
        timeOfDay: time, mode: object["mode"] as? Int ?? 0,
        time: (object["time"] as? String).flatMap(parseISO), lat: object["lat"] as? Double,
        lon: object["lon"] as? Double, altMSL: object["altMSL"] as? Double,
        speed: object["speed"] as? Double, track: object["track"] as? Double)
      if open {
        epochs[epochs.count - 1] = epoch
      } else {
        epochs.append(epoch)
        open = true
      }
    }
    return epochs
  }
}
