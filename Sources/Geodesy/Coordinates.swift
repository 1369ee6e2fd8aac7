// CONTRACT STUB — the geodesy work implements parsing and formatting, keeping these signatures.

/// A point on the WGS-84 ellipsoid, degrees.
public struct GeoPoint: Sendable, Hashable {
  /// Degrees north, −90…90.
  public var latitude: Double
  /// Degrees east, −180…180.
  public var longitude: Double

  /// Makes a point.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// The one error type of the Geodesy module: input that is not a coordinate.
public struct GeodesyError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text that was refused, quoted in the message.
  public var input: String
  /// Why (`latitude 91 is beyond ±90°`).
  public var reason: String

  /// Makes an error.
  public init(input: String, reason: String) {
    self.input = input
    self.reason = reason
  }

  /// `"91,0": latitude 91 is beyond ±90°`.
  public var description: String { "\"\(input)\": \(reason)" }
}

/// How to write a coordinate.
public enum CoordinateStyle: Sendable, Hashable {
  /// Signed decimal degrees with `places` decimals (`48.117300`).
  case decimal(places: Int)
  /// Degrees, minutes, seconds with `places` decimals of seconds and a hemisphere letter
  /// (`48°07′02.28″N`).
  case dms(places: Int)
}

/// Parses and formats coordinates.
public enum Coordinates {
  /// Parses `LAT,LON` or `LAT LON`, each decimal (signed or with N/S/E/W) or
  /// degrees-minutes(-seconds) with `°′″`, `d m s`, `'`/`"` or `:`.
  public static func parsePoint(_ text: String) throws(GeodesyError) -> GeoPoint {
    let parts = text.split(whereSeparator: { $0 == "," || $0 == " " })
    guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else {
      throw GeodesyError(input: text, reason: "expected LAT,LON")
    }
    return GeoPoint(latitude: lat, longitude: lon)
  }

  /// Parses one latitude (−90…90).
  public static func parseLatitude(_ text: String) throws(GeodesyError) -> Double {
    guard let value = Double(text) else {
      throw GeodesyError(input: text, reason: "not a latitude")
    }
    return value
  }

  /// Parses one longitude (−180…180).
  public static func parseLongitude(_ text: String) throws(GeodesyError) -> Double {
    guard let value = Double(text) else {
      throw GeodesyError(input: text, reason: "not a longitude")
    }
    return value
  }

  /// Formats a latitude (`N`/`S` in DMS style).
  public static func formatLatitude(_ value: Double, style: CoordinateStyle) -> String {
    "\(value)"
  }

  /// Formats a longitude (`E`/`W` in DMS style).
  public static func formatLongitude(_ value: Double, style: CoordinateStyle) -> String {
    "\(value)"
  }

  /// The 16-wind compass point of a bearing in degrees: `N`, `NNE`, `NE`, … `NNW`.
  public static func compassPoint(_ bearing: Double) -> String {
    let names = [
      "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW",
      "NW", "NNW",
    ]
    var b = bearing.truncatingRemainder(dividingBy: 360)
    if b < 0 { b += 360 }
    return names[Int((b / 22.5).rounded()) % 16]
  }
}
