import Testing

@testable import Gazetteer

@Suite("Forward geocoding")
struct ForwardGeocodingTests {
  @Test(
    "a name finds its most populous place first",
    arguments: [
      ("Munich", "Munich, Bavaria, DE"), ("Vienna", "Vienna, Vienna, AT"),
      ("München", "Munich, Bavaria, DE"), ("wien", "Vienna, Vienna, AT"),
      ("GARCHING-bei-Munchen", "Garching, Bavaria, DE"),
      ("  garching bei münchen ", "Garching, Bavaria, DE"), ("Garching", "Garching, Bavaria, DE"),
    ])
  func names(query: String, expected: String) throws {
    let found = try #require(Places.named(query).first)
    #expect(found.summary == expected)
  }

  @Test("an ambiguous name: every place of that name, most populous first")
  func ambiguous() throws {
    let springfields = Places.named("Springfield")
    #expect(springfields.count > 10)
    #expect(springfields.allSatisfy { $0.name == "Springfield" })
    let populations = springfields.map(\.population)
    #expect(populations == populations.sorted(by: >))
    #expect(springfields.first?.countryCode == "US")
    #expect(Set(springfields.map(\.index)).count == springfields.count)
  }

  @Test(
    "qualifiers after commas: a country (code or name) or a first-level division (name or code)",
    arguments: [
      ("Springfield, IL", "Springfield, Illinois, US"),
      ("Springfield, Illinois", "Springfield, Illinois, US"),
      ("Springfield, Massachusetts, US", "Springfield, Massachusetts, US"),
      ("Paris, US", "Paris, Texas, US"), ("Paris, France", "Paris, Île-de-France, FR"),
      ("Munich, Germany", "Munich, Bavaria, DE"), ("munich,de", "Munich, Bavaria, DE"),
    ])
  func qualified(query: String, expected: String) throws {
    let found = try #require(Places.search(query).first, "\(query)")
    #expect(found.summary == expected)
  }

  @Test("nothing for a name no place has, a qualifier that does not fit, or no name")
  func nothing() {
    #expect(Places.named("Xyzzy Qwerty").isEmpty)
    #expect(Places.search("Munich, Austria").isEmpty)
    #expect(Places.search("").isEmpty)
    #expect(Places.named(" - ").isEmpty)
  }

  @Test("an address: the street cannot be known, its place is a partial match")
  func addresses() throws {
    let full = Places.lookup(address: "Garching bei München, Bavaria")
    #expect(!full.isPartial && full.places.first?.name == "Garching")
    let street = Places.lookup(address: "Marienplatz 1, 80331 München, Germany")
    #expect(street.isPartial && street.matched == "München")
    #expect(street.places.first?.summary == "Munich, Bavaria, DE")
    let lines = Places.lookup(address: "1600 Pennsylvania Avenue NW\nWashington, DC")
    #expect(lines.isPartial && lines.places.first?.countryCode == "US")
    let postcode = Places.lookup(address: "85748 Garching bei München")
    #expect(postcode.isPartial && postcode.places.first?.name == "Garching")
    let none = Places.lookup(address: "Baker Street 221b")
    #expect(none.places.isEmpty && !none.isPartial)
  }

  @Test("folding: case, accents, ß, punctuation and spaces")
  func folding() {
    let folding = NameFolding(GazetteerTable.shared.folding)
    func folded(_ text: String) -> String { String(decoding: folding.fold(text), as: UTF8.self) }
    #expect(folded("GARCHING-bei-Münchén") == "garching bei munchen")
    #expect(folded("Straße  Łódź") == "strasse lodz")
    #expect(folded("Mu\u{0308}nchen") == "munchen")  // a combining accent, typed apart
    #expect(folded("  L'Aquila.  ") == "l aquila")
    #expect(folded("東京") == "東京")
    #expect(folded("!!") == "")
  }
}
