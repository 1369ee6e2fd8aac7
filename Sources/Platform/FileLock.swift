import Glibc

extension FileDescriptor {
  /// Takes an advisory exclusive lock on the open file description without waiting. Fails with
  /// ``Errno/wouldBlock`` when another open file description holds it.
  ///
  /// The corresponding C call is `flock(fd, LOCK_EX | LOCK_NB)`.
  package func lockExclusively() throws(Errno) {
    try nothingOrErrno { flock(rawValue, LOCK_EX | LOCK_NB) }.get()
  }

  /// Lets go of the lock ``lockExclusively()`` took (closing the last descriptor of the open
  /// file description does too; a child that inherited it would keep it).
  ///
  /// The corresponding C call is `flock(fd, LOCK_UN)`.
  package func unlock() {
    _ = flock(rawValue, LOCK_UN)
  }

  /// Whether another open file description holds the lock: takes it without waiting and lets
  /// go at once.
  package var isLockedElsewhere: Bool {
    do throws(Errno) {
      try lockExclusively()
      unlock()
      return false
    } catch {
      return error == .wouldBlock
    }
  }
}
