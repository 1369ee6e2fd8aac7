/// A value in a request's JSON argument: what gpsd's commands carry (strings, numbers,
/// Booleans); nested objects and arrays are read past and kept only as ``compound``.
enum JSONValue: Equatable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case null
  case compound
}

/// The JSON object after `?WATCH=` or `?DEVICE=`: its members by name (a repeated name: the
/// last wins). Read by a small strict scanner (RFC 8259 syntax; no Foundation).
struct RequestArguments: Equatable {
  /// The members.
  private(set) var members: [String: JSONValue] = [:]

  /// The member `key`, if present.
  subscript(key: String) -> JSONValue? { members[key] }

  /// Reads one object filling `bytes` (surrounding spaces allowed).
  /// - Throws: a ``RequestError`` naming what is malformed.
  init(parsing bytes: ArraySlice<UInt8>) throws(RequestError) {
    var scanner = JSONScanner(bytes)
    scanner.skipSpaces()
    guard scanner.take(UInt8(ascii: "{")) else { throw RequestError("expected a JSON object") }
    scanner.skipSpaces()
    if !scanner.take(UInt8(ascii: "}")) {
      while true {
        scanner.skipSpaces()
        let key = try scanner.string()
        scanner.skipSpaces()
        guard scanner.take(UInt8(ascii: ":")) else { throw RequestError("expected ':'") }
        members[key] = try scanner.value(depth: 1)
        scanner.skipSpaces()
        if scanner.take(UInt8(ascii: "}")) { break }
        guard scanner.take(UInt8(ascii: ",")) else { throw RequestError("expected ',' or '}'") }
      }
    }
    scanner.skipSpaces()
    guard scanner.atEnd else { throw RequestError("text after the object") }
  }
}

/// What is wrong with a request (the text of gpsd's ERROR object).
struct RequestError: Error, Equatable {
  /// The message.
  let message: String
  init(_ message: String) { self.message = message }
}

/// A cursor over JSON text.
private struct JSONScanner {
  static let maximumDepth = 16
  let bytes: ArraySlice<UInt8>
  var index: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    index = bytes.startIndex
  }

  var atEnd: Bool { index >= bytes.endIndex }
  var current: UInt8? { atEnd ? nil : bytes[index] }

  mutating func skipSpaces() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A {
      index += 1
    }
  }

  mutating func take(_ byte: UInt8) -> Bool {
    guard current == byte else { return false }
    index += 1
    return true
  }

  mutating func take(word: String) -> Bool {
    let word = Array(word.utf8)
    guard bytes.endIndex - index >= word.count,
      bytes[index..<index + word.count].elementsEqual(word)
    else { return false }
    index += word.count
    return true
  }

  mutating func value(depth: Int) throws(RequestError) -> JSONValue {
    guard depth <= Self.maximumDepth else { throw RequestError("nested too deeply") }
    skipSpaces()
    switch current {
    case UInt8(ascii: "\"")?: return .string(try string())
    case UInt8(ascii: "{")?, UInt8(ascii: "[")?:
      try skipCompound(depth: depth)
      return .compound
    case UInt8(ascii: "t")? where take(word: "true"): return .bool(true)
    case UInt8(ascii: "f")? where take(word: "false"): return .bool(false)
    case UInt8(ascii: "n")? where take(word: "null"): return .null
    default: return .number(try number())
    }
  }

  mutating func number() throws(RequestError) -> Double {
    let start = index
    while let byte = current,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
        || byte == UInt8(ascii: "E")
    {
      index += 1
    }
    guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self))
    else { throw RequestError("expected a value") }
    return value
  }

  mutating func string() throws(RequestError) -> String {
    guard take(UInt8(ascii: "\"")) else { throw RequestError("expected a string") }
    var text: [UInt8] = []
    while let byte = current {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let escaped = current else { break }
        index += 1
        switch escaped {
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "u"):
          guard bytes.endIndex - index >= 4,
            let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
          else { throw RequestError("bad \\u escape") }
          index += 4
          text.append(contentsOf: String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
        default: text.append(escaped)
        }
      case 0..<0x20:
        throw RequestError("control character in a string")
      default:
        text.append(byte)
      }
    }
    throw RequestError("unterminated string")
  }

  mutating func skipCompound(depth: Int) throws(RequestError) {
    let close = current == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
    let isObject = close == UInt8(ascii: "}")
    index += 1
    skipSpaces()
    if take(close) { return }
    while true {
      if isObject {
        skipSpaces()
        _ = try string()
        skipSpaces()
        guard take(UInt8(ascii: ":")) else { throw RequestError("expected ':'") }
      }
      _ = try value(depth: depth + 1)
      skipSpaces()
      if take(close) { return }
      guard take(UInt8(ascii: ",")) else { throw RequestError("expected ',' or a closing bracket") }
    }
  }
}
