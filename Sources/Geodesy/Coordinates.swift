// Parsing and formatting of coordinates, and compass points. The scanner is in
// CoordinateParser.swift, the writer in CoordinateFormatter.swift.

/// How to write a coordinate.
public enum CoordinateStyle: Sendable, Hashable {
  /// Signed decimal degrees with `places` decimals (`48.117300`), 0…15.
  case decimal(places: Int)
  /// Degrees, minutes, seconds with `places` decimals of seconds (0…9) and a hemisphere letter
  /// (`48°07′02.28″N`). Rounding carries: 59.999″ at 2 places is written as the next minute.
  case dms(places: Int)
}

/// Parses and formats coordinates.
public enum Coordinates {
  /// Parses `LAT,LON` or `LAT LON`, each decimal (signed or with N/S/E/W before or after) or
  /// degrees-minutes(-seconds) with `°′″`, `d m s`, `'`/`"` or `:` (`48°07′02.28″N 11°31′E`,
  /// `-33.8688, 151.2093`, `N48.1 E11.5`). With a comma, plain spaces may also separate
  /// degrees, minutes and seconds (`48 07 02.28 N, 11 31 00 E`). Letters put the coordinates
  /// in order (`11.5E 48.1N`). Latitude must be within ±90°, longitude within ±180°.
  public static func parsePoint(_ text: String) throws(GeodesyError) -> GeoPoint {
    var parser = CoordinateParser(text)
    if parser.atEnd() { throw parser.error("empty; expected LAT,LON") }
    let commas = text.unicodeScalars.count { $0 == "," }
    if commas > 1 {
      throw parser.error("has \(commas) commas; expected LAT,LON (with . for decimals)")
    }
    let first = try parser.coordinate(spaced: commas == 1)
    let sawComma = parser.comma()
    if !sawComma && !parser.atEnd() && !parser.startsCoordinate() { throw parser.unexpected() }
    if parser.atEnd() {
      throw parser.error(
        sawComma
          ? "nothing after the comma; expected LAT,LON" : "has one coordinate; expected LAT,LON")
    }
    let second = try parser.coordinate(spaced: commas == 1)
    try parser.expectEnd()

    var (latitude, longitude) = (first, second)
    switch (first.hemisphere?.isLatitude, second.hemisphere?.isLatitude) {
    case (true, true): throw parser.error("has two latitudes (N/S) and no longitude")
    case (false, false): throw parser.error("has two longitudes (E/W) and no latitude")
    case (false, _), (_, true): (latitude, longitude) = (second, first)
    default: break
    }
    return GeoPoint(
      latitude: try check(latitude, latitude: true, parser),
      longitude: try check(longitude, latitude: false, parser))
  }

  /// Parses one latitude (−90…90): decimal, signed or with N/S, or degrees-minutes(-seconds).
  public static func parseLatitude(_ text: String) throws(GeodesyError) -> Double {
    try parseOne(text, latitude: true)
  }

  /// Parses one longitude (−180…180): decimal, signed or with E/W, or degrees-minutes(-seconds).
  public static func parseLongitude(_ text: String) throws(GeodesyError) -> Double {
    try parseOne(text, latitude: false)
  }

  /// Formats a latitude (`N`/`S` in DMS style).
  public static func formatLatitude(_ value: Double, style: CoordinateStyle) -> String {
    CoordinateFormatter.format(value, positive: "N", negative: "S", style: style)
  }

  /// Formats a longitude (`E`/`W` in DMS style).
  public static func formatLongitude(_ value: Double, style: CoordinateStyle) -> String {
    CoordinateFormatter.format(value, positive: "E", negative: "W", style: style)
  }

  /// Formats a point as `LAT, LON` (`48.117300, 11.516700` or `48°07′02.28″N, 11°31′00.12″E`).
  public static func formatPoint(_ point: GeoPoint, style: CoordinateStyle) -> String {
    formatLatitude(point.latitude, style: style) + ", "
      + formatLongitude(point.longitude, style: style)
  }

  /// The 16-wind compass point of a bearing in degrees: `N`, `NNE`, `NE`, … `NNW`. Each point
  /// covers 22.5° centred on its direction; a bearing exactly on a boundary (11.25°, …) goes to
  /// the point clockwise of it. Any finite bearing works (−90 is `W`, 370 is `N`); NaN and
  /// infinities give an empty string.
  public static func compassPoint(_ bearing: Double) -> String {
    let names = [
      "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW",
      "NW", "NNW",
    ]
    guard bearing.isFinite else { return "" }
    var b = bearing.truncatingRemainder(dividingBy: 360)
    if b < 0 { b += 360 }
    return names[Int((b / 22.5).rounded(.toNearestOrAwayFromZero)) % 16]
  }

  /// One coordinate of a known axis, with nothing else in the text.
  private static func parseOne(_ text: String, latitude: Bool) throws(GeodesyError) -> Double {
    var parser = CoordinateParser(text)
    if parser.atEnd() {
      throw parser.error("empty; expected a \(latitude ? "latitude" : "longitude")")
    }
    let value = try parser.coordinate(spaced: true)
    try parser.expectEnd()
    return try check(value, latitude: latitude, parser)
  }

  /// The value of a coordinate whose axis is known: the right letters, within range.
  private static func check(_ c: ParsedCoordinate, latitude: Bool, _ parser: CoordinateParser)
    throws(GeodesyError) -> Double
  {
    let name = latitude ? "latitude" : "longitude"
    if let hemisphere = c.hemisphere, hemisphere.isLatitude != latitude {
      throw parser.error(
        "\(name) has hemisphere \(hemisphere.letter); expected \(latitude ? "N or S" : "E or W")")
    }
    let limit: Double = latitude ? 90 : 180
    guard abs(c.value) <= limit else {
      throw parser.error(
        "\(name) \(CoordinateParser.describe(c.value)) is beyond ±\(Int(limit))°")
    }
    return c.value
  }
}
