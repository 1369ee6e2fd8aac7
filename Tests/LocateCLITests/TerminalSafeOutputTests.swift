import Foundation
import Testing

/// Hostile text in every text field of every format (issue 21, point 8): a place's name from
/// a points file, a region's name from a regions file, a capture's path (the `device` of every
/// fix and EVENT), a device's path in `devices`, and `serve`'s DEVICE and TPV objects — each
/// holding every C0 control, DEL, every C1 control (U+009B is a one-character CSI) and the
/// bidirectional controls (U+202A–U+202E, U+2066–U+2069). No output sends one of them to the
/// terminal as it is, and each stays a valid document of its format: JSON and GPX keep the
/// text exact through their escapes, text and CSV show it (`\x1B`, `\x9B`, `\u202E`).
@Suite struct TerminalSafeOutputTests {
  /// Every C0 control, DEL, every C1 control, the bidirectional controls.
  static let hostileScalars: [Unicode.Scalar] = {
    let values: [UInt32] =
      Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F) + Array(0x202A...0x202E)
      + Array(0x2066...0x2069)
    return values.compactMap(Unicode.Scalar.init)
  }()

  /// A name holding all of them between `A` and `Z`.
  static let name = "A" + text(hostileScalars) + "Z"
  /// The same without NUL, which no path can hold.
  static let pathPart = "A" + text(hostileScalars.filter { $0.value != 0 }) + "Z"

  static func text(_ scalars: [Unicode.Scalar]) -> String {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text
  }

  /// How text and CSV show `text`: `\xHH` for a control, `\uHHHH` for a bidirectional one.
  static func shown(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x20 || (0x7F...0x9F).contains(value) {
        out += String(format: "\\x%02X", value)
      } else if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
        out += String(format: "\\u%04X", value)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// What an XML reader gets back from a GPX text: exact, except the C0 controls XML 1.0
  /// cannot hold (all but tab, LF and CR), shown as `\xHH`.
  static func gpxText(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20, ![0x09, 0x0A, 0x0D].contains(scalar.value) {
        out += String(format: "\\x%02X", scalar.value)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The bytes of `data` that would reach a terminal as control characters or bidirectional
  /// controls, described; a format's own structure is allowed (LF; CR before LF in CSV; RS
  /// starting a GeoJSON sequence's record).
  static func unsafeBytes(_ data: Data, format: String = "") -> [String] {
    let bytes = [UInt8](data)
    var found: [String] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      defer { index += 1 }
      if byte == 0x0A { continue }
      if byte == 0x0D, format == "csv", index + 1 < bytes.count, bytes[index + 1] == 0x0A {
        continue
      }
      if byte == 0x1E, format == "geojson", index == 0 || bytes[index - 1] == 0x0A { continue }
      if byte < 0x20 || byte == 0x7F {
        found.append(String(format: "%02X at %d", byte, index))
      } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
        found.append(String(format: "U+00%02X at %d", bytes[index + 1], index))
      } else if byte == 0xE2, index + 2 < bytes.count,
        (bytes[index + 1] == 0x80 && (0xAA...0xAE).contains(bytes[index + 2]))
          || (bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2]))
      {
        found.append(
          String(format: "E2 %02X %02X at %d", bytes[index + 1], bytes[index + 2], index))
      }
    }
    return found
  }

  /// A CSV document's rows (RFC 4180: CRLF line ends; no cell holds a line break here).
  static func csvRows(_ text: String) -> [[String]] {
    text.components(separatedBy: "\r\n").dropLast().map(DocumentChecks.cells)
  }

  /// The string values of `key` in every object nested anywhere in `value`.
  static func strings(_ key: String, in value: Any) -> [String] {
    if let object = value as? [String: Any] {
      return (object[key] as? String).map { [$0] } ?? []
        + object.values.flatMap { strings(key, in: $0) }
    }
    if let array = value as? [Any] { return array.flatMap { strings(key, in: $0) } }
    return []
  }

  /// `xmllint --xpath`'s result on a GPX document: what an XML reader gets (without the line
  /// end xmllint adds).
  static func xpath(_ expression: String, _ gpx: String) throws -> String {
    let directory = try Paths.temporaryDirectory()
    defer { Paths.removeTree(directory) }
    let path = DocumentChecks.write(gpx, to: directory, name: "document.gpx")
    let result = try CLI.runProgram(
      "/usr/bin/xmllint", ["--xpath", expression, path], stdin: nil, environment: [:],
      timeout: 60)
    return result.stdout.hasSuffix("\n") ? String(result.stdout.dropLast()) : result.stdout
  }

  /// A folder with the hostile points and regions files and a capture at a hostile path.
  final class Files {
    let directory: String
    let points: String
    let regions: String
    let capture: String

    init() throws {
      directory = try Paths.temporaryDirectory()
      points = directory + "/points.csv"
      regions = directory + "/regions.csv"
      capture = directory + "/c" + TerminalSafeOutputTests.pathPart + ".log"
      let quoted = "\"" + TerminalSafeOutputTests.name + "\""
      try #require(
        FileManager.default.createFile(
          atPath: points, contents: Data("name,lat,lon\n\(quoted),1,1.001\n".utf8)))
      // Around the u-blox capture's first fix: decided inside at once.
      try #require(
        FileManager.default.createFile(
          atPath: regions,
          contents: Data("name,lat,lon,radius\n\(quoted),48.117300,11.516700,500\n".utf8)))
      let nmea = try #require(FileManager.default.contents(atPath: Simulator.capture))
      try #require(FileManager.default.createFile(atPath: capture, contents: nmea))
    }

    deinit { Paths.removeTree(directory) }
  }

  static let formats = ["text", "json", "geojson", "gpx", "csv"]

  /// The checks every output gets: status 0, nothing unsafe on stdout or stderr, a valid
  /// document of its format.
  static func check(_ result: RunResult, format: String, sequence: Bool) throws {
    #expect(result.status == 0, "\(result)")
    #expect(unsafeBytes(result.stdoutData, format: format) == [], "\(format): \(result.stdout)")
    #expect(unsafeBytes(Data(result.stderr.utf8)) == [], "\(format) stderr: \(result.stderr)")
    switch format {
    case "json": _ = try DocumentChecks.jsonLines(result.stdout)
    case "geojson":
      if sequence {
        _ = try DocumentChecks.geoJSONSequence(result.stdout)
      } else {
        _ = try DocumentChecks.json(result.stdout)
      }
    case "gpx": #expect(try DocumentChecks.xmllint(text: result.stdout) == nil)
    case "csv":
      let rows = csvRows(result.stdout)
      #expect(rows.count >= 2)
      #expect(rows.allSatisfy { $0.count == rows.first?.count }, "\(rows)")
    default: break
    }
  }

  @Test("distance: a place's name from a points file", arguments: formats)
  func placeName(format: String) throws {
    let files = try Files()
    let result = try CLI.run(
      ["distance", "--from", "1,1", "--points", files.points, "--format", format])
    try Self.check(result, format: format, sequence: false)
    switch format {
    case "text": #expect(result.stdout.contains(Self.shown(Self.name)))
    case "json", "geojson":
      let documents: [Any] =
        format == "json"
        ? try DocumentChecks.jsonLines(result.stdout) : [try DocumentChecks.json(result.stdout)]
      #expect(Self.strings("name", in: documents) == [Self.name])
    case "gpx":
      #expect(
        try Self.xpath("string(//*[local-name()='name'])", result.stdout)
          == Self.gpxText(Self.name))
    default:
      #expect(Self.csvRows(result.stdout).dropFirst().first?.first == Self.shown(Self.name))
    }
  }

  @Test("watch: a region's name from a regions file", arguments: formats)
  func regionName(format: String) throws {
    let files = try Files()
    let result = try CLI.run(
      [
        "watch", "--input", Simulator.capture, "--regions", files.regions, "--count", "2",
        "--no-pause", "--format", format,
      ])
    try Self.check(result, format: format, sequence: true)
    switch format {
    case "text": #expect(result.stdout.contains("inside " + Self.shown(Self.name) + " ("))
    case "json":
      let objects = try DocumentChecks.jsonLines(result.stdout)
      #expect(Self.strings("region", in: objects) == [Self.name])
    case "geojson":
      let records = try DocumentChecks.geoJSONSequence(result.stdout)
      #expect(Self.strings("region", in: records) == [Self.name])
    case "gpx":
      #expect(
        try Self.xpath(
          "string(//*[local-name()='trkpt']/*[local-name()='name'])",
          result.stdout) == "inside " + Self.shown(Self.name))
    default:
      let rows = Self.csvRows(result.stdout)
      let column = try #require(rows.first?.firstIndex(of: "region"))
      #expect(rows.dropFirst().map { $0[column] }.filter { !$0.isEmpty } == [Self.shown(Self.name)])
    }
  }

  @Test(
    "current and watch: a capture's path, the device of every fix and EVENT", arguments: formats)
  func devicePath(format: String) throws {
    let files = try Files()
    let current = try CLI.run(["current", "--input", files.capture, "--format", format])
    try Self.check(current, format: format, sequence: false)
    let watch = try CLI.run(
      ["watch", "--input", files.capture, "--count", "2", "--no-pause", "--format", format])
    try Self.check(watch, format: format, sequence: true)
    switch format {
    case "text":
      #expect(current.stdout.contains("Device    " + Self.shown(files.capture)))
    case "json":
      let objects = try DocumentChecks.jsonLines(current.stdout + watch.stdout)
      let devices = Self.strings("device", in: objects)
      #expect(devices.count >= 4 && devices.allSatisfy { $0 == files.capture }, "\(devices)")
    case "geojson":
      let objects =
        [try DocumentChecks.json(current.stdout)]
        + (try DocumentChecks.geoJSONSequence(watch.stdout))
      let devices = Self.strings("device", in: objects)
      #expect(devices.count == 3 && devices.allSatisfy { $0 == files.capture }, "\(devices)")
    case "csv":
      for result in [current, watch] {
        let rows = Self.csvRows(result.stdout)
        let column = try #require(rows.first?.firstIndex(of: "device"))
        #expect(rows.dropFirst().allSatisfy { $0[column] == Self.shown(files.capture) })
      }
    default: break
    }
  }

  @Test("stderr: an error naming a hostile path shows it")
  func errorLine() throws {
    let files = try Files()
    let missing = files.directory + "/gone" + Self.pathPart
    let result = try CLI.run(["current", "--input", missing])
    #expect(result.status == 66, "\(result)")
    #expect(Self.unsafeBytes(Data(result.stderr.utf8)) == [], "\(result.stderr)")
    #expect(result.stderr.contains(Self.shown(missing) + ": no such file"))
  }

  @Test("devices: a device's path, in text and JSON")
  func devicesPath() throws {
    let files = try Files()
    let simulator = try Simulator()
    defer { simulator.stop() }
    let link = files.directory + "/gps" + Self.pathPart
    #expect(symlink(simulator.path, link) == 0)
    let text = try CLI.run(["devices", "--device", link])
    #expect(text.status == 0, "\(text)")
    #expect(Self.unsafeBytes(text.stdoutData) == [], "\(text.stdout)")
    #expect(text.stdout.hasPrefix(Self.shown(link) + "  "), "\(text)")
    let json = try CLI.run(["devices", "--device", link, "--json"])
    #expect(json.status == 0, "\(json)")
    #expect(Self.unsafeBytes(json.stdoutData) == [], "\(json.stdout)")
    #expect(Self.strings("path", in: try DocumentChecks.jsonLines(json.stdout)) == [link])
  }

  @Test("serve: gpsd's DEVICE and TPV objects name a hostile path exactly, escaped")
  func servedPath() throws {
    let files = try Files()
    let served = try Served(["--input", files.capture])
    defer { _ = try? served.stop() }
    let result = try served.client("/usr/bin/gpspipe", ["-w", "-n", "8", served.address])
    #expect(result.status == 0, "\(result)")
    // gpsd's line ends are CR LF.
    let stdout = result.stdoutData.filter { $0 != 0x0D }
    #expect(Self.unsafeBytes(Data(stdout)) == [], "\(result.stdout)")
    let objects = try DocumentChecks.jsonLines(result.stdout)
    let paths = Self.strings("path", in: objects) + Self.strings("device", in: objects)
    #expect(paths.count >= 3 && paths.allSatisfy { $0 == files.capture }, "\(paths)")
  }
}
