import FoundationEssentials
import Geodesy
import JSON
import LocationEngine
import Platform

/// The screen's words and numbers: times, coordinates, speeds, signals.
enum ScreenText {
  /// `2026-11-29 23:01:18.00 UTC`, or the time of day alone for a fix without a date.
  static func utc(_ fix: Fix) -> String {
    let iso = TimeText.iso8601(fix.timestamp)
    let parts = iso.split(separator: "T")
    guard parts.count == 2 else { return iso }
    let time = parts[1].dropLast(2)  // hundredths: a 20 Hz receiver's epochs differ there
    return (fix.hasDate ? parts[0] + " " : "") + time + " UTC"
  }

  /// `2026-11-30 00:01:18 CET +01:00` (the local zone), nil for a fix without a date.
  static func local(_ date: Date, dated: Bool = true) -> String? {
    guard dated,
      let local = LocalTime(secondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down)))
    else { return nil }
    let time = local.time
    let offset = abs(local.utcOffset)
    let sign = local.utcOffset < 0 ? "-" : "+"
    return CFormat.string(
      "%04d-%02d-%02d %02d:%02d:%02d", Int32(time.year), Int32(time.month), Int32(time.day),
      Int32(time.hour), Int32(time.minute), Int32(time.second))
      + (local.zone.isEmpty ? "" : " " + local.zone) + " " + sign
      + CFormat.string("%02d:%02d", Int32(offset / 3600), Int32(offset / 60 % 60))
  }

  /// `23:01:18` on the local clock.
  static func clock(_ date: Date) -> String {
    guard let local = LocalTime(secondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down)))
    else { return "" }
    return CFormat.string(
      "%02d:%02d:%02d", Int32(local.time.hour), Int32(local.time.minute),
      Int32(local.time.second))
  }

  /// `age 0.3 s`, `age 4 min 2 s`, `replayed`, `no date`: how old the fix is.
  static func age(_ fix: Fix, now: Date) -> String {
    if fix.gnss?.isReplay == true { return "replayed" }
    guard fix.hasDate else { return "no date" }
    let age = now.timeIntervalSince(fix.timestamp)
    if age < -1 { return HumanFormat.duration(-age) + " ahead" }
    if age < 60 { return "age " + JSONText.fixed(max(0, age), 1) + " s" }
    return "age " + HumanFormat.duration(age)
  }

  /// A rate a second: `12`, `1`, `0.5` (tenths below 2 only).
  static func rate(_ value: Double) -> String {
    value >= 1.95 ? JSONText.fixed(value, 0) : JSONText.shortest((value * 10).rounded() / 10)
  }

  /// `48.117307`: signed decimal degrees.
  static func decimal(_ degrees: Double) -> String { JSONText.fixed(degrees, 6) }

  /// `48°07′02.31″N`.
  static func dms(latitude: Double) -> String {
    Coordinates.formatLatitude(latitude, style: .dms(places: 2))
  }

  /// `11°31′00.16″E`.
  static func dms(longitude: Double) -> String {
    Coordinates.formatLongitude(longitude, style: .dms(places: 2))
  }

  /// `3D DGPS`, `2D`, `no fix`, `3D RTK fixed`, `dead reckoning`.
  static func mode(_ fix: Fix) -> String {
    var text = fix.fixMode.label
    if let status = fix.gnss?.status, fix.fixMode.rawValue >= 2 {
      switch status {
      case .deadReckoning: return "dead reckoning"
      case .unknown, .gps: break
      default: text += " " + (status.label ?? "")
      }
    }
    return text
  }

  /// `9.5`, or `-` for a value that is not there.
  static func number(_ value: Double?, _ places: Int) -> String {
    guard let value, value.isFinite else { return "-" }
    return JSONText.fixed(value, places)
  }

  /// `+0.12` (a signed number), `-` when absent.
  static func signed(_ value: Double?, _ places: Int) -> String {
    guard let value, value.isFinite else { return "-" }
    return (value >= 0 ? "+" : "") + JSONText.fixed(value, places)
  }

  /// `12.345 km` (metres below a kilometre).
  static func distance(_ metres: Double) -> String {
    metres < 1000 ? JSONText.fixed(metres, 1) + " m" : JSONText.fixed(metres / 1000, 3) + " km"
  }

  /// A bar of `width` cells for `fraction` (0…1) in eighths: `█████▌`.
  static func bar(_ fraction: Double, width: Int) -> String {
    let eighths = Int((min(max(fraction, 0), 1) * Double(width * 8)).rounded())
    var text = String(repeating: "█", count: eighths / 8)
    let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
    text += partial
    return text
  }
}
