import CLocateSys
import Glibc

/// A terminal's settings (`struct termios`): what a serial port is set to, and what is put back
/// when it is let go.
package struct TerminalAttributes: Sendable {
  /// The C structure.
  package var raw: termios

  /// Wraps a C structure.
  package init(_ raw: termios) { self.raw = raw }

  /// Raw 8N1 for a GNSS receiver, derived from these settings: no echo, no line editing, no
  /// flow control, `CLOCAL | CREAD`, `VMIN = 1` and `VTIME = 0` (reads wait with `poll(2)`),
  /// at `speed`.
  ///
  /// The corresponding C functions are `cfmakeraw`, `cfsetispeed` and `cfsetospeed`.
  package func rawSerial(speed: TerminalSpeed) -> TerminalAttributes {
    var attributes = raw
    cfmakeraw(&attributes)
    attributes.c_cflag &= ~tcflag_t(CSIZE | PARENB | CSTOPB)
    attributes.c_cflag &= ~tcflag_t(CRTSCTS)
    attributes.c_cflag |= tcflag_t(CS8 | CLOCAL | CREAD)
    attributes.c_iflag &= ~tcflag_t(IXON | IXOFF | IXANY)
    withUnsafeMutableBytes(of: &attributes.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    var result = TerminalAttributes(attributes)
    result.speed = speed
    return result
  }

  /// The output speed; setting it sets the input speed too.
  ///
  /// The corresponding C functions are `cfgetospeed`, `cfsetispeed` and `cfsetospeed`.
  package var speed: TerminalSpeed {
    get {
      var copy = raw
      return TerminalSpeed(code: cfgetospeed(&copy))
    }
    set {
      cfsetispeed(&raw, newValue.code)
      cfsetospeed(&raw, newValue.code)
    }
  }

  /// Whether two settings are the same in every field a port restore must bring back: the
  /// mode flags, the control characters and both speeds.
  package func sameSettings(as other: TerminalAttributes) -> Bool {
    var lhs = raw
    var rhs = other.raw
    let sameControlCharacters = withUnsafeBytes(of: &lhs.c_cc) { left in
      withUnsafeBytes(of: &rhs.c_cc) { right in left.elementsEqual(right) }
    }
    return lhs.c_iflag == rhs.c_iflag && lhs.c_oflag == rhs.c_oflag
      && lhs.c_cflag == rhs.c_cflag && lhs.c_lflag == rhs.c_lflag
      && cfgetispeed(&lhs) == cfgetispeed(&rhs) && cfgetospeed(&lhs) == cfgetospeed(&rhs)
      && sameControlCharacters
  }
}

/// A standard serial speed as `termios` codes it (`B9600`).
package struct TerminalSpeed: Sendable, Hashable {
  /// The `Bxxx` code.
  package let code: speed_t

  init(code: speed_t) { self.code = code }

  /// The code of a standard rate in baud, or `nil` for a rate `termios` has no code for.
  package init?(baud: Int) {
    guard let code = Self.codes.first(where: { $0.baud == baud })?.code else { return nil }
    self.code = code
  }

  /// The rate in baud, or `nil` for a code outside 50…921600 baud (`B0` included).
  package var baud: Int? { Self.codes.first { $0.code == code }?.baud }

  private static let codes: [(baud: Int, code: speed_t)] = [
    (50, speed_t(B50)), (75, speed_t(B75)), (110, speed_t(B110)), (134, speed_t(B134)),
    (150, speed_t(B150)), (200, speed_t(B200)), (300, speed_t(B300)), (600, speed_t(B600)),
    (1200, speed_t(B1200)), (1800, speed_t(B1800)), (2400, speed_t(B2400)),
    (4800, speed_t(B4800)), (9600, speed_t(B9600)), (19200, speed_t(B19200)),
    (38400, speed_t(B38400)), (57600, speed_t(B57600)), (115200, speed_t(B115200)),
    (230400, speed_t(B230400)), (460800, speed_t(B460800)), (500000, speed_t(B500000)),
    (576000, speed_t(B576000)), (921600, speed_t(B921600)),
  ]
}

extension FileDescriptor {
  /// The terminal's settings; `ENOTTY` when it is not a terminal.
  ///
  /// The corresponding C function is `tcgetattr`.
  package func terminalAttributes() throws(Errno) -> TerminalAttributes {
    var attributes = termios()
    try nothingOrErrno { tcgetattr(rawValue, &attributes) }.get()
    return TerminalAttributes(attributes)
  }

  /// Applies settings at once.
  ///
  /// The corresponding C function is `tcsetattr` with `TCSANOW`.
  package func setTerminalAttributes(_ attributes: TerminalAttributes) throws(Errno) {
    var raw = attributes.raw
    try nothingOrErrno { tcsetattr(rawValue, TCSANOW, &raw) }.get()
  }

  /// Discards input received but not read.
  ///
  /// The corresponding C function is `tcflush` with `TCIFLUSH`.
  package func flushInput() throws(Errno) {
    try nothingOrErrno { tcflush(rawValue, TCIFLUSH) }.get()
  }

  /// Puts a terminal in exclusive mode: further opens fail with `EBUSY` (except for root).
  ///
  /// The corresponding C call is `ioctl(fd, TIOCEXCL)`.
  package func setTerminalExclusive() throws(Errno) {
    try nothingOrErrno { ioctl(rawValue, UInt(TIOCEXCL)) }.get()
  }

  /// Leaves exclusive mode; errors (a hung-up terminal) are ignored.
  ///
  /// The corresponding C call is `ioctl(fd, TIOCNXCL)`.
  package func clearTerminalExclusive() {
    _ = ioctl(rawValue, UInt(TIOCNXCL))
  }

  /// Whether some descriptor put the terminal in exclusive mode.
  ///
  /// The corresponding C call is `ioctl(fd, TIOCGEXCL)` (through CLocateSys: the request is a
  /// macro Swift cannot see).
  package func isTerminalExclusive() throws(Errno) -> Bool {
    var flag: CInt = 0
    try nothingOrErrno { clocate_get_exclusive(rawValue, &flag) }.get()
    return flag != 0
  }

  /// The output speed in baud as the terminal holds it, any rate (not only the `Bxxx` ones); on
  /// a pty master, the speed its slave's reader set.
  ///
  /// The corresponding C call is `ioctl(fd, TCGETS2)` (through CLocateSys).
  package func terminalOutputBaud() throws(Errno) -> Int {
    var input: UInt32 = 0
    var output: UInt32 = 0
    try nothingOrErrno { clocate_get_speed(rawValue, &input, &output) }.get()
    return Int(output)
  }
}
