import Platform

/// The standard serial rates `locate` accepts, and their `termios` speed codes.
enum BaudRate {
  /// Every rate a port can be set to, 4800 to 921600 baud.
  static let standard: [Int] = [
    4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 576000, 921600,
  ]

  /// The order `--baud auto` tries after the remembered rate: the common GNSS rates first.
  static let huntOrder: [Int] = [9600, 4800, 38400, 115200, 57600, 19200, 230400, 460800, 921600]

  /// The speed code of a standard rate, or `nil`.
  static func speed(for rate: Int) -> TerminalSpeed? {
    standard.contains(rate) ? TerminalSpeed(baud: rate) : nil
  }

  /// The error for a rate that is not standard.
  static func unsupported(_ rate: Int, path: String) -> ReceiverError {
    let list = standard.map(String.init).joined(separator: ", ")
    return ReceiverError(
      code: .invalidSource("unsupported baud rate \(rate); use one of \(list) or auto"),
      path: path, errno: Errno.invalidArgument.rawValue)
  }
}
