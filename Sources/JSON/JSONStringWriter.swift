/// Writes JSON string literals (RFC 8259): the one escaper of every JSON `locate` writes —
/// `--json`, GeoJSON, and gpsd's protocol in `locate serve`.
///
/// Besides what RFC 8259 requires (`"`, `\` and C0), it escapes what would reach a terminal
/// that shows the JSON as it is (`locate watch --json`, `gpspipe -w`): DEL and the C1 controls
/// (U+0080–U+009F: U+009B is a one-character CSI in many terminals), and the bidirectional
/// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder the text
/// after them. Each is written `\u00xx` or `\u202e`, so a JSON reader gets the text back
/// exactly.
public enum JSONStringWriter {
  /// Appends `value` as a JSON string literal, quotes included.
  public static func append(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      var start = 0
      var index = 0
      let count = utf8.count
      while index < count {
        let byte = utf8[index]
        var length = 0
        var scalar: UInt32 = 0
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F {
          length = 1
          scalar = UInt32(byte)
        } else if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(utf8[index + 1]) {
          length = 2
          scalar = UInt32(utf8[index + 1])
        } else if byte == 0xE2, index + 2 < count {
          // U+2000–U+207F: E2 80 xx (U+2000 + low six bits), E2 81 xx (U+2040 + them).
          let second = utf8[index + 1]
          let third = utf8[index + 2]
          if second == 0x80, (0xAA...0xAE).contains(third) {
            length = 3
            scalar = 0x2000 + UInt32(third & 0x3F)
          } else if second == 0x81, (0xA6...0xA9).contains(third) {
            length = 3
            scalar = 0x2040 + UInt32(third & 0x3F)
          }
        }
        guard length > 0 else {
          index += 1
          continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        appendEscape(scalar, to: &bytes)
        index += length
        start = index
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<count]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// `\"`, `\\`, `\n`, `\r`, `\t`, or `\uXXXX` (lower-case hex) for `scalar`.
  private static func appendEscape(_ scalar: UInt32, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\\"))
    switch scalar {
    case 0x22, 0x5C: bytes.append(UInt8(scalar))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    default:
      bytes.append(UInt8(ascii: "u"))
      for shift in stride(from: 12, through: 0, by: -4) {
        bytes.append(hexDigits[Int((scalar >> UInt32(shift)) & 0xF)])
      }
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
