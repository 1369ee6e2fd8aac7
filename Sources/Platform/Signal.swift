import Glibc

/// A signal number, with what a command needs to do about signals.
package struct Signal: Hashable, Sendable {
  /// The raw number (`SIGINT` is 2).
  package let rawValue: Int32

  /// Wraps a signal number.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// `SIGINT`: Ctrl-C.
  package static let interrupt = Signal(rawValue: SIGINT)
  /// `SIGTERM`: asked to end.
  package static let terminate = Signal(rawValue: SIGTERM)
  /// `SIGHUP`: the terminal (or SSH session) closed.
  package static let hangup = Signal(rawValue: SIGHUP)
  /// `SIGQUIT`: Ctrl-\.
  package static let quit = Signal(rawValue: SIGQUIT)
  /// `SIGPIPE`: a write to a pipe nobody reads.
  package static let brokenPipe = Signal(rawValue: SIGPIPE)
  /// `SIGKILL`: ends a process at once; cannot be caught.
  package static let kill = Signal(rawValue: SIGKILL)
  /// `SIGWINCH`: the terminal's window changed size.
  package static let windowChange = Signal(rawValue: SIGWINCH)
  /// `SIGTSTP`: Ctrl-Z, stop from the terminal (a program may clean up first).
  package static let terminalStop = Signal(rawValue: SIGTSTP)
  /// `SIGSTOP`: stops a process at once; cannot be caught.
  package static let stop = Signal(rawValue: SIGSTOP)
  /// `SIGCONT`: a stopped process goes on (`fg`).
  package static let `continue` = Signal(rawValue: SIGCONT)

  /// Ignores the signal from now on (a write to a closed pipe then fails with `EPIPE`).
  ///
  /// The corresponding C function is `signal` with `SIG_IGN`.
  package func ignore() {
    _ = Glibc.signal(rawValue, SIG_IGN)
  }

  /// Gives the signal back its default action (for SIGQUIT: end the process with a core
  /// dump), replacing a handler installed before `main` (the Swift runtime's backtracer
  /// catches SIGQUIT, prints a backtrace and lets the program run on).
  ///
  /// The corresponding C function is `signal` with `SIG_DFL`.
  package func restoreDefaultAction() {
    _ = Glibc.signal(rawValue, SIG_DFL)
  }

  /// Whether the signal is ignored now (`nohup` ignores SIGHUP; a shell without job control
  /// starts background jobs with SIGINT and SIGQUIT ignored).
  ///
  /// The corresponding C function is `sigaction`, asked without changing anything.
  package var isIgnored: Bool {
    var current = sigaction()
    guard sigaction(rawValue, nil, &current) == 0,
      let handler = current.__sigaction_handler.sa_handler
    else { return false }
    return unsafeBitCast(handler, to: Int.self) == 1  // SIG_IGN
  }

  /// Sends the signal to process `pid`.
  ///
  /// The corresponding C function is `kill`.
  package func send(to pid: Int32) throws(Errno) {
    try nothingOrErrno { Glibc.kill(pid, rawValue) }.get()
  }
}
