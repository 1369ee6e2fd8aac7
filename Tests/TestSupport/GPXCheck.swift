// GPX 1.1 documents checked by rules written here from the GPX 1.1 specification
// (topografix.com/GPX/1/1): the schema itself is another project's file and is not copied in.
// Where $LOCATE_GPX_SCHEMA names a copy of the official gpx.xsd, xmllint validates against it
// too.
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Checks a GPX 1.1 document: well-formed (xmllint), in GPX 1.1's namespace, every element
/// where the specification allows it and in its order, at most once where it may occur once,
/// and every value of its type.
public enum GPXCheck {
  /// GPX 1.1's namespace.
  public static let namespace = "http://www.topografix.com/GPX/1/1"

  /// xmllint's arguments for `path`: well-formedness, and validity against the official
  /// schema when `$LOCATE_GPX_SCHEMA` names a copy of it.
  public static func xmllintArguments(_ path: String) -> [String] {
    guard let schema = ProcessInfo.processInfo.environment["LOCATE_GPX_SCHEMA"] else {
      return ["--noout", path]
    }
    return ["--noout", "--schema", schema, path]
  }

  /// The rules' findings in the document in `path`, at most five, one a line; nil when none.
  public static func problems(file path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path) else {
      return "cannot read \(path)"
    }
    let problems = self.problems(data)
    return problems.isEmpty ? nil : problems.prefix(5).joined(separator: "\n")
  }

  /// What breaks GPX 1.1's rules in `data` (empty when nothing does).
  /// Parsed from a stream: Foundation's `XMLParser(data:)` hands libxml2 the whole document in
  /// one chunk, which fails with an internal error (code 1) past 10,000,000 bytes, valid or
  /// not; from a stream it comes in pieces. A stream's parse may return true on a truncated
  /// document, with the error only in `parserError` (code 5): both are checked.
  public static func problems(_ data: Data) -> [String] {
    let parser = XMLParser(stream: InputStream(data: data))
    parser.shouldProcessNamespaces = true
    let rules = Rules()
    parser.delegate = rules
    let parsed = parser.parse() && parser.parserError == nil
    if !parsed && rules.problems.isEmpty {
      rules.problems.append("not well-formed: \(parser.parserError.map { "\($0)" } ?? "?")")
    }
    if !rules.sawRoot { rules.problems.append("no gpx element") }
    return rules.problems
  }

  /// An element's children in their order: (name, may repeat).
  typealias Sequence = [(name: String, many: Bool)]

  static let point: Sequence = [
    ("ele", false), ("time", false), ("magvar", false), ("geoidheight", false), ("name", false),
    ("cmt", false), ("desc", false), ("src", false), ("link", true), ("sym", false),
    ("type", false), ("fix", false), ("sat", false), ("hdop", false), ("vdop", false),
    ("pdop", false), ("ageofdgpsdata", false), ("dgpsid", false), ("extensions", false),
  ]

  static let sequences: [String: Sequence] = [
    "gpx": [
      ("metadata", false), ("wpt", true), ("rte", true), ("trk", true), ("extensions", false),
    ],
    "metadata": [
      ("name", false), ("desc", false), ("author", false), ("copyright", false), ("link", true),
      ("time", false), ("keywords", false), ("bounds", false), ("extensions", false),
    ],
    "trk": [
      ("name", false), ("cmt", false), ("desc", false), ("src", false), ("link", true),
      ("number", false), ("type", false), ("extensions", false), ("trkseg", true),
    ],
    "rte": [
      ("name", false), ("cmt", false), ("desc", false), ("src", false), ("link", true),
      ("number", false), ("type", false), ("extensions", false), ("rtept", true),
    ],
    "trkseg": [("trkpt", true), ("extensions", false)],
    "link": [("text", false), ("type", false)],
    "wpt": point, "trkpt": point, "rtept": point,
  ]

  /// The type of each simple element's text, by element name.
  static func valueProblem(_ name: String, _ text: String) -> String? {
    switch name {
    case "ele", "geoidheight", "hdop", "vdop", "pdop", "ageofdgpsdata":
      return isDecimal(text) ? nil : "not an xsd:decimal"
    case "magvar":
      guard isDecimal(text), let value = Double(text), value >= 0, value < 360 else {
        return "not a degreesType (0 <= x < 360)"
      }
      return nil
    case "time": return isDateTime(text) ? nil : "not an xsd:dateTime"
    case "fix": return ["none", "2d", "3d", "dgps", "pps"].contains(text) ? nil : "not a fixType"
    case "sat", "number":
      return text.allSatisfy(\.isASCIIDigit) && !text.isEmpty ? nil : "not a count"
    case "dgpsid":
      guard let value = Int(text), (0...1023).contains(value) else {
        return "not a dgpsStationType"
      }
      return nil
    default: return nil
    }
  }

  /// xsd:decimal: an optional sign, digits and at most one point; no exponent, no NaN.
  static func isDecimal(_ text: String) -> Bool {
    var body = Substring(text)
    if body.first == "-" || body.first == "+" { body = body.dropFirst() }
    let digits = body.filter { $0 != "." }
    return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
      && body.count(where: { $0 == "." }) <= 1
  }

  /// xsd:dateTime: YYYY-MM-DDThh:mm:ss, an optional fraction, an optional Z or ±hh:mm.
  static func isDateTime(_ text: String) -> Bool {
    let characters = Array(text)
    guard characters.count >= 19 else { return false }
    for (index, character) in characters.prefix(19).enumerated() {
      let expected: Character? = [4: "-", 7: "-", 10: "T", 13: ":", 16: ":"][index]
      if let expected {
        if character != expected { return false }
      } else if !character.isASCIIDigit {
        return false
      }
    }
    var rest = characters.dropFirst(19)
    if rest.first == "." {
      rest = rest.dropFirst()
      guard rest.first?.isASCIIDigit == true else { return false }
      while rest.first?.isASCIIDigit == true { rest = rest.dropFirst() }
    }
    if rest == ["Z"] || rest.isEmpty { return true }
    let zone = Array(rest)
    return zone.count == 6 && (zone[0] == "+" || zone[0] == "-") && zone[3] == ":"
      && [1, 2, 4, 5].allSatisfy { zone[$0].isASCIIDigit }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
