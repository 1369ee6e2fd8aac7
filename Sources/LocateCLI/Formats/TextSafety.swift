/// Text that comes from outside — a place's or a region's name from a file, a device's USB
/// description, a path — made safe to print on a terminal: every control character (C0, DEL
/// and C1: ESC, NUL, a bare CR, U+009B, the one-byte CSI…) is shown as `\xHH`, and every
/// bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069: they reorder what
/// follows them, so a name could show text other than its bytes) as `\uHHHH`, instead of
/// being sent. So a name cannot move the cursor, change colours, hide or reorder what follows
/// it. JSON and GPX have escapes that keep the text exact (``TextBytes/appendJSONString(_:)``,
/// ``GPXFormat/escape(_:)``); text and CSV, which have none, show it this way
/// (``CSVFormat/field(_:)``).
enum TextSafety {
  /// `text` with its control characters written as `\xHH`, its bidirectional controls as
  /// `\uHHHH`.
  static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        out += shown(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// How an unsafe scalar is shown: `\x1B`, `\x9B`, `\u202E`.
  static func shown(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    if scalar.value <= 0xFF { return "\\x" + (hex.count == 1 ? "0" + hex : hex) }
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Whether `scalar` must not reach a terminal as it is: a control character or a
  /// bidirectional control.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    isControl(scalar) || isBidirectionalControl(scalar)
  }

  /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// The bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069).
  static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }
}
