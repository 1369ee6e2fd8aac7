import Glibc

/// An open serial port, exclusively ours: opened without becoming the controlling terminal,
/// non-blocking and close-on-exec; refused as busy when another process has it open (found in
/// `/proc`: gpsd and ModemManager take no lock), when another descriptor holds its `flock(2)`
/// or set `TIOCEXCL`; then locked with both (root ignores `TIOCEXCL`); raw 8N1 without flow control at one standard rate; stale input flushed.
/// ``close()`` restores the settings it found.
final class SerialPort: @unchecked Sendable {
  /// The path it was opened by.
  let path: String
  /// The open descriptor.
  let descriptor: FileDescriptor
  /// The current rate.
  private(set) var rate: Int
  private let original: termios
  private var closed = false

  private init(path: String, descriptor: FileDescriptor, rate: Int, original: termios) {
    self.path = path
    self.descriptor = descriptor
    self.rate = rate
    self.original = original
  }

  /// Opens `path` at `rate`, or explains why not (see ``DeviceAccess/error(for:path:procRoot:)``).
  static func open(_ path: String, rate: Int, procRoot: String = "/proc") throws(ReceiverError)
    -> SerialPort
  {
    guard let speed = BaudRate.speed(for: rate) else {
      throw BaudRate.unsupported(rate, path: path)
    }
    if isPseudoTerminalMultiplexer(path) {
      // Opening /dev/ptmx makes a new pty: never a receiver, and its holders are not ours.
      throw ReceiverError(
        code: .invalidSource(
          "the pseudo-terminal multiplexer, not a receiver (give the /dev/pts/N path"
            + " 'locate simulate' prints, or its --link)"),
        path: path, errno: ENOTTY)
    }
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, O_RDWR | O_NOCTTY | O_NONBLOCK)
    } catch {
      throw DeviceAccess.error(for: error, path: path, procRoot: procRoot)
    }
    // Not a terminal (/dev/null, a file): say so before asking who else has it open.
    do throws(Errno) {
      _ = try descriptor.terminalAttributes()
    } catch {
      descriptor.close()
      throw DeviceAccess.error(for: error, path: path, procRoot: procRoot)
    }
    // gpsd and ModemManager take neither lock, and two readers would split the bytes.
    if let other = DeviceHolders.others(path, procRoot: procRoot).first {
      descriptor.close()
      throw ReceiverError(code: .busy(holder: other), path: path, errno: EBUSY)
    }
    var registered = false
    do throws(Errno) {
      try descriptor.lockExclusively()
      // Root gets past another holder's TIOCEXCL; still, that port is taken.
      if try descriptor.isTerminalExclusive() { throw Errno.busy }
      let original = try descriptor.terminalAttributes()
      SerialPortRegistry.register(descriptor, original: original)
      registered = true
      try descriptor.setTerminalExclusive()
      try descriptor.setTerminalAttributes(rawSerialAttributes(from: original, speed: speed))
      try descriptor.flushInput()
      return SerialPort(path: path, descriptor: descriptor, rate: rate, original: original)
    } catch {
      if registered {
        SerialPortRegistry.restoreAndForget(descriptor)
        descriptor.clearTerminalExclusive()
      }
      descriptor.close()
      throw DeviceAccess.error(for: error, path: path, procRoot: procRoot)
    }
  }

  /// Switches to another standard rate (`tcsetattr(3)`), keeping the other settings.
  func setRate(_ rate: Int) throws(ReceiverError) {
    guard BaudRate.speed(for: rate) != nil else { throw BaudRate.unsupported(rate, path: path) }
    do throws(Errno) {
      try setRateOrErrno(rate)
    } catch {
      throw DeviceAccess.error(for: error, path: path)
    }
  }

  /// ``setRate(_:)`` failing with the system's error (`EINVAL` for a rate that is not
  /// standard, `EIO` when the device went away).
  func setRateOrErrno(_ rate: Int) throws(Errno) {
    guard let speed = BaudRate.speed(for: rate) else { throw Errno(rawValue: EINVAL) }
    var attributes = try descriptor.terminalAttributes()
    cfsetispeed(&attributes, speed)
    cfsetospeed(&attributes, speed)
    try descriptor.setTerminalAttributes(attributes)
    self.rate = rate
  }

  /// Discards what arrived but was not read (`tcflush(3)`); errors are left to the next read.
  func flushInput() {
    try? descriptor.flushInput()
  }

  /// Restores the original settings, leaves exclusive mode and closes (releasing the lock).
  /// Later calls do nothing. On an unplugged port the restore fails quietly.
  func close() {
    guard !closed else { return }
    closed = true
    SerialPortRegistry.restoreAndForget(descriptor)
    descriptor.clearTerminalExclusive()
    descriptor.close()
  }

  /// Whether `path` is the pty multiplexer (`/dev/ptmx`, `/dev/pts/ptmx`: character device
  /// 5, 2), which makes a new pty each time it is opened.
  static func isPseudoTerminalMultiplexer(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFCHR else { return false }
    let device = UInt64(info.st_rdev)
    // glibc's gnu_dev_major/minor: major bits 8–19 and 32–43, minor bits 0–7 and 20–31.
    let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
    let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
    return major == 5 && minor == 2
  }

  /// The original settings (for tests).
  var originalAttributes: termios { original }

  deinit { close() }
}
