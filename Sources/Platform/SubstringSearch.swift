extension StringProtocol {
  /// Whether `other` occurs in the text, compared as UTF-8 bytes (what the paths, addresses
  /// and schemes it is used on need). `contains(_:)` with a string argument comes from the
  /// standard library's string-processing module, whose regular-expression parser it links
  /// into a static binary: a megabyte that `locate` does not otherwise need.
  package func includes(_ other: some StringProtocol) -> Bool {
    utf8Offset(of: other) != nil
  }

  /// The UTF-8 offset at which `other` first occurs, if it does (`firstRange(of:)` without
  /// the string-processing module: see ``includes(_:)``).
  package func utf8Offset(of other: some StringProtocol) -> Int? {
    let text = Array(utf8)
    let pattern = Array(other.utf8)
    guard pattern.count <= text.count else { return nil }
    for start in 0...(text.count - pattern.count)
    where text[start..<start + pattern.count].elementsEqual(pattern) {
      return start
    }
    return nil
  }
}
