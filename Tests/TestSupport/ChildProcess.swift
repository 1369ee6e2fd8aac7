import Foundation
import Glibc
import Platform

/// A child process started with `posix_spawn(3)` (Foundation's `Process` and file reading leak
/// under AddressSanitizer, which `make check` runs): default signal handling and an empty
/// signal mask, whatever the test runner's threads have.
public final class ChildProcess: Sendable {
  /// Its process ID.
  public let pid: pid_t
  private let status = Locked<Int32?>(nil)

  /// Starts `program` with `arguments` and exactly `environment`; standard input from `stdin`
  /// (or /dev/null), output to the `stdout` and `stderr` descriptors. With `newProcessGroup`
  /// it leads a process group of its own (its pid), as a shell's foreground job does: a
  /// terminal's Ctrl-C is ``signalGroup(_:)`` with SIGINT.
  public init(
    _ program: String, _ arguments: [String], environment: [String: String], stdin: Int32?,
    stdout: Int32, stderr: Int32, newProcessGroup: Bool = false
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let stdin {
      posix_spawn_file_actions_adddup2(&actions, stdin, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if newProcessGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var child = pid_t()
    let result = posix_spawn(&child, program, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw TestFailure("posix_spawn \(program): \(String(cString: strerror(result)))")
    }
    pid = child
  }

  /// The exit status (128 + the signal when killed by one), or nil while it runs.
  public var exitStatus: Int32? {
    status.withLock { status in
      if let status { return status }
      var raw: Int32 = 0
      guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
      let signal = raw & 0x7F
      status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
      return status
    }
  }

  /// Whether it is still running.
  public var isRunning: Bool { exitStatus == nil }

  /// Waits up to `timeout` seconds for it to end; its status, or nil if it is still running.
  public func wait(timeout: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let status = exitStatus { return status }
      usleep(10_000)
    }
    return exitStatus
  }

  /// Sends `signal` (if it still runs).
  public func signal(_ number: Int32) {
    if isRunning { Glibc.kill(pid, number) }
  }

  /// Sends `signal` to its whole process group (see `newProcessGroup`), as a terminal sends
  /// Ctrl-C to its foreground job.
  public func signalGroup(_ number: Int32) {
    Glibc.kill(-pid, number)
  }

  /// SIGTERM, then SIGKILL after 10 s; waits for the end.
  public func terminate() {
    signal(SIGTERM)
    if wait(timeout: 10) == nil {
      signal(SIGKILL)
      _ = wait(timeout: 10)
    }
  }

  /// Starts `program` with `arguments`, the test runner's environment and its standard streams
  /// on /dev/null.
  public convenience init(_ program: String, _ arguments: [String]) throws {
    let null = open("/dev/null", O_RDWR)
    defer { close(null) }
    try self.init(
      program, arguments, environment: ProcessInfo.processInfo.environment, stdin: null,
      stdout: null, stderr: null)
  }

  /// SIGKILL, and waits for the end.
  public func kill() {
    signal(SIGKILL)
    _ = wait(timeout: 30)
  }
}
