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

  /// What to do about sentences the strict checksum policy dropped.
  static let checksumRemedy = "checksums are strict by default: --lenient accepts them"

  /// The error, telling (when `uncheckedSentences`) that sentences without a checksum were
  /// dropped: the likely reason why no fix came.
  func naming(uncheckedSentences: Bool) -> LocateError {
    guard uncheckedSentences, [.noFix, .receiverLost, .notAccurate].contains(status) else {
      return self
    }
    var error = self
    error.remedy = "sentences without a checksum were dropped; " + Self.checksumRemedy
    return error
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
