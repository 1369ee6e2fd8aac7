import Platform

/// A pseudo-terminal: the master end a virtual receiver writes to, and the slave device
/// (`/dev/pts/N`) that readers open like a serial port.
///
/// The master is opened close-on-exec and non-blocking. Closing it is an unplug: readers see
/// the hang-up and the path vanishes.
///
/// It also keeps the slave open itself, read-only (``DeviceHolders`` does not count the pty's
/// maker as a reader for that), so that it can release the slave from a reader that went away
/// without doing so: a reader killed with SIGKILL leaves the slave in exclusive mode
/// (`TIOCEXCL`), and every later open fails with `EBUSY`, while the master lives on. When the
/// slave is exclusive but nobody holds its `flock(2)` (every reader `locate` opens takes it
/// before setting the flag, and clears the flag before dropping it), the flag is stale:
/// ``releaseStaleExclusive()`` clears it. ``closeWatch`` becomes readable when a reader closes
/// the slave (or the kernel does, for a killed one), the moment to check.
final class PseudoTerminal: @unchecked Sendable {
  /// The master end.
  let master: FileDescriptor
  /// The slave device path.
  let slavePath: String
  /// The slave, read-only, never read: for the exclusive flag and the lock.
  private let keeper: FileDescriptor
  /// Readable after each close of the slave; `nil` when inotify is not available.
  let closeWatch: CloseWatch?

  /// Opens a new pair and puts the slave in raw 8N1 (through the master: on Linux the
  /// terminal-mode ioctls of a master act on its slave).
  init() throws(Errno) {
    (master, slavePath) = try FileDescriptor.openPseudoTerminal()
    do throws(Errno) {
      try master.setNonBlocking(true)
      let attributes = try master.terminalAttributes()
      try master.setTerminalAttributes(attributes.rawSerial(speed: attributes.speed))
      keeper = try FileDescriptor.open(
        slavePath, .readOnly, options: [.noControllingTerminal, .nonBlocking])
    } catch {
      master.close()
      throw error
    }
    closeWatch = try? CloseWatch(slavePath)
  }

  /// The rate the slave's reader set (`TCGETS2` on the master), or `nil` if unreadable.
  var readerRate: Int? { try? master.terminalOutputBaud() }

  /// Writes what fits without waiting; bytes that do not fit are dropped, as a UART drops
  /// what nobody reads. Returns how many were written.
  @discardableResult
  func write(_ bytes: UnsafeRawBufferPointer) -> Int {
    var offset = 0
    while offset < bytes.count {
      guard let count = try? master.write(UnsafeRawBufferPointer(rebasing: bytes[offset...])),
        count > 0
      else { break }
      offset += count
    }
    return offset
  }

  /// Clears a stale exclusive flag: one set while nobody holds the slave's lock (its reader
  /// went away without clearing it). Returns whether it did.
  @discardableResult
  func releaseStaleExclusive() -> Bool {
    _ = closeWatch?.drain()
    guard (try? keeper.isTerminalExclusive()) == true, !keeper.isLockedElsewhere else {
      return false
    }
    keeper.clearTerminalExclusive()
    return true
  }

  /// Closes the master (the slave hangs up and its path disappears), then the slave kept.
  func close() {
    master.close()
    keeper.close()
    closeWatch?.close()
  }
}
