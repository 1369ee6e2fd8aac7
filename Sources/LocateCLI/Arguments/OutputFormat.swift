/// How a command prints its results.
enum OutputFormat: String, Sendable, CaseIterable {
  /// Human-readable text (the default).
  case text
  /// One JSON object per line.
  case json
  /// A GPX 1.1 document.
  case gpx
  /// GeoJSON.
  case geojson
  /// CSV with a header line.
  case csv

  /// The format `--json` / `--format` ask for, if `allowed` for the command.
  static func chosen(_ arguments: ParsedArguments, allowed: [OutputFormat], command: String)
    throws(LocateError) -> OutputFormat
  {
    var format = OutputFormat.text
    if let text = try arguments.value(CommonOptions.format) {
      guard let named = OutputFormat(rawValue: text.lowercased()) else {
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        throw LocateError.usage("--format '\(text)'", "not one of \(names)", command: command)
      }
      format = named
    }
    if arguments.has(CommonOptions.json) {
      if format != .text && format != .json {
        throw LocateError.usage(
          "--json and --format \(format.rawValue)", "choose one output format", command: command)
      }
      format = .json
    }
    guard allowed.contains(format) else {
      let names = allowed.map(\.rawValue).joined(separator: ", ")
      throw LocateError.usage(
        "--format \(format.rawValue)", "'locate \(command)' writes \(names)", command: command)
    }
    return format
  }
}
