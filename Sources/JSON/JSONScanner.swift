/// A cursor over JSON text, reading one value at a time.
struct JSONScanner {
  let bytes: ArraySlice<UInt8>
  let maximumDepth: Int
  var index: Int

  init(_ bytes: ArraySlice<UInt8>, maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
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

  mutating func take(word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard bytes.endIndex - index >= count else { return false }
    let matches = word.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
    if matches { index += count }
    return matches
  }

  /// A value at nesting `depth` (the document itself is at 0).
  mutating func value(depth: Int) throws(JSONError) -> JSONValue {
    skipSpaces()
    switch current {
    case UInt8(ascii: "\"")?: return .string(try string())
    case UInt8(ascii: "{")?: return .object(try object(depth: depth + 1))
    case UInt8(ascii: "[")?: return .array(try array(depth: depth + 1))
    case UInt8(ascii: "t")? where take(word: "true"): return .bool(true)
    case UInt8(ascii: "f")? where take(word: "false"): return .bool(false)
    case UInt8(ascii: "n")? where take(word: "null"): return .null
    default: return .number(try number())
    }
  }

  mutating func object(depth: Int) throws(JSONError) -> [String: JSONValue] {
    guard depth <= maximumDepth else { throw JSONError("nested too deeply") }
    index += 1
    var members: [String: JSONValue] = [:]
    skipSpaces()
    if take(UInt8(ascii: "}")) { return members }
    while true {
      skipSpaces()
      let key = try string()
      skipSpaces()
      guard take(UInt8(ascii: ":")) else { throw JSONError("expected ':'") }
      members[key] = try value(depth: depth)
      skipSpaces()
      if take(UInt8(ascii: "}")) { return members }
      guard take(UInt8(ascii: ",")) else { throw JSONError("expected ',' or '}'") }
    }
  }

  mutating func array(depth: Int) throws(JSONError) -> [JSONValue] {
    guard depth <= maximumDepth else { throw JSONError("nested too deeply") }
    index += 1
    var elements: [JSONValue] = []
    skipSpaces()
    if take(UInt8(ascii: "]")) { return elements }
    while true {
      elements.append(try value(depth: depth))
      skipSpaces()
      if take(UInt8(ascii: "]")) { return elements }
      guard take(UInt8(ascii: ",")) else { throw JSONError("expected ',' or ']'") }
    }
  }

  /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, as RFC 8259 writes numbers.
  mutating func number() throws(JSONError) -> Double {
    let start = index
    _ = take(UInt8(ascii: "-"))
    if !take(UInt8(ascii: "0")) {
      guard digits() > 0 else { throw JSONError("expected a value") }
    }
    if take(UInt8(ascii: ".")) {
      guard digits() > 0 else { throw JSONError("expected a digit after '.'") }
    }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
      guard digits() > 0 else { throw JSONError("expected an exponent") }
    }
    guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
      throw JSONError("expected a value")
    }
    return value
  }

  private mutating func digits() -> Int {
    let start = index
    while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      index += 1
    }
    return index - start
  }

  mutating func string() throws(JSONError) -> String {
    guard take(UInt8(ascii: "\"")) else { throw JSONError("expected a string") }
    var text: [UInt8] = []
    while let byte = current {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try escape(into: &text)
      case 0..<0x20:
        throw JSONError("control character in a string")
      default:
        text.append(byte)
      }
    }
    throw JSONError("unterminated string")
  }

  /// The character after a backslash (the backslash already read).
  private mutating func escape(into text: inout [UInt8]) throws(JSONError) {
    guard let escaped = current else { throw JSONError("unterminated string") }
    index += 1
    switch escaped {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "u"):
      var code = try hexQuad()
      // A surrogate pair is one character; a lone surrogate is U+FFFD.
      if (0xD800..<0xDC00).contains(code), take(word: "\\u") {
        let low = try hexQuad()
        code =
          (0xDC00..<0xE000).contains(low)
          ? 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
      }
      text.append(contentsOf: String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
    default:
      throw JSONError("bad escape")
    }
  }

  private mutating func hexQuad() throws(JSONError) -> UInt32 {
    guard bytes.endIndex - index >= 4,
      let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw JSONError("bad \\u escape") }
    index += 4
    return code
  }
}
