/// Turns frames into the bytes that bring a terminal from the last frame to the next: only the
/// cells that changed are written (a cursor move to each run of changes, a style change where
/// the style differs), so the screen is redrawn in place without flicker. The first frame, or
/// one of another size, clears the screen and writes every cell that is not blank.
struct FrameEncoder: Sendable {
  /// Whether styles (colour, bold, dim, reverse) are written; without, only characters.
  let styled: Bool
  private var last: CellBuffer?
  /// Where the terminal's cursor is (row, column), when known.
  private var cursor: (row: Int, column: Int)?
  /// The style the terminal draws with now.
  private var style = CellStyle.plain

  /// Unchanged cells between two changes that are written again rather than jumped over: a
  /// cursor move costs 6 to 8 bytes.
  static let gap = 4

  /// An encoder whose first frame is drawn in full.
  init(styled: Bool) { self.styled = styled }

  /// Forgets the last frame: the next one clears the screen and is drawn in full (after a
  /// resize, a return from Ctrl-Z, or Ctrl-L).
  mutating func invalidate() {
    last = nil
    cursor = nil
  }

  /// The bytes that show `frame`.
  mutating func encode(_ frame: CellBuffer) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    let before: CellBuffer
    if let last, last.width == frame.width, last.height == frame.height {
      before = last
    } else {
      // ESC [ 0 m, ESC [ H, ESC [ 2 J: plain style, home, clear.
      out.append(contentsOf: [0x1B, 0x5B, 0x30, 0x6D, 0x1B, 0x5B, 0x48, 0x1B, 0x5B, 0x32, 0x4A])
      style = .plain
      cursor = (0, 0)
      before = CellBuffer(width: frame.width, height: frame.height)
    }
    for row in 0..<frame.height {
      encodeRow(row, frame, before, into: &out)
    }
    if style != .plain {
      CellStyle.plain.appendSGR(to: &out)
      style = .plain
    }
    last = frame
    return out
  }

  private func differs(_ row: Int, _ column: Int, _ frame: CellBuffer, _ before: CellBuffer)
    -> Bool
  {
    let new = frame[row, column]
    let old = before[row, column]
    return styled ? new != old : new.scalar != old.scalar
  }

  private mutating func encodeRow(
    _ row: Int, _ frame: CellBuffer, _ before: CellBuffer, into out: inout [UInt8]
  ) {
    let width = frame.width
    var column = 0
    while column < width {
      guard differs(row, column, frame, before) else {
        column += 1
        continue
      }
      // A run of changes, taking in short stretches of unchanged cells between them.
      var start = column
      if frame[row, start].isContinuation, start > 0 { start -= 1 }
      var end = column + 1
      var scan = end
      while scan < width {
        if differs(row, scan, frame, before) {
          scan += 1
          end = scan
          continue
        }
        var next = scan
        while next < width, next - scan <= Self.gap, !differs(row, next, frame, before) {
          next += 1
        }
        guard next < width, next - scan <= Self.gap else { break }
        scan = next
      }
      if end < width, frame[row, end].isContinuation { end += 1 }
      if let at = cursor, at.row == row, at.column == start {
      } else {
        Self.appendMove(row, start, to: &out)
      }
      for at in start..<end {
        let cell = frame[row, at]
        if cell.isContinuation { continue }
        if styled, cell.style != style {
          cell.style.appendSGR(to: &out)
          style = cell.style
        }
        UTF8.encode(cell.scalar) { out.append($0) }
      }
      cursor = end < width ? (row, end) : nil
      column = end
    }
  }

  /// CUP: `ESC [ row ; column H`, both from 1.
  private static func appendMove(_ row: Int, _ column: Int, to out: inout [UInt8]) {
    out.append(contentsOf: [0x1B, 0x5B])
    appendDecimal(row + 1, to: &out)
    out.append(0x3B)
    appendDecimal(column + 1, to: &out)
    out.append(0x48)
  }

  private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, to: &out) }
    out.append(0x30 + UInt8(value % 10))
  }
}
