import Platform

/// An open serial port, exclusively ours: opened without becoming the controlling terminal,
/// non-blocking and close-on-exec; refused as busy when another process has it open (found in
/// `/proc`: gpsd and ModemManager take no lock), when another descriptor holds its `flock(2)`
/// or set `TIOCEXCL`; then locked with both (root ignores `TIOCEXCL`); raw 8N1 without flow
/// control at one standard rate; stale input flushed. ``close()`` lets go of it all: the
/// settings it found back, `TIOCNXCL`, the lock dropped (and ``SerialPortRegistry`` does the
/// same for a process that exits without closing it).
final class SerialPort: @unchecked Sendable {
  /// The path it was opened by.
  let path: String
  /// The open descriptor.
  let descriptor: FileDescriptor
  /// The current rate.
  private(set) var rate: Int
  private let original: TerminalAttributes
  private var closed = false

  /// How ports are opened: not as the controlling terminal, never waiting (for carrier).
  static let openOptions: FileDescriptor.OpenOptions = [.noControllingTerminal, .nonBlocking]

  /// How long a stale exclusive flag is given to go away before the port is refused: the
  /// program that made a pseudo-terminal (`locate simulate`) clears one when its reader closes
  /// and at least once a second, but a loaded machine can delay that (1.5 s was too short for
  /// a takeover under ThreadSanitizer: six epochs lost to a reconnection's back-off).
  static let staleFlagGrace = 5.0

  private init(path: String, descriptor: FileDescriptor, rate: Int, original: TerminalAttributes) {
    self.path = path
    self.descriptor = descriptor
    self.rate = rate
    self.original = original
  }

  /// Opens `path` at `rate`, or explains why not (see ``DeviceAccess/error(for:path:procRoot:)``).
  /// A port refused as busy while no process has it open (a stale exclusive flag) is tried
  /// again for ``staleFlagGrace`` seconds. Input waiting from before is discarded, unless
  /// `flush` is false (taking over from a holder that read it until a moment ago).
  static func open(_ path: String, rate: Int, procRoot: String = "/proc", flush: Bool = true)
    throws(ReceiverError) -> SerialPort
  {
    guard let speed = BaudRate.speed(for: rate) else {
      throw BaudRate.unsupported(rate, path: path)
    }
    if isPseudoTerminalMultiplexer(path) {
      // Opening /dev/ptmx makes a new pty: never a receiver, and its holders are not ours.
      throw ReceiverError(
        code: .invalidSource(
          "the pseudo-terminal multiplexer, not a receiver (give the /dev/pts/N path of a"
            + " pseudo-terminal, or a link to it)"),
        path: path, errno: Errno.notTerminal.rawValue)
    }
    let deadline = SystemTime.deadline(after: staleFlagGrace)
    while true {
      do {
        return try attempt(path, rate: rate, speed: speed, procRoot: procRoot, flush: flush)
      } catch  where error.code == .busy(holder: nil) && SystemTime.now() < deadline {
        SystemTime.sleep(0.05)
      }
    }
  }

  private static func attempt(
    _ path: String, rate: Int, speed: TerminalSpeed, procRoot: String, flush: Bool
  ) throws(ReceiverError) -> SerialPort {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, .readWrite, options: openOptions)
    } catch {
      throw DeviceAccess.deviceError(for: error, path: path, procRoot: procRoot)
    }
    // Not a terminal (/dev/null, a file): say so before asking who else has it open.
    do throws(Errno) {
      _ = try descriptor.terminalAttributes()
    } catch {
      descriptor.close()
      throw DeviceAccess.deviceError(for: error, path: path, procRoot: procRoot)
    }
    // gpsd and ModemManager take neither lock, and two readers would split the bytes.
    if let other = DeviceHolders.others(path, procRoot: procRoot).first {
      descriptor.close()
      throw ReceiverError(code: .busy(holder: other), path: path, errno: Errno.busy.rawValue)
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
      try descriptor.setTerminalAttributes(original.rawSerial(speed: speed))
      if flush { try descriptor.flushInput() }
      return SerialPort(path: path, descriptor: descriptor, rate: rate, original: original)
    } catch {
      if registered {
        SerialPortRegistry.releaseAndForget(descriptor)
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
    guard let speed = BaudRate.speed(for: rate) else { throw Errno.invalidArgument }
    var attributes = try descriptor.terminalAttributes()
    attributes.speed = speed
    try descriptor.setTerminalAttributes(attributes)
    self.rate = rate
  }

  /// Discards what arrived but was not read (`tcflush(3)`); errors are left to the next read.
  func flushInput() {
    try? descriptor.flushInput()
  }

  /// Restores the original settings, leaves exclusive mode, drops the lock and closes. Later
  /// calls do nothing. On an unplugged port the restore fails quietly.
  func close() {
    guard !closed else { return }
    closed = true
    SerialPortRegistry.releaseAndForget(descriptor)
    descriptor.close()
  }

  /// Whether `path` is the pty multiplexer (`/dev/ptmx`, `/dev/pts/ptmx`: character device
  /// 5, 2), which makes a new pty each time it is opened.
  static func isPseudoTerminalMultiplexer(_ path: String) -> Bool {
    guard let status = try? FileSystem.status(path), status.kind == .characterDevice else {
      return false
    }
    return status.deviceMajor == 5 && status.deviceMinor == 2
  }

  /// The original settings (for tests).
  var originalAttributes: TerminalAttributes { original }

  deinit { close() }
}
