import Glibc
import LocationEngine

/// The sky seen from the receiver, drawn with Unicode in a rectangle of cells: the horizon a
/// ring of dots, the 45° elevation ring sparser, the zenith `+`, north up and east right (as
/// a sky chart held overhead is read from below: the way gpsd's xgps and u-center draw it).
/// Each satellite with an elevation and an azimuth is a mark at its place — `●` used in the
/// fix, `○` tracked but not used, `·` in view without a signal — followed by its name
/// (`G12`) where that does not cover another. Cells are about twice as tall as wide, so the
/// ring is twice as wide as tall in cells.
enum SkyPlot {
  /// A satellite's mark and label for the plot.
  struct Mark: Hashable {
    var row: Int
    var column: Int
    var symbol: Unicode.Scalar
    var label: String
    var style: CellStyle
    /// Placed first when marks collide (used, then tracked, then the others).
    var priority: Int
  }

  /// Draws `view` (nothing but the rings without one) into `rect`.
  static func draw(
    _ view: GNSSSkyView?, in rect: ScreenRect, on buffer: inout CellBuffer, palette: ScreenPalette
  ) {
    guard rect.width >= 9, rect.height >= 5 else { return }
    let geometry = Geometry(rect)
    for (step, direction) in Self.ring.enumerated() {
      if let (row, column) = geometry.cell(distance: 1, direction) {
        buffer.put("·", row: row, column: column, style: palette.faint)
      }
      if step % 3 == 0, let (row, column) = geometry.cell(distance: 0.5, direction) {
        buffer.put("·", row: row, column: column, style: palette.faint)
      }
    }
    buffer.put("+", row: geometry.centerRow, column: geometry.centerColumn, style: palette.faint)
    for (letter, azimuth) in [("N", 0.0), ("E", 90.0), ("S", 180.0), ("W", 270.0)] {
      if let (row, column) = geometry.cell(elevation: 0, azimuth: azimuth) {
        buffer.write(letter, row: row, column: column, style: palette.label)
      }
    }
    guard let view else { return }
    var taken = Set<Int>()
    for mark in marks(view, geometry, palette: palette) {
      let key = mark.row * buffer.width + mark.column
      guard !taken.contains(key) else { continue }
      taken.insert(key)
      buffer.put(mark.symbol, row: mark.row, column: mark.column, style: mark.style)
      // The label, where its cells are free and inside the plot.
      let start = mark.column + 1
      let cells = mark.label.unicodeScalars.count
      guard start + cells <= rect.column + rect.width,
        (start..<(start + cells)).allSatisfy({ !taken.contains(mark.row * buffer.width + $0) })
      else { continue }
      buffer.write(mark.label, row: mark.row, column: start, style: mark.style.with(palette.faint))
      for column in start..<(start + cells) { taken.insert(mark.row * buffer.width + column) }
    }
  }

  /// The marks of `view`'s satellites, most important first (one per satellite: a satellite
  /// listed once per signal is marked once).
  static func marks(_ view: GNSSSkyView, _ geometry: Geometry, palette: ScreenPalette) -> [Mark] {
    var index: [Int: Int] = [:]
    var marks: [Mark] = []
    for satellite in view.satellites {
      guard let elevation = satellite.elevation, let azimuth = satellite.azimuth,
        let (row, column) = geometry.cell(elevation: elevation, azimuth: azimuth)
      else { continue }
      let tracked = (satellite.snr ?? 0) > 0
      let mark = Mark(
        row: row, column: column, symbol: satellite.used ? "●" : tracked ? "○" : "·",
        label: SatelliteName.short(satellite),
        style: satellite.used ? palette.good : tracked ? palette.fair : palette.faint,
        priority: satellite.used ? 0 : tracked ? 1 : 2)
      // A satellite listed once per signal is marked once, as its best signal.
      let key = satellite.system.rawValue << 16 | satellite.svid
      if let at = index[key] {
        if mark.priority < marks[at].priority { marks[at] = mark }
        continue
      }
      index[key] = marks.count
      marks.append(mark)
    }
    return marks.enumerated()
      .sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
      .map(\.element)
  }

  /// Sine and cosine of every 5° of azimuth, for the rings.
  static let ring: [(sin: Double, cos: Double)] = (0..<72).map { step in
    let angle = Double(step) * 5 * .pi / 180
    return (sin(angle), cos(angle))
  }

  /// Where a direction lands in the plot's cells.
  struct Geometry {
    let centerRow: Int
    let centerColumn: Int
    /// The horizon's radius in rows and in columns.
    let rowRadius: Double
    let columnRadius: Double
    let rect: ScreenRect

    init(_ rect: ScreenRect) {
      self.rect = rect
      centerRow = rect.row + (rect.height - 1) / 2
      centerColumn = rect.column + (rect.width - 1) / 2
      // Room for a label of up to four cells right of the eastern horizon.
      let byHeight = Double((rect.height - 1) / 2)
      let byWidth = Double((rect.width - 1) / 2 - 4) / 2
      rowRadius = max(1, min(byHeight, byWidth))
      columnRadius = 2 * rowRadius
    }

    /// The cell of `elevation` (degrees above the horizon; below it is clamped to it) and
    /// `azimuth` (degrees true), nil outside the rectangle.
    func cell(elevation: Double, azimuth: Double) -> (Int, Int)? {
      guard elevation.isFinite, azimuth.isFinite else { return nil }
      let angle = azimuth * .pi / 180
      return cell(distance: (90 - min(max(elevation, 0), 90)) / 90, (sin(angle), cos(angle)))
    }

    /// The cell `distance` (0 the zenith, 1 the horizon) from the centre towards the
    /// azimuth whose sine and cosine are `direction`.
    func cell(distance: Double, _ direction: (sin: Double, cos: Double)) -> (Int, Int)? {
      let row = centerRow + Int((-direction.cos * distance * rowRadius).rounded())
      let column = centerColumn + Int((direction.sin * distance * columnRadius).rounded())
      guard row >= rect.row, row < rect.bottom, column >= rect.column,
        column < rect.column + rect.width
      else { return nil }
      return (row, column)
    }
  }
}
