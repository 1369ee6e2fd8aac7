import JSON
import Testing

/// The one JSON string escaper: RFC 8259's escapes, and DEL, C1 and the bidirectional
/// controls escaped too, so that JSON shown on a terminal is safe; read back, the text is
/// exact.
@Suite struct JSONStringWriterTests {
  static func written(_ text: String) -> String {
    var bytes: [UInt8] = []
    JSONStringWriter.append(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func escapes() {
    #expect(Self.written("a\"b\\c\n\r\t\u{1}") == #""a\"b\\c\n\r\t\u0001""#)
    #expect(Self.written("\u{7F}\u{80}\u{9B}\u{9F}") == #""\u007f\u0080\u009b\u009f""#)
    #expect(
      Self.written("\u{202A}\u{202E}\u{2066}\u{2069}") == #""\u202a\u202e\u2066\u2069""#)
    // Their neighbours are left as they are.
    #expect(
      Self.written("\u{A0}é\u{2029}\u{202F}\u{2065}\u{206A}€")
        == "\"\u{A0}é\u{2029}\u{202F}\u{2065}\u{206A}€\"")
  }

  @Test func readsBackExactly() throws {
    var text = ""
    for value in Array(0...0x3FF) + Array(0x2000...0x20FF) {
      if let scalar = Unicode.Scalar(UInt32(value)) { text.unicodeScalars.append(scalar) }
    }
    let written = Self.written(text)
    #expect(
      !written.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(try JSONValue.parse(ArraySlice(written.utf8)) == .string(text))
  }
}
