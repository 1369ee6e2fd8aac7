/// Where the server listens: a host (an IP address, or a name that resolves to one) and a TCP
/// port, written `HOST:PORT`, an IPv6 address in brackets (`[::1]:2947`). Port 0 asks the
/// system for any free port (the bound one is in ``GPSDServer/address``).
package struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
  /// gpsd's port.
  package static let gpsdPort: UInt16 = 2947
  /// The default: IPv4 loopback on gpsd's port, so only this machine's programs can connect.
  package static let loopback = ListenAddress(host: "127.0.0.1", port: gpsdPort)

  /// The host: an IPv4 or IPv6 address (without brackets) or a host name.
  package var host: String
  /// The TCP port (0: any free one).
  package var port: UInt16

  /// An address from its parts.
  package init(host: String, port: UInt16) {
    self.host = host
    self.port = port
  }

  /// Reads `HOST:PORT` or `[IPV6]:PORT`.
  /// - Throws: ``GPSDServerError`` with ``GPSDServerError/Code/invalidAddress(_:)`` saying what
  ///   is wrong.
  package init(parsing text: String) throws(GPSDServerError) {
    func invalid(_ why: String) -> GPSDServerError {
      GPSDServerError(code: .invalidAddress(why), address: text)
    }
    let host: Substring
    let portText: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { throw invalid("no ']' after the address") }
      host = text[text.index(after: text.startIndex)..<close]
      let rest = text[text.index(after: close)...]
      guard rest.hasPrefix(":") else { throw invalid("no :PORT after ']'") }
      portText = rest.dropFirst()
    } else {
      guard let colon = text.lastIndex(of: ":") else { throw invalid("no :PORT") }
      host = text[..<colon]
      portText = text[text.index(after: colon)...]
      if host.contains(":") { throw invalid("an IPv6 address goes in brackets, e.g. [::1]:2947") }
    }
    guard !host.isEmpty else { throw invalid("no host before the port") }
    guard !portText.isEmpty, portText.count <= 5,
      portText.allSatisfy({ $0.isASCII && $0.isNumber }),
      let port = Int(portText), port <= 65535
    else { throw invalid("the port is not a number from 0 to 65535") }
    self.init(host: String(host), port: UInt16(port))
  }

  /// `HOST:PORT`, or `[HOST]:PORT` for an IPv6 address.
  package var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }
}
