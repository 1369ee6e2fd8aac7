import CLocateSys

extension FileDescriptor {
  /// Opens a new pseudo-terminal: its master end (close-on-exec, not the controlling terminal)
  /// and the path of its slave device (`/dev/pts/N`), which readers open like a serial port.
  /// Closing the master hangs the slave up, and its path disappears.
  ///
  /// The corresponding C functions are `posix_openpt`, `grantpt`, `unlockpt` and `ptsname_r`
  /// (through CLocateSys: Swift cannot see them).
  package static func openPseudoTerminal() throws(Errno) -> (master: FileDescriptor, slave: String)
  {
    var name = [CChar](repeating: 0, count: 128)
    let fd = try name.withUnsafeMutableBufferPointer { buffer throws(Errno) in
      try valueOrErrno { clocate_open_pty(buffer.baseAddress, UInt(buffer.count)) }.get()
    }
    let slave = String(
      decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (FileDescriptor(rawValue: fd), slave)
  }
}
