// The parser delegate behind GPXCheck: a stack of open elements, each with its place in its
// parent's sequence.
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

extension GPXCheck {
  /// Walks the document and collects what breaks the rules.
  final class Rules: NSObject, XMLParserDelegate {
    /// An open element: its name, where its parent's sequence is, and its text so far.
    struct Open {
      var name: String
      var position = 0
      var seen: Set<String> = []
      var text = ""
      var inExtensions: Bool
    }

    var problems: [String] = []
    var sawRoot = false
    private var stack: [Open] = []

    private func problem(_ text: String, _ parser: XMLParser) {
      problems.append("line \(parser.lineNumber): \(text)")
    }

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      let inExtensions = stack.last.map { $0.inExtensions || $0.name == "extensions" } ?? false
      defer { stack.append(Open(name: name, inExtensions: inExtensions)) }
      if inExtensions { return }
      if namespaceURI != GPXCheck.namespace {
        problem("<\(name)> is not in GPX 1.1's namespace (\(namespaceURI ?? "none"))", parser)
      }
      guard var parent = stack.popLast() else {
        sawRoot = true
        if name != "gpx" { problem("the root is <\(name)>, not <gpx>", parser) }
        if attributes["version"] != "1.1" { problem("gpx version is not 1.1", parser) }
        if attributes["creator"] == nil { problem("gpx has no creator", parser) }
        return
      }
      defer { stack.append(parent) }
      guard let sequence = GPXCheck.sequences[parent.name] else {
        problem("<\(name)> inside <\(parent.name)>, which holds text only", parser)
        return
      }
      guard let index = sequence.indices.first(where: { sequence[$0].name == name }) else {
        problem("<\(name)> is not allowed in <\(parent.name)>", parser)
        return
      }
      if index < parent.position {
        problem("<\(name)> after <\(sequence[parent.position].name)> in <\(parent.name)>", parser)
      } else if parent.seen.contains(name) && !sequence[index].many {
        problem("a second <\(name)> in <\(parent.name)>", parser)
      }
      parent.position = max(parent.position, index)
      parent.seen.insert(name)
      if ["wpt", "trkpt", "rtept"].contains(name) { checkPoint(attributes, parser) }
      if name == "link", attributes["href"] == nil { problem("a link without href", parser) }
    }

    private func checkPoint(_ attributes: [String: String], _ parser: XMLParser) {
      guard let lat = attributes["lat"], GPXCheck.isDecimal(lat), let latitude = Double(lat),
        (-90...90).contains(latitude)
      else { return problem("lat \(attributes["lat"] ?? "missing") is not -90...90", parser) }
      guard let lon = attributes["lon"], GPXCheck.isDecimal(lon), let longitude = Double(lon),
        longitude >= -180, longitude < 180
      else { return problem("lon \(attributes["lon"] ?? "missing") is not -180..<180", parser) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      guard !stack.isEmpty else { return }
      stack[stack.count - 1].text += string
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      guard let element = stack.popLast(), !element.inExtensions else { return }
      if let why = GPXCheck.valueProblem(name, element.text) {
        problem("<\(name)>\(element.text)</\(name)>: \(why)", parser)
      }
    }
  }
}
