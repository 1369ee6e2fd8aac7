import JSON
import Testing

/// The package's JSON reader (GeoJSON point and region files, gpsd's request arguments).
@Suite struct JSONValueTests {
  static func parse(_ text: String) throws(JSONError) -> JSONValue {
    try JSONValue.parse(Array(text.utf8)[...])
  }

  @Test("a GeoJSON feature: objects, arrays, numbers, strings, literals")
  func document() throws {
    let value = try Self.parse(
      #" {"type":"Feature","geometry":{"type":"Point","coordinates":[11.5167,-48.1e0,0]},"#
        + #""properties":{"name":"Dom \"St\" \u00dc\ud83d\ude00","ok":true,"no":false,"x":null}} "#)
    #expect(
      value["geometry"]?["coordinates"]?.array == [.number(11.5167), .number(-48.1), .number(0)])
    #expect(value["properties"]?["name"]?.string == "Dom \"St\" Ü😀")
    #expect(value["properties"]?["ok"] == .bool(true))
    #expect(value["properties"]?["no"] == .bool(false))
    #expect(value["properties"]?["x"] == .null)
    #expect(value["type"]?.number == nil)
    #expect(try Self.parse("[]") == .array([]))
    #expect(try Self.parse("{}") == .object([:]))
  }

  @Test(
    "malformed text: the reason",
    arguments: [
      ("", "expected a value"), ("+1", "expected a value"), ("01", "text after the value"),
      ("1.", "expected a digit after '.'"), (".5", "expected a value"),
      ("1e", "expected an exponent"),
      ("[1,]", "expected a value"), ("[1 2]", "expected ',' or ']'"), (#"{"a" 1}"#, "expected ':'"),
      (#"{"a":1"#, "expected ',' or '}'"), (#"{1:2}"#, "expected a string"),
      (#""abc"#, "unterminated string"), ("\"a\tb\"", "control character in a string"),
      (#""\x""#, "bad escape"), (#""\u12""#, "bad \\u escape"), ("tru", "expected a value"),
      ("[] []", "text after the value"),
    ])
  func malformed(text: String, message: String) {
    #expect(throws: JSONError(message)) { try Self.parse(text) }
  }

  @Test("nesting beyond the limit is an error, not a stack overflow")
  func depth() throws {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: JSONError("nested too deeply")) { try Self.parse(deep) }
    let sixtyFour = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    #expect(try Self.parse(sixtyFour) != .null)
    #expect(throws: JSONError("nested too deeply")) { try Self.parse("[" + sixtyFour + "]") }
  }

  @Test("a lone surrogate becomes U+FFFD; infinity is not a number")
  func edges() throws {
    #expect(try Self.parse(#""\ud800x""#) == .string("\u{FFFD}x"))
    #expect(try Self.parse(#""\ud800\u0041""#) == .string("\u{FFFD}"))
    #expect(try Self.parse("1e999").number == nil)
    #expect(try Self.parse("-0.5E+2") == .number(-50))
  }
}
