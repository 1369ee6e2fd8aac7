// Writes coordinates: signed decimal degrees, or degrees-minutes-seconds with a hemisphere
// letter, rounded once on the whole value so that carries propagate (59.9999″ → next minute).
import Glibc

/// The coordinate writer.
enum CoordinateFormatter {
  /// `value` in `style`; `positive`/`negative` are the hemisphere letters.
  static func format(
    _ value: Double, positive: String, negative: String, style: CoordinateStyle
  ) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    switch style {
    case .decimal(let places):
      return decimal(value, places: min(max(places, 0), 15))
    case .dms(let places):
      return dms(value, places: min(max(places, 0), 9), positive: positive, negative: negative)
    }
  }

  /// Signed decimal with `places` decimals, correctly rounded (printf's `%.*f`); no "-0".
  static func decimal(_ value: Double, places: Int) -> String {
    // The largest double has 309 integer digits; with a sign, a point and 15 decimals: < 400.
    var buffer = [CChar](repeating: 0, count: 400)
    _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.\(places)f", $0) }
    let text = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if text.hasPrefix("-") && !text.contains(where: { $0 >= "1" && $0 <= "9" }) {
      return String(text.dropFirst())
    }
    return text
  }

  /// `D°MM′SS.ss″H`, rounded to `places` decimals of seconds with the carry taken through.
  static func dms(_ value: Double, places: Int, positive: String, negative: String) -> String {
    let scale = power10(places)
    // Whole degrees are exact; round the remainder in units of 10^-places seconds.
    let magnitude = abs(value)
    var degrees = UInt64(magnitude.rounded(.towardZero))
    var units = UInt64(((magnitude - Double(degrees)) * 3600 * Double(scale)).rounded())
    let perDegree = 3600 * scale
    if units >= perDegree {
      degrees += units / perDegree
      units %= perDegree
    }
    let minutes = units / (60 * scale)
    let secondsUnits = units % (60 * scale)
    let seconds = secondsUnits / scale
    var text = String(degrees) + "°" + pad(minutes, 2) + "′" + pad(seconds, 2)
    if places > 0 { text += "." + pad(secondsUnits % scale, places) }
    let letter = value < 0 && (degrees != 0 || units != 0) ? negative : positive
    return text + "″" + letter
  }

  /// 10^n.
  static func power10(_ n: Int) -> UInt64 {
    var p: UInt64 = 1
    for _ in 0..<n { p *= 10 }
    return p
  }

  /// `n` with leading zeros to `width` digits.
  static func pad(_ n: UInt64, _ width: Int) -> String {
    let digits = String(n)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
