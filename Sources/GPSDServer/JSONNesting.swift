/// Where a byte-by-byte scan of JSON text stands: inside a string or not (escapes followed),
/// and how deeply objects and arrays nest. Shared by the request reader (is a line's request
/// whole?) and the request parser (where does a request's object end?).
struct JSONNesting {
  /// Objects and arrays open at this point (negative after a stray closing bracket).
  private(set) var depth = 0
  /// Whether the scan is inside a string.
  private(set) var inString = false
  private var escaped = false

  /// Takes the next byte; whether it is structural: outside every string, and not a quote
  /// that opens or closes one. `depth` already counts an opening or closing bracket.
  mutating func take(_ byte: UInt8) -> Bool {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
      return false
    }
    switch byte {
    case UInt8(ascii: "\""):
      inString = true
      return false
    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
    default: break
    }
    return true
  }
}
