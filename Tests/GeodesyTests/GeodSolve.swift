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
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("GeodSolve")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw Failure(
      description: "GeodSolve not found on PATH: install geographiclib-tools (make deps)")
  }

  /// Runs GeodSolve with `arguments` on `lines` (one problem per line) and returns the numbers
  /// of each output line.
  static func run(_ arguments: [String], lines: [String]) throws -> [[Double]] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("geodsolve-\(ProcessInfo.processInfo.processIdentifier)-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.txt")
    let output = directory.appendingPathComponent("out.txt")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments + ["--input-file", input.path, "--output-file", output.path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "GeodSolve \(arguments) exited with \(process.terminationStatus)")
    }
    let text = try String(contentsOf: output, encoding: .utf8)
    let rows = text.split(separator: "\n").map { line in
      line.split(separator: " ").compactMap { Double(String($0)) }
    }
    guard rows.count == lines.count else {
      throw Failure(description: "GeodSolve gave \(rows.count) lines for \(lines.count)")
    }
    return rows
  }
}

/// |a − b| reduced to [0, 180]: angles that differ by 360° (180 and −180) agree.
func angleDifference(_ a: Double, _ b: Double) -> Double {
  abs((a - b).remainder(dividingBy: 360))
}
