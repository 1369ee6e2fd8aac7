import Platform

/// The terminal a full screen is drawn on, and the one place that changes it: standard
/// output switched to the alternate screen (cursor hidden, no autowrap), the keyboard
/// (standard input when it is a terminal, else /dev/tty) set to give each key as it is typed
/// without echo; and all of it put back as it was on every way out — ``leave()`` after the
/// loop, a second signal or `exit` through ``restoreActive()``.
final class TerminalScreen: Sendable {
  /// Standard output.
  let output = FileDescriptor.standardOutput
  /// Where keys are read, if anywhere (nil: no keyboard; Ctrl-C still works).
  let keys: FileDescriptor?
  private let ownsKeys: Bool
  /// The keyboard's settings before (restored on the way out).
  private let saved: TerminalAttributes?
  private let state = Locked((entered: false, left: false))

  /// ESC [?1049h (alternate screen), ESC [?25l (cursor hidden), ESC [?7l (no autowrap).
  static let enterSequence: [UInt8] = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l".utf8)
  /// Plain style, autowrap, cursor shown, the normal screen back (its text as it was).
  static let leaveSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l".utf8)

  /// The screen in use, for ``restoreActive()``.
  private static let active = Locked<TerminalScreen?>(nil)
  private static let exitHandler: Void = CurrentProcess.atExit { TerminalScreen.restoreActive() }

  /// Whether a full screen can be drawn: standard output is a terminal and `TERM` names one
  /// that can address the cursor (not `dumb`, not empty).
  static func available(stdoutIsTerminal: Bool, environment: [String: String]) -> Bool {
    let term = environment["TERM"] ?? ""
    return stdoutIsTerminal && !term.isEmpty && term != "dumb"
  }

  /// Whether `TERM` (or `COLORTERM`) says the terminal shows colours.
  static func hasColors(_ environment: [String: String]) -> Bool {
    if !(environment["COLORTERM"] ?? "").isEmpty { return true }
    let term = environment["TERM"] ?? ""
    if term.contains("color") { return true }
    let families = [
      "xterm", "screen", "tmux", "rxvt", "linux", "alacritty", "kitty", "foot", "wezterm",
      "st", "konsole", "gnome", "vte", "putty", "cygwin", "ansi", "eterm", "contour", "ghostty",
    ]
    return families.contains { term == $0 || term.hasPrefix($0 + "-") }
  }

  /// Opens the keyboard; nothing on the terminal changes before ``enter()``.
  init() {
    var keys: FileDescriptor? = nil
    var owns = false
    if FileDescriptor.standardInput.isTerminal {
      keys = .standardInput
    } else if let tty = try? FileDescriptor.open(
      "/dev/tty", .readOnly, options: [.noControllingTerminal, .nonBlocking])
    {
      keys = tty
      owns = true
    }
    self.keys = keys
    ownsKeys = owns
    saved = try? keys?.terminalAttributes()
  }

  /// The terminal's size; 80 × 24 when it does not say (a fresh pty).
  var size: TerminalWindowSize {
    guard let size = try? output.windowSize(), size.columns > 0, size.rows > 0 else {
      return TerminalWindowSize(columns: 80, rows: 24)
    }
    return size
  }

  /// Switches to the full screen (again, after a stop with Ctrl-Z).
  func enter() {
    _ = Self.exitHandler
    state.withLock { state in
      state.entered = true
      state.left = false
      if let keys, let saved { try? keys.setTerminalAttributes(saved.keyByKey()) }
      Self.writeAll(output, Self.enterSequence)
    }
    Self.active.withLock { $0 = self }
  }

  /// Draws bytes (a frame), unless the screen was left meanwhile.
  func draw(_ bytes: [UInt8]) {
    state.withLock { state in
      guard state.entered, !state.left else { return }
      Self.writeAll(output, bytes)
    }
  }

  /// Puts the terminal back as it was: the normal screen, the cursor, the keyboard's
  /// settings. Idempotent; ``enter()`` may follow (Ctrl-Z, then `fg`).
  func leave() {
    state.withLock { state in
      guard state.entered, !state.left else { return }
      state.left = true
      Self.writeAll(output, Self.leaveSequence)
      if let keys, let saved { try? keys.setTerminalAttributes(saved) }
    }
  }

  /// Leaves the screen for good and closes what it opened.
  func close() {
    leave()
    Self.active.withLock { if $0 === self { $0 = nil } }
    if ownsKeys { keys?.close() }
  }

  /// Leaves the screen in use, if any: what a second signal or `exit` does before the
  /// process ends.
  static func restoreActive() {
    active.withLock { $0 }?.leave()
  }

  /// Reads the keys typed (without waiting); empty when none.
  func readKeys() -> [UInt8] {
    guard let keys else { return [] }
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = bytes.withUnsafeMutableBytes { (try? keys.readIfReady(into: $0)) ?? 0 }
    return Array(bytes.prefix(max(0, count)))
  }

  /// `write(2)` until every byte is out; a terminal gone (EIO, hang-up) takes nothing more.
  private static func writeAll(_ descriptor: FileDescriptor, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in _ = try? descriptor.writeAll(raw) }
  }
}
