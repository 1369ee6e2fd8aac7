/// The one error type of the command line: an exit status and the one line printed on stderr,
/// `locate: what: why (what to do)`.
struct LocateError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The exit status it ends the program with.
  var status: ExitStatus
  /// What was being done or looked at (`--timeout`, `/dev/ttyUSB0`, `points.csv line 4`).
  var what: String
  /// Why it failed.
  var why: String
  /// What to do about it, when there is something to say.
  var remedy: String?
  /// Whether nothing should be printed (a broken pipe, an interruption).
  var isQuiet = false

  /// Makes an error.
  init(_ status: ExitStatus, _ what: String, _ why: String, remedy: String? = nil) {
    self.status = status
    self.what = what
    self.why = why
    self.remedy = remedy
  }

  /// The line printed on stderr (without the line end).
  var description: String {
    var line = "locate: \(what): \(why)"
    if let remedy { line += " (\(remedy))" }
    return line
  }

  /// A usage error pointing at a command's help.
  static func usage(_ what: String, _ why: String, command: String?) -> LocateError {
    let help = command.map { "see 'locate \($0) --help'" } ?? "see 'locate --help'"
    return LocateError(.usage, what, why, remedy: help)
  }

  /// A quiet end with `status` (standard output closed by the reader, or a signal).
  static func quiet(_ status: ExitStatus) -> LocateError {
    var error = LocateError(status, "", "")
    error.isQuiet = true
    return error
  }
}
