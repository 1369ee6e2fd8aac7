import FoundationEssentials
import Geodesy
import JSON
import LocationEngine

/// The fix: time (UTC, local, age), position (decimal and DMS), altitudes, speed, course,
/// climb, mode and quality, error estimates, DOPs; each a label and a value on its line.
/// With fewer rows than lines, the least needed lines go first (local time, DOPs, course,
/// errors…); the position and the mode stay.
enum FixPanel {
  /// One line: its label, its parts, and how much it is needed (lower: kept longer).
  struct Line {
    var label: String
    var parts: [(String, CellStyle)]
    var rank: Int
  }

  /// Draws the panel for `model` at wall-clock time `now` into `rect`.
  static func draw(
    _ model: ScreenModel, now: Date, in rect: ScreenRect, on buffer: inout CellBuffer,
    palette: ScreenPalette
  ) {
    let all = lines(model, now: now, palette: palette, wide: rect.width >= 60)
    let kept = Set(all.indices.sorted { all[$0].rank < all[$1].rank }.prefix(rect.height))
    var row = rect.row
    for index in all.indices where kept.contains(index) {
      let line = all[index]
      var column = rect.column
      column += buffer.write(
        line.label.padded(to: 8), row: row, column: column, style: palette.label,
        limit: rect.width)
      for (text, style) in line.parts {
        let left = rect.column + rect.width - column
        guard left > 0 else { break }
        column += buffer.write(text, row: row, column: column, style: style, limit: left)
      }
      row += 1
    }
  }

  /// Every line the panel can show, in order.
  static func lines(_ model: ScreenModel, now: Date, palette: ScreenPalette, wide: Bool)
    -> [Line]
  {
    guard let fix = model.fix else { return waiting(model, palette: palette) }
    let gnss = fix.gnss
    let value = palette.value
    let faint = palette.faint
    var lines: [Line] = []
    var age = ScreenText.age(fix, now: now)
    if let stale = model.staleAge { age = "stale " + JSONText.fixed(stale, 0) + " s" }
    let ageStyle = model.staleAge == nil ? faint : palette.bad
    lines.append(
      Line(label: "UTC", parts: [(ScreenText.utc(fix) + "  ", value), (age, ageStyle)], rank: 3))
    if let local = ScreenText.local(fix.timestamp, dated: fix.hasDate) {
      lines.append(Line(label: "Local", parts: [(local, value)], rank: 10))
    }
    let latitude = fix.coordinate.latitude
    let longitude = fix.coordinate.longitude
    lines.append(
      Line(
        label: "Lat",
        parts: [
          (ScreenText.decimal(latitude).padded(to: 13), palette.accent),
          (ScreenText.dms(latitude: latitude), value),
        ], rank: 0))
    lines.append(
      Line(
        label: "Lon",
        parts: [
          (ScreenText.decimal(longitude).padded(to: 13), palette.accent),
          (ScreenText.dms(longitude: longitude), value),
        ], rank: 1))
    lines.append(Line(label: "Alt", parts: altitude(fix, palette: palette), rank: 4))
    var speed: [(String, CellStyle)] = [("-", faint)]
    if let metres = fix.validSpeed {
      speed = [
        (JSONText.fixed(metres * 3.6, 1) + " km/h", value),
        ("  " + JSONText.fixed(metres, 2) + " m/s", faint),
      ]
    }
    speed += [("  climb ", faint), (ScreenText.signed(gnss?.climb, 2) + " m/s", value)]
    lines.append(Line(label: "Speed", parts: speed, rank: 5))
    var course: [(String, CellStyle)] = [("-", faint)]
    if let degrees = fix.validCourse {
      course = [(JSONText.fixed(degrees, 1) + "° " + Coordinates.compassPoint(degrees), value)]
    }
    if let variation = gnss?.magneticVariation {
      course.append(
        (
          "  magnetic variation " + JSONText.fixed(abs(variation), 1) + "° "
            + (variation < 0 ? "W" : "E"), faint
        ))
    }
    lines.append(Line(label: "Course", parts: course, rank: 7))
    lines.append(Line(label: "Fix", parts: mode(model, fix, palette: palette), rank: 2))
    lines.append(
      Line(
        label: "Error",
        parts: [
          ("eph ", faint), (ScreenText.number(fix.validHorizontalAccuracy, 1), value),
          ("  epv ", faint), (ScreenText.number(fix.validVerticalAccuracy, 1), value),
          ("  epx ", faint), (ScreenText.number(gnss?.longitudeError, 1), value),
          ("  epy ", faint), (ScreenText.number(gnss?.latitudeError, 1), value),
          (" m", faint),
        ], rank: 6))
    lines.append(Line(label: "DOP", parts: dops(model, fix, wide: wide, palette: palette), rank: 8))
    if !wide {
      lines.append(Line(label: "", parts: extraDops(model, palette: palette), rank: 11))
    }
    if let age = gnss?.dgpsAge, age >= 0 {
      var parts = [("age " + JSONText.fixed(age, 1) + " s", value)]
      if let station = gnss?.dgpsStation { parts.append(("  station \(station)", faint)) }
      lines.append(Line(label: "DGPS", parts: parts, rank: 12))
    }
    lines.append(
      Line(
        label: "Fixes",
        parts: [
          ("\(model.fixes)", value),
          (model.fixRate.map { "  at " + JSONText.fixed($0, $0 < 2 ? 2 : 1) + " Hz" } ?? "", faint),
          (model.paused ? "  paused: not moving" : "", palette.fair),
        ], rank: 13))
    return lines
  }

  private static func waiting(_ model: ScreenModel, palette: ScreenPalette) -> [Line] {
    var text = "waiting for the receiver"
    if let progress = model.progress { text = HumanFormat.progress(progress) }
    return [Line(label: "Fix", parts: [(text, palette.fair)], rank: 0)]
  }

  private static func altitude(_ fix: Fix, palette: ScreenPalette) -> [(String, CellStyle)] {
    guard fix.hasAltitude else {
      return [("unknown (" + fix.fixMode.label + " fix)", palette.faint)]
    }
    var parts = [
      (JSONText.fixed(fix.altitude, 1) + " m", palette.value), (" MSL", palette.faint),
    ]
    if fix.ellipsoidalAltitude.isFinite, fix.gnss?.geoidSeparation != nil {
      parts += [
        ("  " + JSONText.fixed(fix.ellipsoidalAltitude, 1) + " m", palette.value),
        (
          " ellipsoid" + (fix.gnss?.geoidSeparationFromModel == true ? " (EGM96)" : ""),
          palette.faint
        ),
      ]
    }
    return parts
  }

  private static func mode(_ model: ScreenModel, _ fix: Fix, palette: ScreenPalette)
    -> [(String, CellStyle)]
  {
    let style: CellStyle
    switch fix.fixMode {
    case .fix3D: style = palette.good.with(.bold)
    case .fix2D: style = palette.fair.with(.bold)
    default: style = palette.bad.with(.bold)
    }
    var parts = [(ScreenText.mode(fix), style)]
    if let used = fix.gnss?.satellitesUsed {
      parts.append(("  \(used) used", palette.value))
      if let inView = fix.gnss?.satellitesInView { parts.append((" of \(inView)", palette.faint)) }
    }
    if fix.source?.isSimulatedBySoftware == true, fix.gnss?.status != .simulated {
      parts.append(("  simulated", palette.faint))
    }
    return parts
  }

  private static func dops(_ model: ScreenModel, _ fix: Fix, wide: Bool, palette: ScreenPalette)
    -> [(String, CellStyle)]
  {
    let sky = model.sky
    let geometry = model.geometry
    var values: [(String, Double?)] = [
      ("H", fix.gnss?.hdop ?? sky?.hdop ?? geometry?.horizontal),
      ("V", fix.gnss?.vdop ?? sky?.vdop ?? geometry?.vertical),
      ("P", fix.gnss?.pdop ?? sky?.pdop ?? geometry?.position),
      ("G", geometry?.geometric), ("T", geometry?.time),
    ]
    if wide { values += [("X", geometry?.x), ("Y", geometry?.y)] }
    return pairs(values, palette: palette)
  }

  private static func extraDops(_ model: ScreenModel, palette: ScreenPalette)
    -> [(String, CellStyle)]
  {
    pairs([("X", model.geometry?.x), ("Y", model.geometry?.y)], palette: palette)
  }

  private static func pairs(_ values: [(String, Double?)], palette: ScreenPalette)
    -> [(String, CellStyle)]
  {
    var parts: [(String, CellStyle)] = []
    for (index, (name, number)) in values.enumerated() {
      parts.append(((index == 0 ? "" : "  ") + name + " ", palette.faint))
      parts.append((ScreenText.number(number, 2), palette.value))
    }
    return parts
  }
}
