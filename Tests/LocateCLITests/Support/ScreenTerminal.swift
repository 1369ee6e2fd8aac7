import Foundation
import Platform

/// A program run on a terminal of its own, seen through a real terminal emulator:
/// `Tests/Tools/screen_terminal.py` (pyte, Debian's python3-pyte, installed by `make deps`)
/// owns the pseudo-terminal, starts the program with it as its controlling terminal, and
/// answers what the emulated screen shows.
final class ScreenTerminal {
  private let driver: ChildProcess
  private let input: Int32
  private let output: Int32
  private var pending: [UInt8] = []
  /// Where the driver's standard error goes (a Python traceback, if it fails).
  private let errors = NSTemporaryDirectory() + "screen_terminal-\(UUID().uuidString).err"
  /// `stty -a` of the terminal before the program started.
  private(set) var sttyBefore = ""
  /// The program's process ID.
  private(set) var pid: Int32 = 0

  /// Starts `locate arguments…` on a `columns` × `rows` terminal with `environment` (the
  /// tests' base environment, `TERM=xterm-256color` and `TZ=UTC` unless given).
  init(
    _ arguments: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]
  ) throws {
    // Close-on-exec from the start: a process another test starts meanwhile must not hold
    // these pipes open. Blocking, as the driver and `ask` expect.
    let toPipe = try FileDescriptor.pipe()
    let fromPipe = try FileDescriptor.pipe()
    let toDriver = [toPipe.readEnd.rawValue, toPipe.writeEnd.rawValue]
    let fromDriver = [fromPipe.readEnd.rawValue, fromPipe.writeEnd.rawValue]
    for descriptor in toDriver + fromDriver {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }
    let errorFile = open(errors, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard errorFile >= 0 else { throw TestFailure("cannot create \(errors): \(errno)") }
    defer { close(errorFile) }
    let script = Paths.root + "/Tests/Tools/screen_terminal.py"
    driver = try ChildProcess(
      "/usr/bin/python3", [script], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
      stdin: toDriver[0], stdout: fromDriver[1], stderr: errorFile)
    close(toDriver[0])
    close(fromDriver[1])
    input = toDriver[1]
    output = fromDriver[0]
    var env = CLI.baseEnvironment
    env["TERM"] = "xterm-256color"
    env["TZ"] = "UTC"
    env.merge(environment) { $1 }
    let reply = try ask([
      "cmd": "start", "argv": [Paths.locate] + arguments, "env": env, "columns": columns,
      "rows": rows,
    ])
    sttyBefore = reply["stty"] as? String ?? ""
    pid = (reply["pid"] as? Int).map(Int32.init) ?? 0
  }

  deinit {
    close(input)
    close(output)
    driver.terminate()
    unlink(errors)
  }

  /// What the driver wrote on its standard error, as one line of context for a failure.
  private var driverErrors: String {
    let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n").suffix(12)
    return lines.isEmpty ? "nothing on its stderr" : "its stderr: " + lines.joined(separator: " | ")
  }

  /// Sends one command and waits for its reply.
  @discardableResult
  func ask(_ request: [String: Any]) throws -> [String: Any] {
    let data = try JSONSerialization.data(withJSONObject: request) + Data([0x0A])
    _ = data.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
    while true {
      if let newline = pending.firstIndex(of: 0x0A) {
        let line = Data(pending[..<newline])
        pending.removeSubrange(...newline)
        guard let reply = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
          throw TestFailure("screen_terminal.py: not an object: \(line)")
        }
        if let failure = reply["error"] as? String {
          let lines = failure.split(separator: "\n").suffix(12).joined(separator: " | ")
          throw TestFailure("screen_terminal.py failed on \(request["cmd"] ?? "?"): \(lines)")
        }
        return reply
      }
      var buffer = [UInt8](repeating: 0, count: 65536)
      let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count < 0 {
        let error = errno
        if error == EINTR { continue }
        throw TestFailure("reading from screen_terminal.py failed: errno \(error)")
      }
      guard count > 0 else {
        throw TestFailure(
          "screen_terminal.py ended (is python3-pyte installed? make deps); " + driverErrors)
      }
      pending += buffer[..<count]
    }
  }

  /// Waits until the screen shows every one of `texts`; the screen's lines.
  @discardableResult
  func waitFor(_ texts: [String], timeout: Double = 60) throws -> [String] {
    let reply = try ask(["cmd": "wait", "text": texts[0], "all": texts, "timeout": timeout])
    let screen = reply["screen"] as? [String] ?? []
    guard reply["found"] as? Bool == true else {
      throw TestFailure("waited for \(texts), the screen shows:\n" + screen.joined(separator: "\n"))
    }
    return screen
  }

  /// The screen's lines now (after `settle` seconds of output).
  func screen(settle: Double = 0.3) throws -> [String] {
    try ask(["cmd": "screen", "settle": settle])["screen"] as? [String] ?? []
  }

  /// `stty -a` of the terminal now.
  func stty() throws -> String { try ask(["cmd": "stty"])["stty"] as? String ?? "" }

  /// Changes the window's size (the program gets SIGWINCH).
  func resize(columns: Int, rows: Int) throws {
    try ask(["cmd": "resize", "columns": columns, "rows": rows])
  }

  /// Types `keys`.
  func type(_ keys: String) throws { try ask(["cmd": "keys", "data": keys]) }

  /// Sends a signal (`SIGINT`) to the program; an error when it has ended, unless
  /// `ifRunning` (a second signal that may come after the first one ended it).
  func signal(_ name: String, ifRunning: Bool = false) throws {
    try ask(["cmd": "signal", "name": name, "ifRunning": ifRunning])
  }

  /// What the end left: the status, `stty -a` after, the screen, the colours seen, every byte.
  struct End {
    var status: Int32?
    var stty: String
    var screen: [String]
    var colors: [String]
    var raw: String
  }

  /// `stty -a`'s modes, without its first line (speed and window size).
  static func modes(_ stty: String) -> String {
    String(stty.drop { $0 != "\n" })
  }

  /// Waits for the program to end (killed after `timeout`).
  func end(timeout: Double = 30) throws -> End {
    let reply = try ask(["cmd": "exit", "timeout": timeout])
    return End(
      status: (reply["status"] as? Int).map(Int32.init), stty: reply["stty"] as? String ?? "",
      screen: reply["screen"] as? [String] ?? [], colors: reply["colors"] as? [String] ?? [],
      raw: reply["raw"] as? String ?? "")
  }
}
