import Glibc

/// A terminal's size in character cells (`struct winsize`).
package struct TerminalWindowSize: Sendable, Hashable {
  /// Columns.
  package var columns: Int
  /// Rows.
  package var rows: Int

  /// A size of `columns` × `rows`.
  package init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}

extension FileDescriptor {
  /// The size of the terminal open on this descriptor; `ENOTTY` when it is not one. A terminal
  /// whose size was never set (a fresh pty) reports 0 × 0.
  ///
  /// The corresponding C call is `ioctl(fd, TIOCGWINSZ)`.
  package func windowSize() throws(Errno) -> TerminalWindowSize {
    var size = winsize()
    try nothingOrErrno { ioctl(rawValue, UInt(TIOCGWINSZ), &size) }.get()
    return TerminalWindowSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}

extension TerminalAttributes {
  /// What a full-screen program reads keys in, derived from these settings: no echo and no
  /// line editing (each key is read as it is typed: `VMIN = 1`, `VTIME = 0`); everything else
  /// kept, the signal keys (Ctrl-C, Ctrl-\, Ctrl-Z) and output processing included.
  package func keyByKey() -> TerminalAttributes {
    var attributes = raw
    attributes.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL)
    withUnsafeMutableBytes(of: &attributes.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    return TerminalAttributes(attributes)
  }
}
