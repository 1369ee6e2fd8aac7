import Platform

/// Why the server could not listen: the one error type of this module.
package struct GPSDServerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  package enum Code: Sendable, Hashable {
    /// The `HOST:PORT` text is malformed (why).
    case invalidAddress(String)
    /// The host name does not resolve (the resolver's message).
    case cannotResolve(String)
    /// Another program listens on that address and port (`EADDRINUSE`).
    case addressInUse
    /// The address is not one of this machine's (`EADDRNOTAVAIL`).
    case addressNotAvailable
    /// Not allowed to listen there, e.g. a port below 1024 without privileges (`EACCES`).
    case permissionDenied
    /// Another system call failed (its name).
    case system(String)
  }

  /// What went wrong.
  package var code: Code
  /// The address as the user gave it (or as bound).
  package var address: String
  /// The `errno` value behind it, when a system call failed.
  package var errno: CInt?

  /// Makes an error.
  package init(code: Code, address: String, errno: CInt? = nil) {
    self.code = code
    self.address = address
    self.errno = errno
  }

  /// `ADDRESS: why`.
  package var description: String {
    switch code {
    case .invalidAddress(let why): return "\(address): \(why)"
    case .cannotResolve(let why): return "\(address): cannot resolve the host: \(why)"
    case .addressInUse: return "\(address): address already in use"
    case .addressNotAvailable: return "\(address): not an address of this machine"
    case .permissionDenied: return "\(address): permission denied"
    case .system(let call):
      return "\(address): \(call) failed"
        + (errno.map { ": " + Errno(rawValue: $0).description } ?? "")
    }
  }
}
