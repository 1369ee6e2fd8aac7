import Platform

extension ReceiverSource {
  /// The default gpsd port.
  public static let gpsdPort: UInt16 = 2947

  /// Parses an input as the command line's `--input` takes it: `-` (standard input),
  /// `tcp://HOST:PORT`, `gpsd://[HOST[:PORT]]` (gpsd on `localhost:2947` by default; IPv6
  /// hosts in brackets), or else a capture file path, replayed with `pacing`.
  /// - Throws: ``ReceiverError`` (``ReceiverError/Code/invalidSource(_:)``) for a malformed URL.
  public init(input: String, pacing: Pacing = .asFastAsPossible) throws(ReceiverError) {
    if input == "-" {
      self = .standardInput
    } else if input.hasPrefix("tcp://") {
      let (host, port) = try Self.hostAndPort(input, after: "tcp://", defaultPort: nil)
      self = .tcp(host: host, port: port)
    } else if input.hasPrefix("gpsd://") {
      let (host, port) = try Self.hostAndPort(input, after: "gpsd://", defaultPort: Self.gpsdPort)
      self = .gpsd(host: host, port: port)
    } else if input.includes("://") {
      throw ReceiverError(
        code: .invalidSource(
          "unknown kind of input; use a file, -, tcp://HOST:PORT or gpsd://HOST"),
        path: input)
    } else {
      self = .file(path: input, pacing: pacing)
    }
  }

  private static func hostAndPort(_ url: String, after scheme: String, defaultPort: UInt16?)
    throws(ReceiverError) -> (String, UInt16)
  {
    var rest = Substring(url.dropFirst(scheme.count))
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    let usage = defaultPort == nil ? "expected \(scheme)HOST:PORT" : "expected \(scheme)HOST[:PORT]"
    var host: Substring
    var portText: Substring?
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]") else {
        throw ReceiverError(code: .invalidSource(usage), path: url)
      }
      host = rest[rest.index(after: rest.startIndex)..<close]
      let after = rest[rest.index(after: close)...]
      if after.hasPrefix(":") {
        portText = after.dropFirst()
      } else if !after.isEmpty {
        throw ReceiverError(code: .invalidSource(usage), path: url)
      }
    } else if let colon = rest.lastIndex(of: ":") {
      host = rest[..<colon]
      portText = rest[rest.index(after: colon)...]
    } else {
      host = rest
    }
    if host.isEmpty {
      guard defaultPort != nil else { throw ReceiverError(code: .invalidSource(usage), path: url) }
      host = "localhost"
    }
    guard let port = portText.map({ UInt16($0) }) ?? defaultPort, port > 0 else {
      throw ReceiverError(code: .invalidSource(usage), path: url)
    }
    return (String(host), port)
  }
}

extension BaudSetting {
  /// Parses a baud setting: `auto` or a standard rate (4800–921600).
  /// - Throws: ``ReceiverError`` (``ReceiverError/Code/invalidSource(_:)``) for anything else.
  public init(parsing text: String) throws(ReceiverError) {
    if text == "auto" {
      self = .auto
    } else if let rate = Int(text), BaudRate.speed(for: rate) != nil {
      self = .fixed(rate)
    } else {
      throw ReceiverError(
        code: .invalidSource(
          "not a baud rate; use auto or one of "
            + BaudRate.standard.map(String.init).joined(separator: ", ")),
        path: "baud rate '\(text)'")
    }
  }

  /// The standard rates a port accepts.
  public static var standardRates: [Int] { BaudRate.standard }

  /// The rates ``auto`` tries, in order, after the one remembered for the device.
  public static var huntOrder: [Int] { BaudRate.huntOrder }
}
