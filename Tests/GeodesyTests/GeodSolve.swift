// Runs GeographicLib's GeodSolve (Debian geographiclib-tools; `make deps` installs it) as a
// subprocess: the reference the geodesic tests compare against.
import Foundation

/// GeographicLib's command-line geodesic solver.
enum GeodSolve {
  /// The errors of running it.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The GeodSolve executable on PATH.
  static func executable() throws -> URL {
    try tool("GeodSolve", package: "geographiclib-tools")
  }

  /// A program on PATH, from a Debian package `make deps` installs.
  static func tool(_ name: String, package: String) throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw Failure(description: "\(name) not found on PATH: install \(package) (make deps)")
  }

  /// Runs GeodSolve with `arguments` on `lines` (one problem per line) and returns the numbers
  /// of each output line.
  static func run(_ arguments: [String], lines: [String]) throws -> [[Double]] {
    try withFiles(lines) { input, output in
      try run(arguments, count: lines.count, input: input, output: output)
    }
  }

  /// Writes `lines` to a fresh input file and calls `body` with it and an output file's path
  /// (both removed after).
  static func withFiles<T>(_ lines: [String], _ body: (URL, URL) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("geodesy-\(ProcessInfo.processInfo.processIdentifier)-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.txt")
    let output = directory.appendingPathComponent("out.txt")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)
    return try body(input, output)
  }

  private static func run(
    _ arguments: [String], count: Int, input: URL, output: URL
  ) throws -> [[Double]] {
    let status = try spawnAndWait(
      try executable().path,
      arguments + ["--input-file", input.path, "--output-file", output.path])
    guard status == 0 else {
      throw Failure(description: "GeodSolve \(arguments) exited with status \(status)")
    }
    let text = try String(contentsOf: output, encoding: .utf8)
    let rows = text.split(separator: "\n").map { line in
      line.split(separator: " ").compactMap { Double(String($0)) }
    }
    guard rows.count == count else {
      throw Failure(description: "GeodSolve gave \(rows.count) lines for \(count)")
    }
    return rows
  }
}

/// Runs `path` with `arguments` (posix_spawn, no shell, empty environment) and returns its
/// wait status. Foundation's Process is avoided: it leaks under the address sanitizer.
func spawnAndWait(_ path: String, _ arguments: [String]) throws -> Int32 {
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  defer { for arg in argv { free(arg) } }
  var pid: pid_t = 0
  let rc = posix_spawn(&pid, path, nil, nil, argv, [nil])
  guard rc == 0 else { throw GeodSolve.Failure(description: "cannot run \(path): errno \(rc)") }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 {
    guard errno == EINTR else { throw GeodSolve.Failure(description: "waitpid: errno \(errno)") }
  }
  return status
}

/// |a − b| reduced to [0, 180]: angles that differ by 360° (180 and −180) agree.
func angleDifference(_ a: Double, _ b: Double) -> Double {
  abs((a - b).remainder(dividingBy: 360))
}
