/// How names are matched: case- and accent-blind, punctuation-blind.
///
/// Each letter or digit is lowercased and folded to ASCII where the table says (Latin letters
/// with accents, ß → ss, æ → ae, ø → o, ł → l…; the table is the gazetteer's, made with
/// Unicode's NFKD decomposition by Tests/Tools/make_gazetteer_table.py); combining marks are
/// dropped; any run of other characters (spaces, hyphens, apostrophes, periods, commas)
/// becomes one space, and spaces at either end go. So `Garching bei München`,
/// `garching-bei-munchen` and `GARCHING BEI MUNCHEN` are one name; letters of other scripts
/// are lowercased and kept.
struct NameFolding: Sendable {
  /// Replacements (ASCII bytes) for scalars beyond ASCII.
  let table: [UInt32: [UInt8]]

  /// Makes a folding from the gazetteer's table.
  init(_ table: [UInt32: String]) {
    self.table = table.mapValues { Array($0.utf8) }
  }

  /// The folded form of `text`.
  func fold(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    var text = text
    text.withUTF8 { fold($0, into: &out) }
    return out
  }

  /// Appends the folded form of the UTF-8 `bytes` to `out` (emptied first).
  func fold(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    out.removeAll(keepingCapacity: true)
    var pendingSpace = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        index += 1
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          Self.append(byte, to: &out, &pendingSpace)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
          Self.append(byte + 32, to: &out, &pendingSpace)
        default:
          pendingSpace = true
        }
        continue
      }
      let (scalar, length) = Self.decode(bytes, at: index)
      index += length
      guard let scalar else {
        pendingSpace = true
        continue
      }
      if let replacement = table[scalar.value] {
        for byte in replacement { Self.append(byte, to: &out, &pendingSpace) }
        continue
      }
      let properties = scalar.properties
      switch properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark:
        continue  // a combining accent typed apart from its letter
      default:
        break
      }
      if properties.isAlphabetic || properties.numericType != nil {
        for byte in properties.lowercaseMapping.utf8 { Self.append(byte, to: &out, &pendingSpace) }
      } else {
        pendingSpace = true
      }
    }
  }

  @inline(__always)
  private static func append(_ byte: UInt8, to out: inout [UInt8], _ pendingSpace: inout Bool) {
    if pendingSpace && !out.isEmpty { out.append(UInt8(ascii: " ")) }
    pendingSpace = false
    out.append(byte)
  }

  /// The scalar of the UTF-8 sequence at `index` and its length (nil for a malformed one, of
  /// length 1).
  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int)
    -> (Unicode.Scalar?, Int)
  {
    let lead = bytes[index]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    guard length > 1, index + length <= bytes.count else { return (nil, 1) }
    var value = UInt32(lead) & (0xFF >> UInt32(length + 1))
    for offset in 1..<length {
      let next = bytes[index + offset]
      guard next & 0xC0 == 0x80 else { return (nil, 1) }
      value = value << 6 | UInt32(next & 0x3F)
    }
    return (Unicode.Scalar(value), length)
  }
}
