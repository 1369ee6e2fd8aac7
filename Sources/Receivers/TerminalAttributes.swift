import Glibc

extension FileDescriptor {
  /// The terminal's settings, `tcgetattr(3)`; `ENOTTY` when it is not a terminal.
  func terminalAttributes() throws(Errno) -> termios {
    var attributes = termios()
    try nothingOrErrno { tcgetattr(rawValue, &attributes) }.get()
    return attributes
  }

  /// Applies settings at once, `tcsetattr(3)` with `TCSANOW`.
  func setTerminalAttributes(_ attributes: termios) throws(Errno) {
    var attributes = attributes
    try nothingOrErrno { tcsetattr(rawValue, TCSANOW, &attributes) }.get()
  }

  /// Discards input received but not read, `tcflush(3)` with `TCIFLUSH`.
  func flushInput() throws(Errno) {
    try nothingOrErrno { tcflush(rawValue, TCIFLUSH) }.get()
  }
}

/// Settings for a GNSS receiver: raw 8N1, no flow control, `CLOCAL | CREAD`, `VMIN = 1` and
/// `VTIME = 0` (reads wait with `poll(2)`), at `speed`, derived from the port's `original`.
func rawSerialAttributes(from original: termios, speed: speed_t) -> termios {
  var attributes = original
  cfmakeraw(&attributes)
  attributes.c_cflag &= ~tcflag_t(CSIZE | PARENB | CSTOPB)
  attributes.c_cflag &= ~tcflag_t(CRTSCTS)
  attributes.c_cflag |= tcflag_t(CS8 | CLOCAL | CREAD)
  attributes.c_iflag &= ~tcflag_t(IXON | IXOFF | IXANY)
  withUnsafeMutableBytes(of: &attributes.c_cc) { cc in
    cc[Int(VMIN)] = 1
    cc[Int(VTIME)] = 0
  }
  cfsetispeed(&attributes, speed)
  cfsetospeed(&attributes, speed)
  return attributes
}

/// Whether two settings are the same in every field a port restore must bring back.
func sameTerminalSettings(_ lhs: termios, _ rhs: termios) -> Bool {
  var lhs = lhs
  var rhs = rhs
  let sameControlCharacters = withUnsafeBytes(of: &lhs.c_cc) { left in
    withUnsafeBytes(of: &rhs.c_cc) { right in left.elementsEqual(right) }
  }
  return lhs.c_iflag == rhs.c_iflag && lhs.c_oflag == rhs.c_oflag && lhs.c_cflag == rhs.c_cflag
    && lhs.c_lflag == rhs.c_lflag && cfgetispeed(&lhs) == cfgetispeed(&rhs)
    && cfgetospeed(&lhs) == cfgetospeed(&rhs) && sameControlCharacters
}
