import Platform

/// Standard error: the one error line, notes, and the status line shown while waiting for a
/// fix (on a terminal it is redrawn in place; with `--verbose` elsewhere, one line each).
final class StatusLine: Sendable {
  private struct State {
    var showing = false
    var lastText = ""
    var lastSecond = -1
  }

  /// Whether stderr is a terminal.
  let isTerminal: Bool
  /// Whether status and notes are shown (a terminal, or `--verbose`).
  let enabled: Bool
  private let state = Locked(State())

  /// A status line on fd 2.
  init(isTerminal: Bool, verbose: Bool) {
    self.isTerminal = isTerminal
    self.enabled = isTerminal || verbose
  }

  /// Shows the waiting status (redrawn on a terminal; otherwise at most once a second or when
  /// the text changes). The text is made only when shown: `watch --json` into a file or a pipe
  /// has a progress report per epoch, and formatting each cost more than its TPV's numbers.
  func show(_ text: @autoclosure () -> String, elapsed: Double) {
    guard enabled else { return }
    let text = TextSafety.visible(text())
    state.withLock { state in
      if isTerminal {
        Self.emit("\r\u{1B}[2K" + text)
        state.showing = true
        return
      }
      let second = Int(elapsed.rounded(.down))
      let counts = text.split(separator: ",").dropLast().joined(separator: ",")
      guard counts != state.lastText || second != state.lastSecond else { return }
      state.lastText = counts
      state.lastSecond = second
      Self.emit(text + "\n")
    }
  }

  /// A note on its own line (device unplugged, paused…), when enabled.
  func note(_ text: String) {
    guard enabled else { return }
    print(line: "locate: " + text)
  }

  /// Removes the status line from a terminal.
  func clear() {
    // Only a terminal shows one (no lock taken per fix elsewhere).
    guard isTerminal else { return }
    state.withLock { state in
      if state.showing { Self.emit("\r\u{1B}[2K") }
      state.showing = false
    }
  }

  /// Prints a line on stderr, always (the error line), after clearing the status line; control
  /// characters in it (from a path or a name given) are shown, not sent (``TextSafety``).
  func print(line: String) {
    state.withLock { state in
      if state.showing { Self.emit("\r\u{1B}[2K") }
      state.showing = false
      Self.emit(TextSafety.visible(line) + "\n")
    }
  }

  /// Writes `text` to descriptor 2, without waiting: what stderr does not take (closed, or a
  /// full non-blocking pipe) is dropped.
  private static func emit(_ text: String) {
    Array(text.utf8).withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count,
        let written = try? FileDescriptor.standardError.write(
          UnsafeRawBufferPointer(rebasing: bytes[offset...])),
        written > 0
      {
        offset += written
      }
    }
  }
}
