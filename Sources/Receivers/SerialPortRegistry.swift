import Glibc

/// Every serial port this process has open, with the settings it found, so that a signal
/// handler can put them all back, and let go of them, before the process exits.
///
/// `LocateCLI` calls ``restoreAll()`` from its signal handler; ports also restore themselves
/// when they close, so a normal ``Receiver/stop()`` needs nothing more.
public enum SerialPortRegistry {
  private static let saved = Locked<[CInt: termios]>([:])

  /// Restores the original terminal settings of every open serial port (`tcsetattr(3)`) and
  /// takes it out of exclusive mode (`TIOCNXCL`: a pty whose master stays open, or a real
  /// tty, would otherwise refuse every later open as busy). The ports stay open (their locks
  /// go with the process); call it before exiting without closing them.
  public static func restoreAll() {
    saved.withLock { ports in
      for (fd, original) in ports {
        var original = original
        _ = tcsetattr(fd, TCSANOW, &original)
        FileDescriptor(rawValue: fd).clearTerminalExclusive()
      }
    }
  }

  /// How many ports are registered (for tests).
  static var count: Int { saved.withLock { $0.count } }

  /// Remembers `original` as the settings to restore on `descriptor`.
  static func register(_ descriptor: FileDescriptor, original: termios) {
    saved.withLock { $0[descriptor.rawValue] = original }
  }

  /// Restores and forgets the settings of `descriptor`, before it is closed (under the lock,
  /// so a concurrent ``restoreAll()`` never touches a reused descriptor number).
  static func restoreAndForget(_ descriptor: FileDescriptor) {
    saved.withLock { ports in
      if var original = ports.removeValue(forKey: descriptor.rawValue) {
        _ = tcsetattr(descriptor.rawValue, TCSANOW, &original)
      }
    }
  }
}
