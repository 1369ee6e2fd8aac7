import Foundation
import Synchronization

/// A `locate` left running (a simulator, a long watch): lines of stdout as they come, stdin to
/// talk to it, signals, and its end.
final class Spawned: Sendable {
  private let process: Process
  private let input: Pipe
  private let output = Collected()
  private let errPath: String
  private let directory: String

  /// Starts `locate arguments…`; stdout is collected, stderr goes to a file.
  init(_ arguments: [String], environment: [String: String] = [:], program: String? = nil) throws {
    directory = try Paths.temporaryDirectory()
    errPath = directory + "/stderr"
    FileManager.default.createFile(atPath: errPath, contents: nil)
    process = Process()
    process.executableURL = URL(fileURLWithPath: program ?? Paths.locate)
    process.arguments = arguments
    process.environment = CLI.baseEnvironment.merging(environment) { $1 }
    input = Pipe()
    let stdout = Pipe()
    process.standardInput = input
    process.standardOutput = stdout
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    let reader = stdout.fileHandleForReading
    let collected = output
    reader.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty {
        handle.readabilityHandler = nil
      } else {
        collected.data.withLock { $0.append(data) }
      }
    }
    try process.run()
  }

  /// Everything printed on stdout so far.
  var stdout: String { String(decoding: output.data.withLock { $0 }, as: UTF8.self) }

  /// Everything printed on stderr so far.
  var stderr: String {
    String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
  }

  /// Waits until stdout holds at least `count` lines; returns them.
  func waitForLines(_ count: Int, timeout: Double = 60) throws -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      if lines.count >= count { return lines.map(String.init) }
      if !process.isRunning { break }
      usleep(20_000)
    }
    throw TestFailure("waited for \(count) lines, got:\n\(stdout)\nstderr:\n\(stderr)")
  }

  /// Waits until stdout contains `text`.
  func waitFor(_ text: String, timeout: Double = 60) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if stdout.contains(text) { return }
      if !process.isRunning { break }
      usleep(20_000)
    }
    throw TestFailure("waited for \(text.debugDescription), got:\n\(stdout)\nstderr:\n\(stderr)")
  }

  /// Waits until stderr contains `text`.
  func waitForStderr(_ text: String, timeout: Double = 60) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if stderr.contains(text) { return }
      if !process.isRunning { break }
      usleep(20_000)
    }
    throw TestFailure("waited for \(text.debugDescription) on stderr, got:\n\(stderr)")
  }

  /// Sends a line on stdin.
  func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

  /// Sends a signal.
  func signal(_ number: Int32) { kill(process.processIdentifier, number) }

  /// Waits for the end (killing it after `timeout`) and returns the exit status.
  @discardableResult
  func wait(timeout: Double = 60) throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      throw TestFailure("did not end within \(timeout) s; stderr:\n\(stderr)")
    }
    process.waitUntilExit()
    usleep(50_000)
    return process.terminationStatus
  }

  /// Stops it (SIGTERM, then SIGKILL) and removes its files.
  func stop() {
    if process.isRunning {
      process.terminate()
      let deadline = Date().addingTimeInterval(10)
      while process.isRunning && Date() < deadline { usleep(10_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    try? FileManager.default.removeItem(atPath: directory)
  }
}

/// Bytes collected from a pipe by its reader.
private final class Collected: Sendable {
  let data = Mutex(Data())
}
