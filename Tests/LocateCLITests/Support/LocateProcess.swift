import Foundation

/// What a finished run of `locate` printed, and its exit status.
struct RunResult: Sendable, CustomStringConvertible {
  var stdout: String
  var stderr: String
  var status: Int32
  var stdoutData: Data

  /// stdout split in lines (without the last empty one).
  var lines: [String] {
    // CSV ends its lines in CRLF (RFC 4180); the other formats in LF.
    var lines = stdout.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Runs the built binary with a clean environment, stdout and stderr in files (no pipe
/// deadlocks), and a generous timeout after which it is killed and the test fails.
enum CLI {
  /// The environment every run starts from: no LOCATE_DEVICE or NO_COLOR from the caller.
  static var baseEnvironment: [String: String] {
    var environment = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8"]
    environment["HOME"] = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
    environment["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "/locate-cli-tests-cache"
    // Under `make sanitize`, the children are sanitized builds too: they take the same
    // suppressions and options as the test runner.
    return environment.merging(sanitizerEnvironment()) { $1 }
  }

  /// Runs `locate arguments…` to completion.
  static func run(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
    timeout: Double = 120
  ) throws -> RunResult {
    try runProgram(
      Paths.locate, arguments, stdin: stdin, environment: environment, timeout: timeout)
  }

  /// Runs a shell script (bash) with `$LOCATE` set to the binary.
  static func shell(_ script: String, timeout: Double = 120) throws -> RunResult {
    try runProgram(
      "/bin/bash", ["-c", script], stdin: nil, environment: ["LOCATE": Paths.locate],
      timeout: timeout)
  }

  static func runProgram(
    _ program: String, _ arguments: [String], stdin: Data?, environment: [String: String],
    timeout: Double
  ) throws -> RunResult {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outPath = directory + "/stdout"
    let errPath = directory + "/stderr"
    let out = try Files.create(outPath)
    let err = try Files.create(errPath)
    var input: Int32?
    if let stdin {
      let inPath = directory + "/stdin"
      FileManager.default.createFile(atPath: inPath, contents: stdin)
      input = open(inPath, O_RDONLY | O_CLOEXEC)
    }
    let child: ChildProcess
    do {
      child = try ChildProcess(
        program, arguments, environment: baseEnvironment.merging(environment) { $1 },
        stdin: input, stdout: out, stderr: err)
    } catch {
      for descriptor in [out, err, input ?? -1] where descriptor >= 0 { close(descriptor) }
      throw error
    }
    for descriptor in [out, err, input ?? -1] where descriptor >= 0 { close(descriptor) }
    guard let status = child.wait(timeout: timeout) else {
      child.terminate()
      throw TestFailure("\(program) \(arguments) did not finish within \(timeout) s")
    }
    let stdout = Files.read(outPath)
    return RunResult(
      stdout: String(decoding: stdout, as: UTF8.self), stderr: Files.text(errPath),
      status: status, stdoutData: stdout)
  }
}
