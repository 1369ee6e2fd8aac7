import FoundationEssentials
import LocationEngine

/// Draws the whole screen: the model laid out for the terminal's size into a frame.
struct ScreenRenderer: Sendable {
  let palette: ScreenPalette

  /// A renderer with colours or without.
  init(colors: Bool) { palette = ScreenPalette(colors: colors) }

  /// The frame for `model` at wall-clock time `now` on a terminal of `columns` × `rows`.
  func frame(_ model: ScreenModel, columns: Int, rows: Int, now: Date) -> CellBuffer {
    let targetLines = model.targets.count + model.regions.count
    let layout = ScreenLayout.make(columns: columns, rows: rows, targetLines: targetLines)
    var buffer = CellBuffer(width: columns, height: rows)
    guard !layout.tooSmall else {
      buffer.write("terminal too small", row: 0, column: 0, style: palette.bad)
      return buffer
    }
    if let rect = layout.title { title(model, now: now, in: rect, on: &buffer) }
    let counts = model.skyCounts
    if let rect = layout.fixRule {
      rule("Fix", in: rect, on: &buffer)
      if let sky = layout.sky {
        buffer.put("┬", row: rect.row, column: sky.column - 1, style: palette.rule)
        buffer.write(" Sky ", row: rect.row, column: sky.column + 1, style: palette.rule)
      }
    }
    if let rect = layout.fix {
      FixPanel.draw(model, now: now, in: rect, on: &buffer, palette: palette)
    }
    if let rect = layout.sky {
      for row in rect.row..<rect.bottom {
        buffer.put("│", row: row, column: rect.column - 1, style: palette.rule)
      }
      SkyPlot.draw(model.sky, in: rect, on: &buffer, palette: palette)
    }
    if let rect = layout.satellitesRule {
      var text = "Satellites"
      if let counts { text += ": \(counts.used) used of \(counts.inView) in view" }
      text += " ─ sig el° az° dB-Hz ✓used"
      rule(text, in: rect, on: &buffer)
    }
    if let rect = layout.satellites {
      SatelliteTable.draw(model, in: rect, on: &buffer, palette: palette)
    }
    if let rect = layout.targetsRule {
      rule(
        model.regions.isEmpty
          ? "Targets" : model.targets.isEmpty ? "Regions" : "Targets and regions", in: rect,
        on: &buffer)
    }
    if let rect = layout.targets {
      lines(TargetPanel.lines(model, palette: palette), in: rect, on: &buffer)
    }
    if let rect = layout.receiverRule { rule("Receiver", in: rect, on: &buffer) }
    if let rect = layout.receiver {
      lines(ReceiverPanel.lines(model, palette: palette), in: rect, on: &buffer)
    }
    if let rect = layout.footer { footer(model, in: rect, on: &buffer) }
    return buffer
  }

  private func title(
    _ model: ScreenModel, now: Date, in rect: ScreenRect, on buffer: inout CellBuffer
  ) {
    buffer.fill(row: rect.row, column: 0, count: rect.width, style: palette.title)
    var text = " locate"
    if let fix = model.fix { text += "  " + ScreenText.mode(fix) } else { text += "  no fix" }
    if let counts = model.skyCounts { text += "  \(counts.used)/\(counts.inView) satellites" }
    if model.fixes > 0 { text += "  \(model.fixes) fix" + (model.fixes == 1 ? "" : "es") }
    if model.ended { text += "  input ended" }
    let right = ScreenText.clock(now) + "  q: quit "
    buffer.write(
      text, row: rect.row, column: 0, style: palette.title.with(.bold), limit: rect.width)
    if rect.width >= text.count + right.count + 1 {
      buffer.write(right, row: rect.row, column: rect.width - right.count, style: palette.title)
    }
  }

  private func rule(_ title: String, in rect: ScreenRect, on buffer: inout CellBuffer) {
    buffer.fill(
      row: rect.row, column: rect.column, count: rect.width, with: "─", style: palette.rule)
    buffer.write(
      " " + title + " ", row: rect.row, column: rect.column + 1, style: palette.rule,
      limit: rect.width - 2)
  }

  private func lines(
    _ lines: [[(String, CellStyle)]], in rect: ScreenRect, on buffer: inout CellBuffer
  ) {
    for (index, parts) in lines.prefix(rect.height).enumerated() {
      var column = rect.column
      for (text, style) in parts {
        let left = rect.column + rect.width - column
        guard left > 0 else { break }
        column += buffer.write(
          text, row: rect.row + index, column: column, style: style, limit: left)
      }
    }
  }

  private func footer(_ model: ScreenModel, in rect: ScreenRect, on buffer: inout CellBuffer) {
    guard let note = model.note else {
      buffer.write(
        "q or Ctrl-C: quit   Ctrl-L: redraw   Ctrl-Z: suspend", row: rect.row, column: 0,
        style: palette.faint, limit: rect.width)
      return
    }
    var column = 0
    if let time = model.noteTime {
      column += buffer.write(
        ScreenText.clock(time) + "  ", row: rect.row, column: 0, style: palette.faint,
        limit: rect.width)
    }
    buffer.write(
      note, row: rect.row, column: column, style: palette.value, limit: rect.width - column)
  }
}
