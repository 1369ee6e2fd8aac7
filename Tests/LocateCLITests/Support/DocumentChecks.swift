import Foundation

/// Reading documents back with independent tools: xmllint and gpsbabel for GPX,
/// JSONSerialization for JSON lines, GeoJSON and RFC 8142 sequences.
enum DocumentChecks {
  /// `xmllint --noout FILE` (well-formed; valid too where `$LOCATE_GPX_SCHEMA` names the
  /// official gpx.xsd), then GPX 1.1's rules (``GPXCheck``): returns what fails, or nil.
  static func xmllint(_ path: String) throws -> String? {
    let result = try CLI.runProgram(
      "/usr/bin/xmllint", GPXCheck.xmllintArguments(path), stdin: nil, environment: [:],
      timeout: 60)
    return result.status == 0 ? GPXCheck.problems(file: path) : result.stderr
  }

  /// ``xmllint(_:)`` on a document held in memory.
  static func xmllint(text: String) throws -> String? {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    return try xmllint(write(text, to: directory, name: "document.gpx"))
  }

  /// One point as gpsbabel's unicsv writer reports it.
  struct BabelPoint: Equatable, CustomStringConvertible {
    var latitude: String
    var longitude: String
    var fields: [String: String]
    var description: String { "\(latitude),\(longitude) \(fields)" }
  }

  /// The track points (`tracks`) or the waypoints of a GPX file, read by gpsbabel.
  static func gpsbabel(_ path: String, tracks: Bool) throws -> [BabelPoint] {
    let result = try CLI.runProgram(
      "/usr/bin/gpsbabel",
      [tracks ? "-t" : "-w", "-i", "gpx", "-f", path, "-o", "unicsv", "-F", "-"],
      stdin: nil, environment: [:], timeout: 60)
    guard result.status == 0 else { throw TestFailure("gpsbabel failed: \(result)") }
    var lines = result.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
      .map(String.init)
    guard !lines.isEmpty else { return [] }
    let header = Self.cells(lines.removeFirst())
    return lines.map { line in
      let row = Self.cells(line)
      var fields: [String: String] = [:]
      for (index, name) in header.enumerated() where index < row.count {
        fields[name] = row[index]
      }
      return BabelPoint(
        latitude: fields["Latitude"] ?? "", longitude: fields["Longitude"] ?? "", fields: fields)
    }
  }

  /// The cells of one CSV line (quotes removed, `""` kept as one quote).
  static func cells(_ line: String) -> [String] {
    var cells: [String] = []
    var cell = ""
    var quoted = false
    var previous: Character?
    for character in line {
      if character == "\"" {
        if quoted, previous == "\"" { cell.append("\"") }
        quoted.toggle()
      } else if character == ",", !quoted {
        cells.append(cell)
        cell = ""
      } else {
        cell.append(character)
      }
      previous = character
    }
    return cells + [cell]
  }

  /// Each line parsed as a JSON object (LF or CRLF line ends: gpsd's files have both).
  static func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(whereSeparator: \.isNewline).map { line in
      guard
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      else { throw TestFailure("not a JSON object: \(line)") }
      return object
    }
  }

  /// An RFC 8142 sequence: each record starts with RS and ends with LF.
  static func geoJSONSequence(_ text: String) throws -> [[String: Any]] {
    guard text.isEmpty || text.hasPrefix("\u{1E}") else {
      throw TestFailure("does not start with RS")
    }
    return try text.split(separator: "\u{1E}").map { record in
      guard record.hasSuffix("\n") else { throw TestFailure("record without LF: \(record)") }
      guard
        let object = try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any]
      else { throw TestFailure("not a JSON object: \(record)") }
      return object
    }
  }

  /// A whole JSON document.
  static func json(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    else { throw TestFailure("not a JSON object") }
    return object
  }

  /// Writes `text` to a temporary file and returns its path (inside `directory`).
  static func write(_ text: String, to directory: String, name: String) -> String {
    let path = directory + "/" + name
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }
}
