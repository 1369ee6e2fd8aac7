import Foundation

/// What a finished run of `locate` printed, and its exit status.
struct RunResult: Sendable, CustomStringConvertible {
  var stdout: String
  var stderr: String
  var status: Int32
  var stdoutData: Data

  /// stdout split in lines (without the last empty one).
  var lines: [String] {
    var lines = stdout.components(separatedBy: "\n")
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
    return environment
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
    FileManager.default.createFile(atPath: outPath, contents: nil)
    FileManager.default.createFile(atPath: errPath, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = baseEnvironment.merging(environment) { $1 }
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    let input = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    try process.run()
    if let stdin {
      input.fileHandleForWriting.write(stdin)
      try input.fileHandleForWriting.close()
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      throw TestFailure("\(program) \(arguments) did not finish within \(timeout) s")
    }
    process.waitUntilExit()
    let out = FileManager.default.contents(atPath: outPath) ?? Data()
    let err = FileManager.default.contents(atPath: errPath) ?? Data()
    return RunResult(
      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
      status: process.terminationStatus, stdoutData: out)
  }
}
