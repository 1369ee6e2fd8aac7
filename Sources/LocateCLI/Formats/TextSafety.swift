/// Text that comes from outside — a place's or a region's name from a file, a device's USB
/// description, a path — made safe to print on a terminal: every control character (C0, DEL
/// and C1: ESC, NUL, a bare CR…) is shown as `\xHH` instead of being sent, so a name cannot
/// move the cursor, change colours or hide what follows it. JSON, GPX and CSV have their own
/// escapes (``JSONText``, ``GPXFormat/escape(_:)``, ``CSVFormat/field(_:)``).
enum TextSafety {
  /// `text` with its control characters written as `\xHH`.
  static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
