import Testing

@testable import LocateCLI

/// The status line makes its text only when it shows it: `watch` into a file or a pipe gets
/// a progress report per epoch, and must not format each.
@Suite struct StatusLineTests {
  @Test("a hidden status line (no terminal, not verbose) makes no text")
  func hiddenMakesNoText() {
    let status = StatusLine(isTerminal: false, verbose: false)
    var made = 0
    for second in 0..<3 {
      status.show(
        {
          made += 1
          return "waiting for a fix, \(second) s"
        }(), elapsed: Double(second))
    }
    #expect(made == 0)
    status.clear()
  }
}
