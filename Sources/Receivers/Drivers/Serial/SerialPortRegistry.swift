import Platform

/// Every serial port this process has open, with the settings it found, so that they are let
/// go of on every way out: a port releases itself when it closes; ``releaseAll()`` releases
/// every one still open, and runs by itself when the process exits through `exit(3)` or a
/// return from `main` (an `atexit(3)` handler installed with the first port), so that an app
/// that calls `exit(0)` from a callback leaves no port exclusive. A signal handler that ends
/// the process with `_exit(2)` calls it first (`locate` does).
///
/// Releasing a port restores its original terminal settings (`tcsetattr(3)`), takes it out of
/// exclusive mode (`TIOCNXCL`: a pty whose master stays open would otherwise refuse every later
/// open as busy, and a real tty held by another descriptor too) and drops its `flock(2)`.
public enum SerialPortRegistry {
  private static let saved = Locked<[FileDescriptor: TerminalAttributes]>([:])

  /// The exit handler, installed once, before the first port is registered.
  private static let exitHandler: Void = CurrentProcess.atExit { SerialPortRegistry.releaseAll() }

  /// Releases every open serial port: its original settings back, exclusive mode off, its lock
  /// dropped. The ports stay open (the descriptors go with the process); call it before
  /// exiting without closing them.
  public static func releaseAll() { releaseAll { _ in true } }

  /// ``releaseAll()`` for the ports `included` picks (tests: their own ports only, not those
  /// of the tests running meanwhile in the same process).
  static func releaseAll(where included: (FileDescriptor) -> Bool) {
    saved.withLock { ports in
      for (descriptor, original) in ports where included(descriptor) {
        release(descriptor, original: original)
      }
    }
  }

  /// How many ports are registered (for tests).
  static var count: Int { saved.withLock { $0.count } }

  /// Remembers `original` as the settings to restore on `descriptor`.
  static func register(_ descriptor: FileDescriptor, original: TerminalAttributes) {
    _ = exitHandler
    saved.withLock { $0[descriptor] = original }
  }

  /// Releases `descriptor` and forgets it, before it is closed (under the lock, so a
  /// concurrent ``releaseAll()`` never touches a reused descriptor number).
  static func releaseAndForget(_ descriptor: FileDescriptor) {
    saved.withLock { ports in
      if let original = ports.removeValue(forKey: descriptor) {
        release(descriptor, original: original)
      }
    }
  }

  /// Settings back, exclusive mode off, lock dropped; failures (an unplugged port) are ignored.
  private static func release(_ descriptor: FileDescriptor, original: TerminalAttributes) {
    try? descriptor.setTerminalAttributes(original)
    descriptor.clearTerminalExclusive()
    descriptor.unlock()
  }
}
