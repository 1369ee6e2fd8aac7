/// How a cell is drawn beyond its character: a foreground colour, bold, dim, reverse video.
struct CellStyle: Hashable, Sendable {
  /// Bits 0–2: the colour (0: the terminal's own); 3: bold; 4: dim; 5: reverse.
  var raw: UInt8

  /// A colour, as SGR 30 + the number.
  enum Color: UInt8, Sendable {
    case red = 1
    case green, yellow, blue, magenta, cyan
  }

  /// The terminal's own colours and weight.
  static let plain = CellStyle(raw: 0)
  /// Bold.
  static let bold = CellStyle(raw: 0x08)
  /// Dim (faint).
  static let dim = CellStyle(raw: 0x10)
  /// Reverse video.
  static let reverse = CellStyle(raw: 0x20)

  /// Text in `color`.
  static func color(_ color: Color) -> CellStyle { CellStyle(raw: color.rawValue) }

  /// This style and `other`'s attributes; `other`'s colour wins when it has one.
  func with(_ other: CellStyle) -> CellStyle {
    let color = other.raw & 0x07 != 0 ? other.raw & 0x07 : raw & 0x07
    return CellStyle(raw: (raw | other.raw) & 0x38 | color)
  }

  /// The SGR sequence that sets exactly this style (`ESC [ 0 ; 1 ; 32 m`).
  func appendSGR(to out: inout [UInt8]) {
    out.append(contentsOf: [0x1B, 0x5B, 0x30])  // ESC [ 0
    if raw & 0x08 != 0 { out.append(contentsOf: [0x3B, 0x31]) }
    if raw & 0x10 != 0 { out.append(contentsOf: [0x3B, 0x32]) }
    if raw & 0x20 != 0 { out.append(contentsOf: [0x3B, 0x37]) }
    let color = raw & 0x07
    if color != 0 { out.append(contentsOf: [0x3B, 0x33, 0x30 + color]) }
    out.append(0x6D)  // m
  }
}

/// One character cell: a Unicode scalar and its style. The right half of a wide character
/// (two cells) holds ``continuation``.
struct Cell: Hashable, Sendable {
  var scalar: Unicode.Scalar
  var style: CellStyle

  /// A blank cell.
  static let blank = Cell(scalar: " ", style: .plain)
  /// The scalar of a cell covered by the wide character to its left.
  static let continuation: Unicode.Scalar = "\u{0}"

  /// Whether the wide character to the left covers this cell.
  var isContinuation: Bool { scalar == Self.continuation }
}

/// A frame: `width` × `height` cells, written row by row, clipped at its edges (text never
/// wraps). What the screen shows is a buffer; the terminal gets only what differs from the
/// last one (``FrameEncoder``).
struct CellBuffer: Hashable, Sendable {
  let width: Int
  let height: Int
  private(set) var cells: [Cell]

  /// A blank frame (a size below 0 counts as 0).
  init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The cell at `row`, `column` (both inside the frame).
  subscript(row: Int, column: Int) -> Cell { cells[row * width + column] }

  /// Writes `text` from `row`, `column`, at most `limit` columns (and never past the right
  /// edge): wide characters take two cells, combining marks none, control characters show as
  /// `?`. Returns the columns used.
  @discardableResult
  mutating func write(
    _ text: String, row: Int, column: Int, style: CellStyle = .plain, limit: Int = .max
  ) -> Int {
    guard row >= 0, row < height, column < width else { return 0 }
    let end = column &+ min(max(0, limit), width - max(0, column))
    var at = column
    for scalar in text.unicodeScalars {
      let columns = TerminalWidth.columns(of: scalar)
      if columns == 0 { continue }
      if at + columns > end { break }
      if at >= 0 {
        put(TerminalWidth.printable(scalar), row: row, column: at, style: style)
        if columns == 2 { put(Cell.continuation, row: row, column: at + 1, style: style) }
      }
      at += columns
    }
    return max(0, at - max(0, column))
  }

  /// Fills `count` cells of `row` from `column` with `scalar` (a one-column character).
  mutating func fill(
    row: Int, column: Int, count: Int, with scalar: Unicode.Scalar = " ", style: CellStyle = .plain
  ) {
    guard row >= 0, row < height else { return }
    let start = max(0, column)
    let end = min(width, column + count)
    guard start < end else { return }
    for at in start..<end { put(scalar, row: row, column: at, style: style) }
  }

  /// Sets one cell. A wide character cut in half by it loses its other half (a space).
  mutating func put(_ scalar: Unicode.Scalar, row: Int, column: Int, style: CellStyle = .plain) {
    guard row >= 0, row < height, column >= 0, column < width else { return }
    let index = row * width + column
    if cells[index].isContinuation, column > 0, scalar != Cell.continuation {
      cells[index - 1] = .blank
    }
    if scalar != Cell.continuation, column + 1 < width, cells[index + 1].isContinuation {
      cells[index + 1] = .blank
    }
    cells[index] = Cell(scalar: scalar, style: style)
  }

  /// The text of `row`, wide characters once, trailing blanks kept (tests and screenshots).
  func text(ofRow row: Int) -> String {
    var text = ""
    for column in 0..<width where !self[row, column].isContinuation {
      text.unicodeScalars.append(self[row, column].scalar)
    }
    return text
  }

  /// Every row's text, trailing blanks removed, one line each.
  var text: String {
    (0..<height).map { row in
      var line = Substring(text(ofRow: row))
      while line.last == " " { line = line.dropLast() }
      return String(line)
    }.joined(separator: "\n")
  }
}
