import JSON

/// The JSON object after `?WATCH=` or `?DEVICE=`: its members by name (a repeated name: the
/// last wins), read by the package's JSON reader (RFC 8259; no Foundation).
struct RequestArguments: Equatable {
  /// How deeply a request's values may nest.
  static let maximumDepth = 16

  /// The members.
  private(set) var members: [String: JSONValue] = [:]

  /// The member `key`, if present.
  subscript(key: String) -> JSONValue? { members[key] }

  /// Reads one object filling `bytes` (surrounding spaces allowed).
  /// - Throws: a ``RequestError`` naming what is malformed.
  init(parsing bytes: ArraySlice<UInt8>) throws(RequestError) {
    guard bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }) == 0x7B
    else { throw RequestError("expected a JSON object") }
    do {
      members = try JSONValue.parse(bytes, maximumDepth: Self.maximumDepth).object ?? [:]
    } catch {
      throw RequestError(error.message)
    }
  }
}

/// What is wrong with a request (the text of gpsd's ERROR object).
struct RequestError: Error, Equatable {
  /// The message.
  let message: String
  init(_ message: String) { self.message = message }
}
