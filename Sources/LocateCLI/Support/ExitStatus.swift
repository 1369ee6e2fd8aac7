/// The exit statuses of `locate`, as documented in `--help`, the man page and the README.
///
/// The 6x/7x values are the BSD `sysexits.h` codes; 3, 4 and 5 are the ways a request for a
/// fix can fail; 130 is 128 + SIGINT, 131 is 128 + SIGQUIT.
enum ExitStatus: Int32, Sendable, CaseIterable {
  /// Everything worked (also: `watch` stopped by SIGINT, output piped into `head`).
  case ok = 0
  /// A usage error: unknown option, missing or bad value (EX_USAGE).
  case usage = 64
  /// Bad data in an input file, e.g. a malformed points file (EX_DATAERR).
  case dataError = 65
  /// An input file is missing or unreadable (EX_NOINPUT).
  case noInput = 66
  /// No receiver found (EX_UNAVAILABLE).
  case unavailable = 69
  /// An internal error (EX_SOFTWARE).
  case software = 70
  /// An output error, e.g. disk full or standard output closed (EX_IOERR).
  case ioError = 74
  /// The receiver is busy, held by another program (EX_TEMPFAIL).
  case busy = 75
  /// The receiver sends bytes, but no NMEA: a wrong baud rate or a binary protocol
  /// (EX_PROTOCOL).
  case noNMEA = 76
  /// Permission denied (EX_NOPERM).
  case permissionDenied = 77
  /// No fix before the timeout.
  case noFix = 3
  /// Fixes came, but none accurate enough before the timeout or the end of the input.
  case notAccurate = 4
  /// The receiver was lost (unplugged, or the stream ended) before a fix.
  case receiverLost = 5
  /// Interrupted by SIGINT, SIGTERM or SIGHUP where that is not the normal end.
  case interrupted = 130
  /// Stopped by SIGQUIT (after the same clean stop as SIGTERM).
  case quit = 131

  /// The one-line meaning shown in the exit status tables.
  var meaning: String {
    switch self {
    case .ok: return "ok"
    case .usage: return "usage error (EX_USAGE)"
    case .dataError: return "bad data in an input file, e.g. a malformed points file (EX_DATAERR)"
    case .noInput: return "input file missing or unreadable (EX_NOINPUT)"
    case .unavailable: return "no receiver found (EX_UNAVAILABLE)"
    case .software: return "internal error (EX_SOFTWARE)"
    case .ioError: return "output error, e.g. disk full / stdout closed (EX_IOERR)"
    case .busy:
      return "receiver busy, held by another program or user; serve: address in use (EX_TEMPFAIL)"
    case .noNMEA:
      return "bytes, but no NMEA: wrong baud rate or a binary protocol (EX_PROTOCOL)"
    case .permissionDenied: return "permission denied (EX_NOPERM)"
    case .noFix: return "no fix before the timeout"
    case .notAccurate:
      return "fixes came, but none accurate enough before the timeout or the end of the input"
    case .receiverLost: return "receiver lost (unplugged or stream ended) before a fix"
    case .interrupted:
      return "interrupted (SIGINT, SIGTERM or SIGHUP) where that is not the normal end"
    case .quit: return "stopped by SIGQUIT (cleanly, as by SIGTERM)"
    }
  }

  /// The exit status table, one code per line, as printed by `locate --help`.
  static var table: String { table(allCases) }

  /// The table of `statuses` (in the order of ``allCases``), as a command's `--help` prints the
  /// codes it can return.
  static func table(_ statuses: [ExitStatus]) -> String {
    allCases.filter(statuses.contains).map { status in
      let code = String(status.rawValue)
      return String(repeating: " ", count: 5 - code.count) + code + "  " + status.meaning
    }.joined(separator: "\n")
  }
}
