import Foundation

/// Reading `watch`'s documents back: GPX with xmllint, GPX 1.1's rules (GPXCheck) and gpsbabel, GeoJSON text sequences (RFC 8142) by parsing every record.
enum Documents {
  /// Runs a program to completion; returns its status and output.
  static func run(_ program: String, _ arguments: [String]) throws -> (Int32, String) {
    let child = try LocateChild(arguments, program: program)
    let status = try child.wait(timeout: 120)
    return (status, child.stdout + child.stderr)
  }

  /// The times (ms since 1970) of a GPX track's points, after checking the document with
  /// xmllint and gpsbabel (which must read as many track points).
  static func gpxTimes(_ path: String) throws -> [Int64] {
    let (lint, lintOutput) = try run("/usr/bin/xmllint", GPXCheck.xmllintArguments(path))
    guard lint == 0 else { throw TestFailure("xmllint: \(lintOutput)") }
    if let problems = GPXCheck.problems(file: path) { throw TestFailure("GPX: \(problems)") }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let times = text.components(separatedBy: "<time>").dropFirst().compactMap { part in
      part.components(separatedBy: "</time>").first.flatMap(Printed.milliseconds)
    }
    // The document's own metadata time comes first.
    let points = text.components(separatedBy: "<trkpt ").count - 1
    let (babel, babelOutput) = try run(
      "/usr/bin/gpsbabel", ["-t", "-i", "gpx", "-f", path, "-o", "unicsv", "-F", "-"])
    guard babel == 0 else { throw TestFailure("gpsbabel: \(babelOutput)") }
    let rows = babelOutput.split(whereSeparator: \.isNewline).count - 1
    guard rows == points || (points == 0 && rows <= 0) else {
      throw TestFailure("gpsbabel read \(rows) points of \(points)")
    }
    return Array(times.suffix(points))
  }

  /// The times (ms since 1970) of a GeoJSON text sequence's Features, after checking that
  /// every record starts with RS, ends with LF and parses.
  static func geoJSONTimes(_ path: String) throws -> [Int64] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    guard text.isEmpty || text.hasPrefix("\u{1E}") else { throw TestFailure("no RS first") }
    return try text.split(separator: "\u{1E}").map { record in
      guard record.hasSuffix("\n") else { throw TestFailure("a record without LF: \(record)") }
      guard
        let object = try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any],
        object["type"] as? String == "Feature",
        let properties = object["properties"] as? [String: Any],
        let time = properties["time"] as? String, let ms = Printed.milliseconds(time)
      else { throw TestFailure("not a Feature with a time: \(record)") }
      return ms
    }
  }

  /// How many points a document being written holds so far (without validating it).
  static func pointsSoFar(_ path: String, format: String) -> Int {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.components(separatedBy: format == "gpx" ? "<trkpt " : "\u{1E}").count - 1
  }
}
