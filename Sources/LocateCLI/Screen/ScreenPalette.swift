/// The styles the screen draws with, by meaning; all plain on a terminal without colour (or
/// with `NO_COLOR`, `--no-color`), where the text alone says everything (used satellites are
/// marked `✓` and `●`, not only green).
struct ScreenPalette: Sendable {
  var title: CellStyle
  var rule: CellStyle
  var label: CellStyle
  var value: CellStyle
  var faint: CellStyle
  var good: CellStyle
  var fair: CellStyle
  var bad: CellStyle
  var accent: CellStyle

  /// Colours and weights, or none.
  init(colors: Bool) {
    guard colors else {
      (title, rule, label, value, faint) = (.plain, .plain, .plain, .plain, .plain)
      (good, fair, bad, accent) = (.plain, .plain, .plain, .plain)
      return
    }
    title = .reverse
    rule = .color(.cyan)
    label = .bold
    value = .plain
    faint = .dim
    good = .color(.green)
    fair = .color(.yellow)
    bad = .color(.red)
    accent = .color(.cyan).with(.bold)
  }

  /// The style of a signal of `snr` dB-Hz: good from 35, fair from 25, weak below.
  func signal(_ snr: Double) -> CellStyle { snr >= 35 ? good : snr >= 25 ? fair : bad }
}
