import Glibc
import Platform

@testable import Receivers

/// A child process started with `posix_spawn(3)` (Foundation's `Process` leaks under ASan),
/// its standard streams on /dev/null, killed and reaped by ``kill()``.
final class ChildProcess {
  let pid: pid_t
  private var reaped = false

  /// Starts `path` with `arguments` (not counting the program name).
  init(_ path: String, _ arguments: [String]) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDWR, 0)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child = pid_t()
    let status = posix_spawn(&child, path, &actions, &attributes, argv, environ)
    guard status == 0 else { throw Errno(rawValue: status) }
    pid = child
  }

  /// Kills it (`SIGKILL`) and waits for it.
  func kill() {
    guard !reaped else { return }
    reaped = true
    Glibc.kill(pid, SIGKILL)
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
  }

  deinit { kill() }
}
