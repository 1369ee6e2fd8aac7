import Glibc

/// The standard serial rates `locate` accepts, and their `termios` speed codes.
enum BaudRate {
  /// Every rate a port can be set to, 4800 to 921600 baud.
  static let standard: [Int] = [
    4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 576000, 921600,
  ]

  /// The order `--baud auto` tries after the remembered rate: the common GNSS rates first.
  static let huntOrder: [Int] = [9600, 4800, 38400, 115200, 57600, 19200, 230400, 460800, 921600]

  /// The `Bxxx` speed code of a standard rate, or `nil`.
  static func speed(for rate: Int) -> speed_t? {
    switch rate {
    case 4800: return speed_t(B4800)
    case 9600: return speed_t(B9600)
    case 19200: return speed_t(B19200)
    case 38400: return speed_t(B38400)
    case 57600: return speed_t(B57600)
    case 115200: return speed_t(B115200)
    case 230400: return speed_t(B230400)
    case 460800: return speed_t(B460800)
    case 500000: return speed_t(B500000)
    case 576000: return speed_t(B576000)
    case 921600: return speed_t(B921600)
    default: return nil
    }
  }

  /// The rate of a `Bxxx` speed code, or `nil` for codes outside ``standard``.
  static func rate(for speed: speed_t) -> Int? {
    standard.first { Self.speed(for: $0) == speed }
  }

  /// The error for a rate that is not standard.
  static func unsupported(_ rate: Int, path: String) -> ReceiverError {
    let list = standard.map(String.init).joined(separator: ", ")
    return ReceiverError(
      code: .invalidSource("unsupported baud rate \(rate); use one of \(list) or auto"),
      path: path, errno: EINVAL)
  }
}
