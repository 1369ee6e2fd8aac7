import Foundation
import Glibc
import Platform

/// A `locate` (or any program) started with `posix_spawn(3)` (Foundation's `Process` leaks
/// under ASan), whose standard output the test reads when it wants to — or not at all, to play
/// a slow consumer — and whose /proc entries (descriptors, threads, memory, bytes read) the
/// test can inspect while it runs.
final class LocateChild {
  /// Where the child's standard input comes from.
  enum Input {
    /// /dev/null.
    case null
    /// A pipe the test writes with ``write(_:)`` (non-blocking on the test's side).
    case pipe
    /// A file or device opened for reading, such as /dev/zero.
    case file(String)
  }

  /// Where the child's standard output goes.
  enum Output {
    /// A pipe the test drains (non-blocking on the test's side); `capacity` shrinks it.
    case pipe(capacity: Int? = nil)
    /// A file, created or truncated.
    case file(String)
    /// A path opened for writing, such as /dev/full.
    case device(String)
    /// Closed (`>&-`).
    case closed
  }

  /// The child's process ID.
  let pid: pid_t
  /// Its standard error, in a file.
  let stderrPath: String
  private let directory: String
  private var stdoutRead: Int32 = -1
  private(set) var stdinWrite: Int32 = -1
  private var collected: [UInt8] = []
  /// When set, standard output is only counted (lines, bytes), not kept: for long runs.
  var countsOnly = false
  /// Lines read from standard output so far.
  private(set) var linesRead = 0
  private var status: Int32?
  /// Where `/usr/bin/time` writes the peak resident set, when measured.
  private var peakFile: String?

  /// Starts `program arguments…` with a clean environment plus `environment`.
  init(
    _ arguments: [String], program: String = Paths.locate, stdin: Input = .null,
    stdout: Output = .pipe(), environment: [String: String] = [:], measured: Bool = false
  ) throws {
    Glibc.signal(SIGPIPE, SIG_IGN)
    directory = try Paths.temporaryDirectory()
    stderrPath = directory + "/stderr"
    var arguments = arguments
    var program = program
    if measured {
      // GNU time forks the program afresh: its ru_maxrss is the program's own (a child spawned
      // from this test process would count the test runner's memory, which it shares until exec).
      peakFile = directory + "/peak"
      arguments = ["-f", "%M", "-o", directory + "/peak", program] + arguments
      program = "/usr/bin/time"
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var parentEnds: [Int32] = []
    var childEnds: [Int32] = []
    defer { for fd in childEnds { close(fd) } }
    switch stdin {
    case .null:
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    case .pipe:
      let (read, write) = try Self.pipe()
      posix_spawn_file_actions_adddup2(&actions, read, 0)
      childEnds.append(read)
      stdinWrite = write
      parentEnds.append(write)
    case .file(let path):
      posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
    }
    switch stdout {
    case .pipe(let capacity):
      let (read, write) = try Self.pipe()
      if let capacity { _ = fcntl(write, Self.setPipeSize, Int32(capacity)) }
      posix_spawn_file_actions_adddup2(&actions, write, 1)
      childEnds.append(write)
      stdoutRead = read
      parentEnds.append(read)
    case .file(let path):
      posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    case .device(let path):
      posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
    case .closed:
      posix_spawn_file_actions_addclose(&actions, 1)
    }
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    // Nothing else of the test runner's (sockets, other children's pipes) leaks into the child.
    if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
    for fd in parentEnds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let base = [
      "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8",
      "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/root",
      "XDG_CACHE_HOME": directory + "/cache",
    ]
    let merged = base.merging(sanitizerEnvironment()) { $1 }.merging(environment) { $1 }
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var child = pid_t()
    let result = posix_spawn(&child, program, &actions, &attributes, argv, envp)
    guard result == 0 else {
      for fd in parentEnds { close(fd) }
      throw TestFailure("posix_spawn \(program): \(String(cString: strerror(result)))")
    }
    pid = child
  }

  deinit {
    stop()
    if stdoutRead >= 0 { close(stdoutRead) }
    closeInput()
    Paths.removeTree(directory)
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which the Glibc module does
  /// not export.
  static let closeFrom:
    (
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    )? = {
      guard
        let symbol = dlsym(
          UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
      else { return nil }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self
      )
    }()

  /// `fcntl`'s F_SETPIPE_SZ (a GNU extension the Glibc module does not export).
  static let setPipeSize: Int32 = 1031

  /// A close-on-exec pipe: (read end, write end).
  static func pipe() throws -> (Int32, Int32) {
    var ends: [Int32] = [0, 0]
    guard Glibc.pipe(&ends) == 0 else { throw TestFailure("pipe: \(errno)") }
    for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
  }

  // MARK: Standard streams

  /// Reads whatever standard output holds now (without waiting).
  func drain() {
    guard stdoutRead >= 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(stdoutRead, $0.baseAddress, $0.count) }
      if count > 0 {
        for byte in buffer[0..<count] where byte == 0x0A { linesRead += 1 }
        if !countsOnly { collected += buffer[0..<count] }
        continue
      }
      if count < 0 && errno == EINTR { continue }
      return
    }
  }

  /// Everything read from standard output so far (after draining).
  var stdout: String {
    drain()
    return String(decoding: collected, as: UTF8.self)
  }

  /// The bytes read from standard output so far (after draining).
  var stdoutBytes: [UInt8] {
    drain()
    return collected
  }

  /// Forgets what was read so far (long runs count lines as they go).
  func discardOutput() { collected.removeAll(keepingCapacity: true) }

  /// Everything written to standard error so far.
  var stderr: String {
    String(decoding: FileManager.default.contents(atPath: stderrPath) ?? Data(), as: UTF8.self)
  }

  /// Writes to standard input, waiting (poll) while the pipe is full; false when the child
  /// closed it.
  @discardableResult
  func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = Glibc.write(stdinWrite, bytes.baseAddress! + offset, bytes.count - offset)
      if count > 0 {
        offset += count
      } else if count < 0 && (errno == EAGAIN || errno == EINTR) {
        drain()
        var request = pollfd(fd: stdinWrite, events: Int16(POLLOUT), revents: 0)
        _ = poll(&request, 1, 100)
      } else {
        return false
      }
    }
    return true
  }

  /// Writes text to standard input.
  @discardableResult
  func write(_ text: String) -> Bool {
    Array(text.utf8).withUnsafeBytes { write($0) }
  }

  /// Closes standard input (end of file for the child).
  func closeInput() {
    if stdinWrite >= 0 { close(stdinWrite) }
    stdinWrite = -1
  }

  /// Waits until standard output satisfies `condition`; throws when it does not within
  /// `timeout` seconds or the child ends first.
  func waitForOutput(
    _ what: String, timeout: Double = 60, _ condition: (String) -> Bool
  ) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition(stdout) { return }
      if !isRunning {
        if condition(stdout) { return }
        break
      }
      pause(0.02)
    }
    throw TestFailure(
      "waited for \(what); status \(status.map(String.init) ?? "running")\nstdout:\n"
        + "\(stdout.suffix(3000))\nstderr:\n\(stderr.suffix(3000))")
  }

  /// Waits until standard error contains `text`.
  func waitForStderr(_ text: String, timeout: Double = 60) throws {
    guard waitUntil(timeout: timeout, { stderr.contains(text) || !isRunning }),
      stderr.contains(text)
    else { throw TestFailure("waited for \(text.debugDescription) on stderr:\n\(stderr)") }
  }

  /// Waits until standard output holds `count` occurrences of `text`.
  func waitFor(_ text: String, count: Int = 1, timeout: Double = 60) throws {
    try waitForOutput("\(count) × \(text)", timeout: timeout) {
      $0.components(separatedBy: text).count - 1 >= count
    }
  }

  // MARK: Process

  /// Whether the child is still running (reaps it when it ended).
  var isRunning: Bool {
    if status != nil { return false }
    var raw: Int32 = 0
    let result = waitpid(pid, &raw, WNOHANG)
    guard result == pid else { return result == 0 }
    status = Self.decode(raw)
    return false
  }

  /// The peak resident set in KiB of a `measured` child, once it ended.
  var peakKiB: Int? {
    guard !isRunning, let peakFile,
      let text = try? String(contentsOfFile: peakFile, encoding: .utf8)
    else { return nil }
    return text.split(separator: "\n").last.flatMap { Int($0) }
  }

  /// Sends a signal.
  func signal(_ number: Int32) {
    if isRunning { kill(pid, number) }
  }

  /// Waits for the end, draining standard output meanwhile, and returns the exit status
  /// (128 + N for a signal); throws after `timeout` seconds (killing it).
  @discardableResult
  func wait(timeout: Double = 60) throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while isRunning && Date() < deadline {
      drain()
      pause(0.01)
    }
    drain()
    if let status { return status }
    stop()
    throw TestFailure("did not end within \(timeout) s; stderr:\n\(stderr.suffix(3000))")
  }

  /// Kills it (SIGKILL) if still running, and reaps it.
  func stop() {
    guard isRunning else { return }
    kill(pid, SIGKILL)
    var raw: Int32 = 0
    _ = waitpid(pid, &raw, 0)
    status = Self.decode(raw)
  }

  private static func decode(_ raw: Int32) -> Int32 {
    let signal = raw & 0x7F
    return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
  }

  // MARK: /proc

  /// How many descriptors it has open.
  var descriptorCount: Int { Self.entries("/proc/\(pid)/fd").count }

  /// Its open descriptors' targets (`pipe:[…]`, `/dev/pts/3`, …), sorted.
  var descriptorTargets: [String] {
    Self.entries("/proc/\(pid)/fd").compactMap {
      try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")
    }.sorted()
  }

  /// How many threads it has.
  var threadCount: Int { Self.entries("/proc/\(pid)/task").count }

  /// Its resident set size in KiB (VmRSS).
  var residentKiB: Int? { Self.field("/proc/\(pid)/status", "VmRSS:") }

  /// Its peak resident set size so far in KiB (VmHWM).
  var peakResidentKiB: Int? { Self.field("/proc/\(pid)/status", "VmHWM:") }
  /// CPU time its running threads have had so far, seconds (the first field of each
  /// /proc/PID/task/TID/schedstat, in nanoseconds).
  var cpuSeconds: Double {
    Self.entries("/proc/\(pid)/task").reduce(0) { total, task in
      let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)
      let nanoseconds = text?.split(separator: " ").first.flatMap { Double($0) } ?? 0
      return total + nanoseconds / 1e9
    }
  }

  /// Bytes it has read with read(2) and friends so far (`rchar` of /proc/PID/io).
  var bytesRead: Int? { Self.field("/proc/\(pid)/io", "rchar:") }

  private static func entries(_ path: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
  }

  private static func field(_ path: String, _ name: String) -> Int? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(name) {
      return Int(line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first ?? "")
    }
    return nil
  }
}
