import Testing

@testable import GPSDServer

/// The one JSON scan that the request reader and the request parser share.
@Suite struct JSONNestingTests {
  /// The depth and string state after each byte of `text`, and which bytes were structural.
  static func scan(_ text: String) -> (depths: [Int], structural: String, inString: Bool) {
    var nesting = JSONNesting()
    var depths: [Int] = []
    var structural = ""
    for byte in text.utf8 {
      if nesting.take(byte) { structural.append(Character(UnicodeScalar(byte))) }
      depths.append(nesting.depth)
    }
    return (depths, structural, nesting.inString)
  }

  @Test(
    "brackets inside strings, escaped quotes and backslashes do not count",
    arguments: [
      (#"{"a":[1,2]}"#, #"{:[1,2]}"#, 0, false),
      (#"{"a":"}]"}"#, "{:}", 0, false),
      (#"{"a":"x\"}"}"#, "{:}", 0, false),
      (#"{"a":"x\\"}"#, "{:}", 0, false),
      (#"{"a":"open"#, "{:", 1, true),
      (#"]}"#, "]}", -2, false),
    ])
  func scans(text: String, structural: String, depth: Int, inString: Bool) {
    let result = Self.scan(text)
    #expect(result.structural == structural)
    #expect(result.depths.last == depth)
    #expect(result.inString == inString)
  }

  @Test("the reader's completeness and the parser's object end agree with the scan")
  func bothUsers() {
    #expect(RequestReader.isComplete(ArraySlice(Array(#"?WATCH={"device":"}"}"#.utf8))))
    #expect(!RequestReader.isComplete(ArraySlice(Array(#"?WATCH={"device":"};"#.utf8))))
    #expect(RequestReader.isComplete(ArraySlice(Array(#"?POLL;"#.utf8))))
    #expect(
      GPSDRequest.parse(line: ArraySlice(Array(#"?WATCH={"device":"a;b"};?POLL;"#.utf8))).count
        == 2)
  }
}
