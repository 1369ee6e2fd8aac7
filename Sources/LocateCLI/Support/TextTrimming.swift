extension StringProtocol {
  /// The text without leading and trailing spaces and tabs (Unicode space separators), as
  /// Foundation's `trimmingCharacters(in: .whitespaces)` trims them.
  var trimmed: String {
    func isSpace(_ character: Character) -> Bool {
      character.unicodeScalars.allSatisfy {
        $0 == "\t" || $0.properties.generalCategory == .spaceSeparator
      }
    }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }

  /// The text cut or padded with spaces to `length` characters, as Foundation's
  /// `padding(toLength:withPad: " ", startingAt: 0)`.
  func padded(to length: Int) -> String {
    count >= length
      ? String(prefix(length)) : String(self) + String(repeating: " ", count: length - count)
  }
}
