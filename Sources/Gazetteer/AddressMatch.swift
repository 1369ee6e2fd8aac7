/// What forward geocoding of a free text found (``Places/lookup(address:)``).
public struct AddressMatch: Sendable, Hashable {
  /// The places, most populous first; empty when nothing matched.
  public var places: [Place]
  /// Whether only part of the text named them: an address whose street, house number or
  /// postcode the gazetteer cannot know (`Marienplatz 1, 80331 München` finds München).
  public var isPartial: Bool
  /// The part of the text that named them (`München`).
  public var matched: String

  /// Makes a result.
  public init(places: [Place], isPartial: Bool, matched: String) {
    self.places = places
    self.isPartial = isPartial
    self.matched = matched
  }
}

extension Places {
  /// Forward geocoding of an address-like text. First the whole text as ``search(_:)`` reads it
  /// (a name, then qualifiers after commas); failing that, each part (between commas or line
  /// breaks) in turn, without its words that hold digits (house numbers, postcodes), as a
  /// place's name qualified by the parts after it: a partial match. Nothing offline knows
  /// streets, so the street of an address never matches.
  public static func lookup(address text: String) -> AddressMatch {
    let whole = search(text)
    if !whole.isEmpty {
      return AddressMatch(places: whole, isPartial: false, matched: trimmed(text))
    }
    let parts = text.split(whereSeparator: { $0 == "," || $0 == "\n" }).map { trimmed(String($0)) }
      .filter { !$0.isEmpty }
    for (index, part) in parts.enumerated() {
      let name = part.split(separator: " ").filter { word in
        !word.contains(where: \.isNumber)
      }.joined(separator: " ")
      guard !name.isEmpty, index > 0 || name != part else { continue }
      let found = search(([name] + parts[(index + 1)...]).joined(separator: ","))
      if !found.isEmpty { return AddressMatch(places: found, isPartial: true, matched: name) }
    }
    return AddressMatch(places: [], isPartial: false, matched: "")
  }

  /// `text` without spaces at either end.
  static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
