import CLocateSys
import Glibc

/// A pseudo-terminal: the master end a virtual receiver writes to, and the slave device
/// (`/dev/pts/N`) that readers open like a serial port.
///
/// The master is opened close-on-exec and non-blocking (`posix_openpt(3)`, `grantpt(3)`,
/// `unlockpt(3)`); the slave is never held open here, so the only holders of `/dev/pts/N` are
/// its readers. Closing the master is an unplug: readers see the hang-up and the path vanishes.
final class PseudoTerminal: @unchecked Sendable {
  /// The master end.
  let master: FileDescriptor
  /// The slave device path.
  let slavePath: String

  /// Opens a new pair and puts the slave in raw 8N1 (through the master: on Linux the
  /// terminal-mode ioctls of a master act on its slave).
  init() throws(Errno) {
    var name = [CChar](repeating: 0, count: 128)
    let fd = try name.withUnsafeMutableBufferPointer { buffer throws(Errno) in
      try valueOrErrno { clocate_open_pty(buffer.baseAddress, UInt(buffer.count)) }.get()
    }
    master = FileDescriptor(rawValue: fd)
    slavePath = String(
      decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    do throws(Errno) {
      try master.setStatusFlags(try master.statusFlags() | O_NONBLOCK)
      var attributes = try master.terminalAttributes()
      let speed = cfgetospeed(&attributes)
      try master.setTerminalAttributes(rawSerialAttributes(from: attributes, speed: speed))
    } catch {
      master.close()
      throw error
    }
  }

  /// The rate the slave's reader set (`TCGETS2` on the master), or `nil` if unreadable.
  var readerRate: Int? {
    var input: UInt32 = 0
    var output: UInt32 = 0
    guard clocate_get_speed(master.rawValue, &input, &output) == 0 else { return nil }
    return Int(output)
  }

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

  /// Closes the master: the slave hangs up and its path disappears.
  func close() {
    master.close()
  }
}
