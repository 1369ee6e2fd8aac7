import ReceiverState

/// Phrases for states, with the reasons ``ReceiverError`` gives for a refusal (this module's,
/// the state's own module being below it).
extension DeviceState: CustomStringConvertible {
  /// A short phrase for status lines: `connected to /dev/ttyUSB0 at 9600 baud`.
  public var description: String {
    switch self {
    case .available(let path):
      return "\(path) is available"
    case .connected(let path, let baud?):
      return "connected to \(path) at \(baud) baud"
    case .connected(let path, nil):
      return "connected to \(path)"
    case .denied(let path, let group):
      return ReceiverError(code: .permissionDenied(group: group), path: path).description
    case .busy(let path, let holder):
      return ReceiverError(code: .busy(holder: holder), path: path).description
    case .unavailable(let path?):
      return "\(path) is not there (unplugged?)"
    case .unavailable(nil):
      return "no GPS receiver found"
    case .unplugged(let path):
      return "\(path) went away; waiting for it to come back"
    case .silent(let path, let seconds):
      return "\(path) is connected but has sent nothing for \(Int(seconds.rounded())) s"
    case .garbled(let path, let baud?):
      return "\(path) sends bytes at \(baud) baud, but no NMEA"
    case .garbled(let path, nil):
      return "\(path) sends bytes, but no NMEA at any baud rate"
    case .ended:
      return "end of input"
    }
  }
}
