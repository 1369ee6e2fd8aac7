/// A rectangle of cells.
struct ScreenRect: Sendable, Hashable {
  var row: Int
  var column: Int
  var width: Int
  var height: Int

  /// The rows below `rows` of this rectangle.
  var bottom: Int { row + height }
}

/// Where each part of the screen goes for a terminal of a given size. At 80 × 24 every part
/// is there: the title bar, the fix beside the sky plot, the satellite table, targets and
/// regions (when given), the receiver, and the note line. A taller terminal gives the extra
/// rows to the satellites (and a taller sky plot), a wider one more satellite columns and a
/// wider plot. Below 80 × 24 parts shrink, then go, in this order: targets and receiver to
/// one line, the satellite table, the sky plot (below 64 columns), the receiver, the targets,
/// the note line; the fix lines stay longest. Below 20 × 3 the screen only says it is too
/// small.
struct ScreenLayout: Sendable, Hashable {
  /// The terminal's size.
  var columns: Int
  var rows: Int
  /// Whether the terminal is too small for anything but a word.
  var tooSmall = false
  /// Row 0.
  var title: ScreenRect?
  /// Each section's rule (its title line) and its body.
  var fixRule: ScreenRect?
  var fix: ScreenRect?
  var sky: ScreenRect?
  var satellitesRule: ScreenRect?
  var satellites: ScreenRect?
  var targetsRule: ScreenRect?
  var targets: ScreenRect?
  var receiverRule: ScreenRect?
  var receiver: ScreenRect?
  /// The last row: the latest note.
  var footer: ScreenRect?

  /// The smallest size laid out; below it only "too small" is shown.
  static let minimum = (columns: 20, rows: 3)
  /// The narrowest fix column beside the sky plot, and the narrowest plot.
  static let fixWidth = 46
  static let skyWidth = 17

  /// The layout for `columns` × `rows` with `targetLines` lines of targets and regions.
  static func make(columns: Int, rows: Int, targetLines: Int) -> ScreenLayout {
    var layout = ScreenLayout(columns: columns, rows: rows)
    guard columns >= minimum.columns, rows >= minimum.rows else {
      layout.tooSmall = true
      return layout
    }
    func line(_ row: Int) -> ScreenRect {
      ScreenRect(row: row, column: 0, width: columns, height: 1)
    }
    layout.title = line(0)
    var available = rows - 1
    if rows >= 8 {
      layout.footer = line(rows - 1)
      available -= 1
    }
    // What each part would like (rule included), then shrunk to fit.
    var top = rows >= 40 ? 16 : rows >= 30 ? 13 : 11
    var satellites = 4
    var receiver = 4
    var targets = targetLines > 0 ? 1 + min(targetLines, max(1, rows / 6)) : 0
    func total() -> Int { top + satellites + receiver + targets }
    for shrink in 0..<7 where total() > available {
      switch shrink {
      case 0: targets = min(targets, 3)
      case 1: receiver = 2
      case 2: top = max(9, top - (total() - available))
      case 3: satellites = 0
      case 4: receiver = 0
      case 5: targets = 0
      default: top = max(1, available)
      }
    }
    if satellites > 0 {
      satellites += max(0, available - total())
    } else {
      top = min(available, max(top, available - receiver - targets))
    }
    var row = 1
    let hasRules = top >= 4
    let topBody = hasRules ? top - 1 : top
    if hasRules { layout.fixRule = line(row) }
    row += top - topBody
    let skyWidth = columns >= 64 ? min(columns - fixWidth - 1, 4 * topBody + 11) : 0
    if skyWidth >= Self.skyWidth, topBody >= 5 {
      let fixWidth = columns - skyWidth - 1
      layout.fix = ScreenRect(row: row, column: 0, width: fixWidth, height: topBody)
      layout.sky = ScreenRect(row: row, column: fixWidth + 1, width: skyWidth, height: topBody)
    } else {
      layout.fix = ScreenRect(row: row, column: 0, width: columns, height: topBody)
    }
    row += topBody
    func section(_ height: Int) -> (ScreenRect, ScreenRect)? {
      guard height >= 2 else { return nil }
      defer { row += height }
      return (line(row), ScreenRect(row: row + 1, column: 0, width: columns, height: height - 1))
    }
    if let (rule, body) = section(satellites) {
      (layout.satellitesRule, layout.satellites) = (rule, body)
    }
    if let (rule, body) = section(targets) { (layout.targetsRule, layout.targets) = (rule, body) }
    if let (rule, body) = section(receiver) {
      (layout.receiverRule, layout.receiver) = (rule, body)
    }
    return layout
  }
}
