import Foundation
import Platform

/// A `locate` left running (a simulator, a long watch): lines of stdout as they come, stdin to
/// talk to it, signals, and its end.
final class Spawned: Sendable {
  private let child: ChildProcess
  private let input: Int32
  private let output = Collected()
  private let errPath: String
  private let directory: String
  private let stopped = Locked(false)

  /// Starts `locate arguments…` (or `program`); stdout is collected by a reader thread, stderr
  /// goes to a file, stdin is a pipe (``send(_:)``).
  init(_ arguments: [String], environment: [String: String] = [:], program: String? = nil) throws {
    directory = try Paths.temporaryDirectory()
    errPath = directory + "/stderr"
    let err = try Files.create(errPath)
    defer { close(err) }
    var stdinPipe: [Int32] = [-1, -1]
    var stdoutPipe: [Int32] = [-1, -1]
    guard pipe(&stdinPipe) == 0, pipe(&stdoutPipe) == 0 else {
      throw TestFailure("pipe failed: \(errno)")
    }
    // Only the child's standard descriptors (dup2'ed by posix_spawn) are inherited.
    for descriptor in stdinPipe + stdoutPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    child = try ChildProcess(
      program ?? Paths.locate, arguments,
      environment: CLI.baseEnvironment.merging(environment) { $1 }, stdin: stdinPipe[0],
      stdout: stdoutPipe[1], stderr: err)
    close(stdinPipe[0])
    close(stdoutPipe[1])
    input = stdinPipe[1]
    let reader = stdoutPipe[0]
    let collected = output
    Thread.detachNewThread {
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        collected.data.withLock { $0.append(contentsOf: buffer[0..<count]) }
      }
      close(reader)
    }
  }

  /// The process ID.
  var pid: Int32 { child.pid }

  /// Everything printed on stdout so far.
  var stdout: String { String(decoding: output.data.withLock { $0 }, as: UTF8.self) }

  /// Everything printed on stderr so far.
  var stderr: String { Files.text(errPath) }

  /// Waits until stdout holds at least `count` lines; returns them.
  @discardableResult
  func waitForLines(_ count: Int, timeout: Double = 60) throws -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      if lines.count >= count { return lines.map(String.init) }
      if !child.isRunning { break }
      usleep(20_000)
    }
    throw TestFailure("waited for \(count) lines, got:\n\(stdout)\nstderr:\n\(stderr)")
  }

  /// Waits until stdout contains `text`.
  func waitFor(_ text: String, timeout: Double = 60) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if stdout.contains(text) { return }
      if !child.isRunning { break }
      usleep(20_000)
    }
    throw TestFailure("waited for \(text.debugDescription), got:\n\(stdout)\nstderr:\n\(stderr)")
  }

  /// Waits until stderr contains `text`.
  func waitForStderr(_ text: String, timeout: Double = 60) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if stderr.contains(text) { return }
      if !child.isRunning { break }
      usleep(20_000)
    }
    throw TestFailure("waited for \(text.debugDescription) on stderr, got:\n\(stderr)")
  }

  /// Sends a line on stdin.
  func send(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
  }

  /// The exit status once it ended (nil while it runs).
  var exitStatus: Int32? { child.exitStatus }

  /// Sends a signal.
  func signal(_ number: Int32) { child.signal(number) }

  /// Waits for the end (killing it after `timeout`) and returns the exit status.
  @discardableResult
  func wait(timeout: Double = 60) throws -> Int32 {
    guard let status = child.wait(timeout: timeout) else {
      child.terminate()
      throw TestFailure("did not end within \(timeout) s; stderr:\n\(stderr)")
    }
    // Let the reader thread take the last bytes of stdout.
    usleep(50_000)
    return status
  }

  /// Stops it (SIGTERM, then SIGKILL) and removes its files; later calls do nothing.
  ///
  /// Only the first call closes stdin: a second `close` of the same number would close
  /// whatever another test running in parallel had opened meanwhile under it (a test's
  /// terminal driver lost its pipe that way).
  func stop() {
    let first = stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    child.terminate()
    close(input)
    try? FileManager.default.removeItem(atPath: directory)
  }
}

/// Bytes collected from a pipe by its reader.
private final class Collected: Sendable {
  let data = Locked(Data())
}
