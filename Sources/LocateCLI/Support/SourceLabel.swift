import Receivers

extension ReceiverSource {
  /// How messages name the source: the device path, the file, `standard input`, the URL.
  var label: String {
    switch self {
    case .device(let path, _): return path
    case .discover: return "receiver"
    case .file(let path, _): return path
    case .standardInput: return "standard input"
    case .tcp(let host, let port): return "tcp://\(bracketed(host)):\(port)"
    case .gpsd(let host, let port): return "gpsd://\(bracketed(host)):\(port)"
    }
  }

  private func bracketed(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }
}
